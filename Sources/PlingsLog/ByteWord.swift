/// Eight bytes of a line at a time (SWAR: SIMD within a register), for the
/// scanner's common cases; every answer here is exact for the lowest byte
/// it flags, so a caller that stops there and takes the byte path from that
/// byte on applies the same rules as a byte-by-byte loop.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The 8 bytes at `at` as one little-endian word (byte `at` lowest).
    @inline(__always)
    static func load(_ base: UnsafePointer<UInt8>, _ at: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte below `bound` (at most 0x80): exact up to
    /// and including the lowest such byte (a borrow only runs upward).
    @inline(__always)
    static func below(_ x: UInt64, _ bound: UInt8) -> UInt64 {
        (x &- ones &* UInt64(bound)) & ~x & highs
    }

    /// The high bit of each byte equal to `byte` (exact up to the lowest).
    @inline(__always)
    static func equal(_ x: UInt64, _ byte: UInt8) -> UInt64 {
        below(x ^ (ones &* UInt64(byte)), 1)
    }

    /// The bytes a string scan must look at one by one: `"`, `\`, the
    /// controls below 0x20, and every byte of 0x80 and above (UTF-8 past ASCII).
    @inline(__always)
    static func stringSpecials(_ x: UInt64) -> UInt64 {
        equal(x, 0x22) | equal(x, 0x5C) | below(x, 0x20) | (x & highs)
    }

    /// The index (0–7) of the lowest byte flagged in a nonzero mask.
    @inline(__always)
    static func firstLane(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }

    /// The low `count` bytes of `x` (0–8), the rest zero.
    @inline(__always)
    static func low(_ x: UInt64, _ count: Int) -> UInt64 {
        count >= 8 ? x : x & ((1 << (8 * UInt64(count))) &- 1)
    }

    /// The bytes of a token of at most 8 bytes as one word (the rest zero):
    /// nil when longer or when fewer than 8 bytes can be read at its start
    /// within `p`.
    @inline(__always)
    static func token(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        guard range.count <= 8, range.lowerBound >= 0, range.lowerBound + 8 <= p.count, let base = p.baseAddress
        else { return nil }
        return low(load(base, range.lowerBound), range.count)
    }
}
