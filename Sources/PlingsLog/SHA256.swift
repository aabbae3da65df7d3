import CPlingsSHA

/// SHA-256 (FIPS 180-4), checked against the NIST vectors in the tests. Used
/// for the log's hash chain.
///
/// The compression function runs on the CPU's SHA instructions when it has
/// them (x86 SHA extensions, ARMv8 SHA-256), chosen once at first use, and in
/// plain Swift otherwise; both give the same digests.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var buffer: [UInt8]
    private var buffered = 0
    private var length: UInt64 = 0
    private let implementation: Implementation

    /// A hasher with nothing fed yet, on the fastest implementation here.
    package init() { self.init(implementation: .active) }

    /// A hasher on `implementation`, or on the portable one when this CPU
    /// cannot run `implementation`.
    package init(implementation: Implementation) {
        buffer = [UInt8](repeating: 0, count: 64)
        self.implementation = implementation.runnable
    }

    private init(noBuffer implementation: Implementation) {
        buffer = []
        self.implementation = implementation
    }

    /// The digest of `bytes` in one call.
    package static func hash<C: Collection>(_ bytes: C) -> Digest where C.Element == UInt8 {
        hash(bytes, implementation: .active)
    }

    /// The digest of `bytes` in one call, computed by `implementation` (or by
    /// the portable one when this CPU cannot run `implementation`).
    package static func hash<C: Collection>(_ bytes: C, implementation: Implementation) -> Digest
    where C.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({
            hash(UnsafeRawBufferPointer($0), implementation: implementation)
        }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { hash($0, implementation: implementation) }
    }

    /// The digest of the bytes in `pointer`, in one pass and without
    /// allocating.
    package static func hash(_ pointer: UnsafeRawBufferPointer) -> Digest {
        hash(pointer, implementation: .active)
    }

    /// The digest of the bytes in `pointer`, computed by `implementation` (or
    /// by the portable one when this CPU cannot run `implementation`).
    package static func hash(_ pointer: UnsafeRawBufferPointer, implementation: Implementation) -> Digest {
        guard implementation.runnable == .accelerated else { return portableHash(pointer) }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { out in
            plings_sha256_hash(pointer.baseAddress, pointer.count, out.bindMemory(to: UInt8.self).baseAddress)
        }
        return Digest(
            UInt64(bigEndian: words.0), UInt64(bigEndian: words.1), UInt64(bigEndian: words.2),
            UInt64(bigEndian: words.3))
    }

    /// The digests of two buffers at once: the same as two `hash(_:)` calls;
    /// with the x86 SHA instructions the two are computed interleaved, which
    /// keeps the instructions busy while each waits on its own result.
    package static func hash2(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> (Digest, Digest) {
        guard Implementation.active == .accelerated else { return (portableHash(a), portableHash(b)) }
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { out in
            let digests = out.bindMemory(to: UInt8.self).baseAddress
            plings_sha256_hash2(a.baseAddress, a.count, b.baseAddress, b.count, digests, digests.map { $0 + 32 })
        }
        return (
            Digest(
                UInt64(bigEndian: words.0), UInt64(bigEndian: words.1), UInt64(bigEndian: words.2),
                UInt64(bigEndian: words.3)),
            Digest(
                UInt64(bigEndian: words.4), UInt64(bigEndian: words.5), UInt64(bigEndian: words.6),
                UInt64(bigEndian: words.7))
        )
    }

    /// The portable one-shot digest: whole blocks are compressed straight from
    /// the input and the padded tail from a small stack buffer.
    private static func portableHash(_ pointer: UnsafeRawBufferPointer) -> Digest {
        var h = SHA256(noBuffer: .portable)
        let n = pointer.count
        let whole = n / 64 * 64
        if whole > 0, let base = pointer.baseAddress {
            h.compress(base, blocks: whole / 64)
        }
        return withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            let rest = n - whole
            // A temporary allocation of 128 bytes always has an address.
            guard let tailBase = tail.baseAddress else { return h.digest }
            if rest > 0, let base = pointer.baseAddress {
                tailBase.copyMemory(from: base + whole, byteCount: rest)
            }
            tail[rest] = 0x80
            let blocks = rest + 1 + 8 <= 64 ? 1 : 2
            for k in (rest + 1)..<(blocks * 64 - 8) { tail[k] = 0 }
            let bits = UInt64(n) &* 8
            for k in 0..<8 { tail[blocks * 64 - 1 - k] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(k))) }
            h.compress(UnsafeRawPointer(tailBase), blocks: blocks)
            return h.digest
        }
    }

    private var digest: Digest {
        let s = state
        return Digest(
            UInt64(s.0) << 32 | UInt64(s.1), UInt64(s.2) << 32 | UInt64(s.3),
            UInt64(s.4) << 32 | UInt64(s.5), UInt64(s.6) << 32 | UInt64(s.7))
    }

    /// Feeds more bytes.
    package mutating func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if let done = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        let copy = Array(bytes)
        copy.withUnsafeBytes { update($0) }
    }

    /// Feeds the bytes in `input`.
    package mutating func update(_ input: UnsafeRawBufferPointer) {
        length &+= UInt64(input.count)
        var offset = 0
        if buffered > 0 {
            let take = min(64 - buffered, input.count)
            for k in 0..<take { buffer[buffered + k] = input[k] }
            buffered += take
            offset = take
            if buffered < 64 { return }
            let block = buffer
            block.withUnsafeBytes { raw in
                if let base = raw.baseAddress { compress(base, blocks: 1) }
            }
            buffered = 0
        }
        guard let base = input.baseAddress else { return }
        let blocks = (input.count - offset) / 64
        if blocks > 0 {
            compress(base + offset, blocks: blocks)
            offset += blocks * 64
        }
        let rest = input.count - offset
        for k in 0..<rest { buffer[k] = input[offset + k] }
        buffered = rest
    }

    /// Pads, processes the last block(s) and returns the digest.
    package mutating func finalize() -> Digest {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        let padding = (buffered + 1 <= 56) ? 56 - (buffered + 1) : 120 - (buffered + 1)
        tail.append(contentsOf: repeatElement(0, count: padding))
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let savedLength = length
        tail.withUnsafeBytes { update($0) }
        length = savedLength
        return digest
    }

    /// Compresses `blocks` whole 64-byte blocks at `data` into the state.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        switch implementation {
        case .accelerated:
            withUnsafeMutablePointer(to: &state) {
                $0.withMemoryRebound(to: UInt32.self, capacity: 8) { plings_sha256_blocks($0, data, blocks) }
            }
        case .portable:
            for k in 0..<blocks { compress(data + 64 * k) }
        }
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 &- n)) }

    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for t in 0..<16 {
                let b = block + t * 4
                w[t] =
                    UInt32(b.load(as: UInt8.self)) << 24 | UInt32(b.load(fromByteOffset: 1, as: UInt8.self)) << 16
                    | UInt32(b.load(fromByteOffset: 2, as: UInt8.self)) << 8
                    | UInt32(b.load(fromByteOffset: 3, as: UInt8.self))
            }
            for t in 16..<64 {
                let x = w[t - 15]
                let y = w[t - 2]
                let s0 = Self.rotr(x, 7) ^ Self.rotr(x, 18) ^ (x >> 3)
                let s1 = Self.rotr(y, 17) ^ Self.rotr(y, 19) ^ (y >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            // Eight rounds per step with the roles of the variables rotated
            // instead of moved, as the standard unrolled form does.
            @inline(__always) func round(
                _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
                _ h: inout UInt32, _ kw: UInt32
            ) {
                let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                let t1 = h &+ s1 &+ ((e & f) ^ (~e & g)) &+ kw
                let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                d = d &+ t1
                h = t1 &+ s0 &+ ((a & b) ^ (a & c) ^ (b & c))
            }
            sha256RoundConstants.withUnsafeBufferPointer { k in
                var t = 0
                while t < 64 {
                    round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                    round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                    round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                    round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                    round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                    round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                    round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                    round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                    t += 8
                }
            }
            state.0 &+= a
            state.1 &+= b
            state.2 &+= c
            state.3 &+= d
            state.4 &+= e
            state.5 &+= f
            state.6 &+= g
            state.7 &+= h
        }
    }
}

/// The 64 round constants (the first 32 bits of the fractional parts of the
/// cube roots of the first 64 primes).
let sha256RoundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]
