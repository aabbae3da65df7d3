/// A fast 64-bit checksum over bytes, for detecting damaged snapshot files
/// (not an integrity proof: the log's SHA-256 chain is that). Four lanes of
/// multiply-rotate mixing over 8-byte words, then a final avalanche.
package enum Checksum64 {
    static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let p3: UInt64 = 0x1656_67B1_9E37_79F9

    @inline(__always)
    static func round(_ acc: UInt64, _ word: UInt64) -> UInt64 {
        let a = acc &+ word &* p2
        return ((a << 31) | (a >> 33)) &* p1
    }

    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (p1 &+ p2, p2, 0, 0 &- p1)
        let n = bytes.count
        var i = 0
        while i + 32 <= n {
            lanes.0 = round(lanes.0, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            lanes.1 = round(lanes.1, bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            lanes.2 = round(lanes.2, bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
            lanes.3 = round(lanes.3, bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
            i += 32
        }
        var h =
            ((lanes.0 << 1) | (lanes.0 >> 63)) &+ ((lanes.1 << 7) | (lanes.1 >> 57))
            &+ ((lanes.2 << 12) | (lanes.2 >> 52)) &+ ((lanes.3 << 18) | (lanes.3 >> 46))
        h = h &+ UInt64(n)
        while i < n {
            h = (h ^ UInt64(bytes[i])) &* p3
            h = (h << 11) | (h >> 53)
            i += 1
        }
        h ^= h >> 33
        h = h &* p2
        h ^= h >> 29
        h = h &* p3
        return h ^ (h >> 32)
    }

    package static func of(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { of($0) } }
}
