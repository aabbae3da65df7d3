import PlingsDomain

/// Rules for text held as UTF-8 bytes (a name or an id as a snapshot stores
/// it), so a view can write it without making a string: the bytes go out as
/// they are exactly when a string made of them (`String(decoding:as:)`) would
/// have the same bytes.
package enum TextBytes {
    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no
    /// surrogates, no overlong forms, nothing above U+10FFFF, no sequence cut short), so
    /// that `String(decoding:as:)` keeps them as they are.
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var i = 0
        // Eight bytes at a time while they are ASCII (ids always, most names mostly).
        if let base = bytes.baseAddress {
            while i + 8 <= n,
                UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
            }
        }
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            var (follow, low, high): (Int, UInt8, UInt8) = (0, 0x80, 0xBF)
            switch b {
            case 0xC2...0xDF: follow = 1
            case 0xE0: (follow, low) = (2, 0xA0)
            case 0xED: (follow, high) = (2, 0x9F)
            case 0xE1...0xEF: follow = 2
            case 0xF0: (follow, low) = (3, 0x90)
            case 0xF4: (follow, high) = (3, 0x8F)
            case 0xF1...0xF3: follow = 3
            default: return false
            }
            guard i + follow < n, (low...high).contains(bytes[i + 1]) else { return false }
            for k in 2..<(follow + 1) where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += follow + 1
        }
        return true
    }

    /// Whether `Printable.quote` keeps the text whose UTF-8 is `bytes` as it is: at most
    /// `limit` bytes, only printable ASCII and the letters U+00C0–U+00FF (two bytes each, lead
    /// byte C3), as `Printable.isPlain` checks a string's bytes (`TextBytesTests` holds the two
    /// together on every byte and pair of bytes). Such bytes are well-formed UTF-8 too.
    package static func keptAsIs(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 120) -> Bool {
        guard bytes.count <= limit else { return false }
        var continuation = false
        for b in bytes {
            if continuation {
                guard b & 0xC0 == 0x80 else { return false }
                continuation = false
            } else if b == 0xC3 {
                continuation = true
            } else if b < 0x20 || b >= 0x7F {
                return false
            }
        }
        return !continuation
    }
}
