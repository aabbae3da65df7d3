import PlingsDomain

/// An id of 1 to 8 bytes checked as one word: the rules of
/// `ObjectID.isValid` (letters, digits, `-`, `_` and `.`; not starting with
/// `-`; not `world` in any case) on all its bytes at once, and its key in the
/// registry's table (`ObjectRegistry.key`: a short id's bytes, little-endian) from the same load.
package enum ShortID {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The key of the valid id of `count` bytes at `p`, or nil when it is not
    /// one or is longer than 8 bytes (then `ObjectID.isValid` decides). Reads
    /// 8 bytes at `p`: a caller's id is followed by at least its closing quote
    /// and the line's hash member.
    @inline(__always)
    package static func key(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64? {
        guard count >= 1, count <= 8 else { return nil }
        let word = ByteWord.load(p, 0)
        let mask = ByteWord.low(ones &* 0xFF, count)
        let x = word & mask
        // Only bytes below 0x80: then no lane's sum below carries into the next.
        guard x & highs == 0, x & 0xFF != 0x2D else { return nil }
        let lower = x | (ones &* 0x20)
        let good =
            (atLeast(x, 0x30) & atMost(x, 0x39)) | (atLeast(lower, 0x61) & atMost(lower, 0x7A)) | same(x, 0x2D)
            | same(x, 0x5F) | same(x, 0x2E)
        guard good & mask & highs == mask & highs else { return nil }
        // "world" in any case is the root's name, never an id.
        if count == 5 && lower & mask == 0x64_6c72_6f77 { return nil }
        return x
    }

    /// The high bit of each byte (below 0x80) that is at least `bound`.
    @inline(__always)
    private static func atLeast(_ x: UInt64, _ bound: UInt8) -> UInt64 {
        ((x | highs) &- ones &* UInt64(bound)) & highs
    }

    /// The high bit of each byte (below 0x80) that is at most `bound` (below 0x80).
    @inline(__always)
    private static func atMost(_ x: UInt64, _ bound: UInt8) -> UInt64 {
        ~(x &+ ones &* UInt64(0x7F - bound)) & highs
    }

    /// The high bit of each byte (below 0x80) equal to `byte` (below 0x80).
    @inline(__always)
    private static func same(_ x: UInt64, _ byte: UInt8) -> UInt64 {
        atMost(x ^ (ones &* UInt64(byte)), 0)
    }
}
