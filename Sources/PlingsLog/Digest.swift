/// A 256-bit digest, compared and stored as four words.
public struct Digest: Sendable, Hashable, CustomStringConvertible {
    public var w0: UInt64
    public var w1: UInt64
    public var w2: UInt64
    public var w3: UInt64

    public init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        (self.w0, self.w1, self.w2, self.w3) = (w0, w1, w2, w3)
    }

    /// All zeros: the `prev` of the first line.
    public static let zero = Digest(0, 0, 0, 0)

    /// 64 lowercase hex digits.
    public var hex: String { String(decoding: hexBytes, as: UTF8.self) }

    public var description: String { hex }

    /// 64 lowercase hex digits as ASCII bytes.
    public var hexBytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        out.withUnsafeMutableBufferPointer { writeHex(into: $0.baseAddress.unsafelyUnwrapped) }
        return out
    }

    /// Writes the 64 hex digits at `p`.
    @inline(__always)
    public func writeHex(into p: UnsafeMutablePointer<UInt8>) {
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
    public init?(hexBytes p: UnsafeBufferPointer<UInt8>) {
        guard p.count == 64 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for w in 0..<4 {
            var v: UInt64 = 0
            for k in 0..<16 {
                let c = p[w * 16 + k]
                let n: UInt8
                if c >= 0x30 && c <= 0x39 {
                    n = c - 0x30
                } else if c >= 0x61 && c <= 0x66 {
                    n = c - 0x61 + 10
                } else {
                    return nil
                }
                v = v << 4 | UInt64(n)
            }
            switch w {
            case 0: words.0 = v
            case 1: words.1 = v
            case 2: words.2 = v
            default: words.3 = v
            }
        }
        self.init(words.0, words.1, words.2, words.3)
    }
}
