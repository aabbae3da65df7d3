/// A 256-bit digest, compared and stored as four words.
public struct Digest: Sendable, Hashable, CustomStringConvertible {
    package var w0: UInt64
    package var w1: UInt64
    package var w2: UInt64
    package var w3: UInt64

    @usableFromInline package init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    /// All zeros: the `prev` of the first line.
    public static let zero = Digest(0, 0, 0, 0)

    /// 64 lowercase hex digits.
    public var hex: String { String(decoding: hexBytes, as: UTF8.self) }

    public var description: String { hex }

    /// 64 lowercase hex digits as ASCII bytes.
    package var hexBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        out.withUnsafeMutableBufferPointer { p in
            if let base = p.baseAddress { writeHex(into: base) }
        }
        return out
    }

    /// Writes the 64 hex digits at `p`.
    @inline(__always)
    package func writeHex(into p: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func word(_ w: UInt64, _ at: Int) {
            for k in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: (w >> UInt64(60 - 4 * k)) & 0xF)
                p[at + k] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            }
        }
        word(w0, 0)
        word(w1, 16)
        word(w2, 32)
        word(w3, 48)
    }

    /// Parses exactly 64 lowercase hex digits.
    public init?(hex: String) {
        let bytes = Array(hex.utf8)
        guard let d = bytes.withUnsafeBufferPointer({ Digest(hexBytes: $0) }) else { return nil }
        self = d
    }

    /// Parses exactly 64 lowercase hex digits from raw bytes.
    @inlinable
    package init?(hexBytes p: UnsafeBufferPointer<UInt8>) {
        guard p.count == 64, let base = p.baseAddress else { return nil }
        var bad: UInt64 = 0
        let w0 = Self.hexWord(UnsafeRawPointer(base), &bad)
        let w1 = Self.hexWord(UnsafeRawPointer(base + 16), &bad)
        let w2 = Self.hexWord(UnsafeRawPointer(base + 32), &bad)
        let w3 = Self.hexWord(UnsafeRawPointer(base + 48), &bad)
        guard bad == 0 else { return nil }
        self.init(w0, w1, w2, w3)
    }

    /// 16 hex digits at `p` as one word; `bad` becomes nonzero unless every
    /// one of them is `0-9` or `a-f`.
    @usableFromInline @inline(__always)
    static func hexWord(_ p: UnsafeRawPointer, _ bad: inout UInt64) -> UInt64 {
        let high = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
        let low = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return UInt64(hexNibbles(high, &bad)) << 32 | UInt64(hexNibbles(low, &bad))
    }

    /// Eight hex digits (the first in the lowest byte of `x`) as 32 bits,
    /// without a branch per digit: each byte's value is its low four bits,
    /// plus 9 for a letter; the digits are valid exactly when every value is
    /// at most 15 and writing the values back as lowercase hex gives the same bytes.
    @usableFromInline @inline(__always)
    static func hexNibbles(_ x: UInt64, _ bad: inout UInt64) -> UInt32 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let n = (x & (ones &* 0x0F)) &+ ((x >> 6) & ones) &* 9
        let isLetter = ((n &+ ones &* 6) >> 4) & ones
        bad |= (n &+ ones &* 0x30 &+ isLetter &* 0x27) ^ x
        bad |= (n &+ ones &* 0x70) & (ones &* 0x80)  // a value over 15 ('g' to 'o')
        // Byte k holds the k-th digit; pair them, then gather the four bytes.
        let pairs = ((n & 0x0F00_0F00_0F00_0F00) >> 8) | ((n & 0x000F_000F_000F_000F) << 4)
        var u = pairs & 0x00FF_00FF_00FF_00FF
        u = (u | (u >> 8)) & 0x0000_FFFF_0000_FFFF
        u = (u | (u >> 16)) & 0x0000_0000_FFFF_FFFF
        return UInt32(truncatingIfNeeded: u).byteSwapped
    }
}
