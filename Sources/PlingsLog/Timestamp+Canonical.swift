import PlingsDomain

// The log's own time form read fast: a line's `at` is always the canonical
// 24 bytes, read here a word at a time with the domain's civil-date
// arithmetic. The general parser (any RFC 3339 offset) is the domain's
// `Timestamp(rfc3339:)`; `TimestampScanTests` holds this one to byte rules.
extension Timestamp {
    /// Parses exactly the canonical 24-byte form (as `rfc3339` writes it) from raw bytes, or returns nil.
    ///
    /// Eight bytes at a time: `YYYY-MM-`, `DDTHH:MM` and `:SS.mmmZ` are each
    /// one word whose punctuation is compared under a mask and whose other
    /// bytes must all be digits; adjacent digits are then paired by one
    /// multiply (no carry crosses a byte: a pair is at most 99).
    @inline(__always)
    package static func parseCanonical(_ p: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard p.count == 24, let base = p.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let w2 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
        // Punctuation: `-` at 4 and 7; `T` at 10 and `:` at 13; `:` at 16, `.` at 19 and `Z` at 23.
        let marks: (UInt64, UInt64, UInt64) = (0xFF00_00FF_0000_0000, 0x0000_FF00_00FF_0000, 0xFF00_0000_FF00_00FF)
        guard w0 & marks.0 == 0x2D00_002D_0000_0000, w1 & marks.1 == 0x0000_3A00_0054_0000,
            w2 & marks.2 == 0x5A00_0000_2E00_003A, let d0 = digitLanes(w0, ~marks.0),
            let d1 = digitLanes(w1, ~marks.1), let d2 = digitLanes(w2, ~marks.2)
        else { return nil }
        // Byte k of a pair word: digit k times ten plus digit k + 1.
        let (q0, q1, q2) = (d0 &* 10 &+ (d0 >> 8), d1 &* 10 &+ (d1 >> 8), d2 &* 10 &+ (d2 >> 8))
        @inline(__always) func lane(_ w: UInt64, _ k: UInt64) -> Int64 { Int64((w >> (8 * k)) & 0xFF) }
        let (y, mo, d) = (lane(q0, 0) * 100 + lane(q0, 2), lane(q0, 5), lane(q1, 0))
        let (h, mi, s, ms) = (lane(q1, 3), lane(q1, 6), lane(q2, 1), lane(q2, 4) * 10 + lane(d2, 6))
        guard (1...12).contains(mo), d >= 1, d <= daysIn(month: mo, year: y), h < 24, mi < 60, s < 60 else {
            return nil
        }
        return Timestamp(milliseconds: days(fromCivil: y, mo, d) * 86_400_000 + ((h * 60 + mi) * 60 + s) * 1000 + ms)
    }

    /// The digit values (0–9) of the bytes of `w` under `lanes` (the other
    /// bytes zero), or nil when any of those bytes is not `0`–`9`: a digit's
    /// high nibble is 3 and its low nibble plus 6 stays below 16.
    @inline(__always)
    static func digitLanes(_ w: UInt64, _ lanes: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = w & (ones &* 0x0F)
        guard w & (ones &* 0xF0) & lanes == (ones &* 0x30) & lanes, (low &+ ones &* 6) & (ones &* 0x10) & lanes == 0
        else { return nil }
        return low & lanes
    }
}
