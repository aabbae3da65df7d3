/// Folds text for search: lowercase, without diacritics (`Köksbordet` →
/// `koksbordet`, `Æ` → `ae`), as UTF-8 bytes. Pure Swift, no Foundation: a
/// table covers Latin-1 and Latin Extended-A/B; other scripts are lowercased.
package enum TextFold {
    /// The folded UTF-8 bytes of `text`.
    package static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        fold(text, into: &out)
        return out
    }

    /// Appends the folded UTF-8 bytes of `text` to `out`.
    package static func fold(_ text: String, into out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                let b = UInt8(v)
                out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
            } else if v >= 0xC0 && v < 0x250, !latin[Int(v - 0xC0)].isEmpty {
                out.append(contentsOf: latin[Int(v - 0xC0)].utf8)
            } else if (0x300..<0x370).contains(v) {
                continue  // a combining diacritic (decomposed input): dropped
            } else {
                out.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
    }

    /// Appends the folded bytes of the UTF-8 `bytes` to `out`, as `fold`
    /// folds them decoded (see `fold(utf8:into:at:)`).
    package static func fold(utf8 bytes: some Collection<UInt8>, into out: inout [UInt8]) {
        let end = fold(utf8: bytes, into: &out, at: out.count)
        out.removeLast(out.count - end)
    }

    /// Writes the folded bytes of the UTF-8 `bytes` into `out` from `start`
    /// on (`out` grown when short; what it holds past them left as it was)
    /// and returns where they end: the same bytes as `fold` of the decoded
    /// text. ASCII, the Latin letters of `latin` and the combining
    /// diacritics are folded straight from the bytes; anything else (another
    /// letter, a longer sequence, bytes that are not UTF-8) through `fold`.
    package static func fold(utf8 bytes: some Collection<UInt8>, into out: inout [UInt8], at start: Int) -> Int {
        // Every folding done here is no longer than what it folds.
        if out.count < start + bytes.count {
            out.append(contentsOf: repeatElement(0, count: start + bytes.count - out.count))
        }
        let table = latinUTF8
        let end = out.withUnsafeMutableBufferPointer { b -> Int? in
            var w = start
            var i = bytes.startIndex
            while i != bytes.endIndex {
                let c = bytes[i]
                i = bytes.index(after: i)
                if c < 0x80 {
                    b[w] = c &- 0x41 < 26 ? c | 0x20 : c
                    w += 1
                    continue
                }
                guard c >= 0xC3, c <= 0xCD, i != bytes.endIndex, bytes[i] & 0xC0 == 0x80 else { return nil }
                let v = Int(c & 0x1F) << 6 | Int(bytes[i] & 0x3F)
                i = bytes.index(after: i)
                if v >= 0x300 && v < 0x370 { continue }
                guard v >= 0xC0, v < 0x250, !table[v - 0xC0].isEmpty else { return nil }
                for f in table[v - 0xC0] {
                    b[w] = f
                    w += 1
                }
            }
            return w
        }
        if let end { return end }
        let folded = fold(String(decoding: bytes, as: UTF8.self))
        if out.count < start + folded.count {
            out.append(contentsOf: repeatElement(0, count: start + folded.count - out.count))
        }
        out.replaceSubrange(start..<(start + folded.count), with: folded)
        return start + folded.count
    }

    /// `latin` as UTF-8 bytes.
    static let latinUTF8 = latin.map { Array($0.utf8) }

    /// U+00C0 to U+024F, folded; empty where the letter has no plain Latin form.
    static let latin: [String] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // U+00C0
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",  // U+00D0
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // U+00E0
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",  // U+00F0
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",  // U+0100
        "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",  // U+0110
        "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",  // U+0120
        "i", "i", "", "", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "",  // U+0130
        "", "l", "l", "n", "n", "n", "n", "n", "n", "", "n", "n", "o", "o", "o", "o",  // U+0140
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",  // U+0150
        "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",  // U+0160
        "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",  // U+0170
        "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",  // U+0180
        "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",  // U+0190
        "o", "o", "", "", "", "", "", "", "", "", "", "", "", "", "", "u",  // U+01A0
        "u", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",  // U+01B0
        "", "", "", "", "", "", "", "", "", "", "", "", "", "a", "a", "i",  // U+01C0
        "i", "o", "o", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "", "a", "a",  // U+01D0
        "a", "a", "", "", "", "", "g", "g", "k", "k", "o", "o", "o", "o", "", "",  // U+01E0
        "j", "", "", "", "g", "g", "", "", "n", "n", "a", "a", "", "", "", "",  // U+01F0
        "a", "a", "a", "a", "e", "e", "e", "e", "i", "i", "i", "i", "o", "o", "o", "o",  // U+0200
        "r", "r", "r", "r", "u", "u", "u", "u", "s", "s", "t", "t", "", "", "h", "h",  // U+0210
        "", "", "", "", "", "", "a", "a", "e", "e", "o", "o", "o", "o", "o", "o",  // U+0220
        "o", "o", "y", "y", "", "", "", "", "", "", "", "", "", "", "", "",  // U+0230
        "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",  // U+0240
    ]
}
