import PlingsDomain

/// Rules for text held as UTF-8 bytes (a name or an id as a snapshot stores
/// it), so a view can write it without making a string: the bytes go out as
/// they are exactly when a string made of them (`String(decoding:as:)`) would
/// have the same bytes.
///
/// Each rule that picks out bytes has a test of one byte and a test of eight
/// bytes at a time (a word, SWAR): a scan skips the words where the second finds
/// nothing and looks at the bytes of the others with the first.
/// `TextBytesTests` holds the two together on every byte value in every place of
/// a word.
package enum TextBytes {
    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no
    /// surrogates, no overlong forms, nothing above U+10FFFF, no sequence cut short), so
    /// that `String(decoding:as:)` keeps them as they are.
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            // Eight bytes at a time while they are ASCII (ids always, most names mostly).
            if i + 8 <= n, !hasNonASCII(word(base + i)) {
                i += 8
                continue
            }
            if base[i] < 0x80 {
                i += 1
                continue
            }
            guard let end = sequenceEnd(base, i, n) else { return false }
            i = end
        }
        return true
    }

    /// Where the character that starts at `i` with a byte of 0x80 or more ends (the index
    /// after it) when it is well-formed and whole before `n` (table 3-7); nil otherwise.
    @inline(__always)
    package static func sequenceEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        var (follow, low, high): (Int, UInt8, UInt8) = (0, 0x80, 0xBF)
        switch p[i] {
        case 0xC2...0xDF: follow = 1
        case 0xE0: (follow, low) = (2, 0xA0)
        case 0xED: (follow, high) = (2, 0x9F)
        case 0xE1...0xEF: follow = 2
        case 0xF0: (follow, low) = (3, 0x90)
        case 0xF4: (follow, high) = (3, 0x8F)
        case 0xF1...0xF3: follow = 3
        default: return nil
        }
        guard i + follow < n, p[i + 1] >= low, p[i + 1] <= high else { return nil }
        var k = 2
        while k <= follow {
            guard p[i + k] & 0xC0 == 0x80 else { return nil }
            k += 1
        }
        return i + follow + 1
    }

    /// Whether `Printable.quote` keeps the text whose UTF-8 is `bytes` as it is: at most
    /// `limit` bytes, only printable ASCII and the letters U+00C0–U+00FF (two bytes each, lead
    /// byte C3), as `Printable.isPlain` checks a string's bytes (`TextBytesTests` holds the two
    /// together on every byte and pair of bytes). Such bytes are well-formed UTF-8 too.
    package static func keptAsIs(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 120) -> Bool {
        guard bytes.count <= limit else { return false }
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var i = 0
        while i < n {
            // Eight bytes at a time while they are printable ASCII.
            if i + 8 <= n, !hasUnprintable(word(base + i)) {
                i += 8
                continue
            }
            let b = base[i]
            if b == 0xC3 {
                guard i + 1 < n, base[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
                continue
            }
            if isUnprintable(b) { return false }
            i += 1
        }
        return true
    }

    // MARK: - Bytes and words

    /// The eight bytes at `p`, the first in the lowest byte of the word.
    @inline(__always)
    package static func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `w` is 0x80 or more (not ASCII).
    @inline(__always)
    package static func hasNonASCII(_ w: UInt64) -> Bool { w & highs != 0 }

    /// Whether some byte of `w` is below `n` (at most 0x80): a byte below it borrows into its
    /// high bit when `n` is taken from each byte; only a byte that is itself below `n` starts a
    /// borrow, so the answer is exact for the word though not for each byte.
    @inline(__always)
    private static func hasBelow(_ w: UInt64, _ n: UInt8) -> Bool {
        (w &- ones &* UInt64(n)) & ~w & highs != 0
    }

    /// Whether some byte of `w` is `b`.
    @inline(__always)
    private static func has(_ w: UInt64, _ b: UInt8) -> Bool { hasBelow(w ^ (ones &* UInt64(b)), 1) }

    /// Whether `b` is not printable ASCII (a control, DEL, or not ASCII).
    @inline(__always)
    package static func isUnprintable(_ b: UInt8) -> Bool { b < 0x20 || b >= 0x7F }

    /// Whether some byte of `w` `isUnprintable`.
    @inline(__always)
    package static func hasUnprintable(_ w: UInt64) -> Bool {
        hasNonASCII(w) || hasBelow(w, 0x20) || has(w, 0x7F)
    }

    /// Whether a JSON string cannot hold `b` as it is: a control, the quote, the backslash
    /// (each escaped), or a byte of a longer character (checked to be well-formed).
    @inline(__always)
    package static func isJSONSpecial(_ b: UInt8) -> Bool { b < 0x20 || b == 0x22 || b == 0x5C || b >= 0x80 }

    /// Whether some byte of `w` `isJSONSpecial`.
    @inline(__always)
    package static func hasJSONSpecial(_ w: UInt64) -> Bool {
        hasNonASCII(w) || hasBelow(w, 0x20) || has(w, 0x22) || has(w, 0x5C)
    }
}
