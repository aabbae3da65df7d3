import PlingsLog
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Both implementations; `.accelerated` runs as `.portable` on a CPU without SHA instructions.
private let implementations: [SHA256.Implementation] = [.accelerated, .portable]

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "NIST FIPS 180-4 example vectors, one call and fed byte by byte, on both implementations",
        arguments: implementations,
        [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(_ implementation: SHA256.Implementation, _ vector: (message: String, digest: String)) {
        let bytes = Array(vector.message.utf8)
        #expect(SHA256.hash(bytes, implementation: implementation).hex == vector.digest)
        var h = SHA256(implementation: implementation)
        for b in bytes { h.update([b]) }
        #expect(h.finalize().hex == vector.digest)
    }

    @Test("one million 'a' (NIST long message), in one call and fed in uneven pieces", arguments: implementations)
    func million(_ implementation: SHA256.Implementation) {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256.hash([UInt8](repeating: 0x61, count: 1_000_000), implementation: implementation).hex == expected)
        var h = SHA256(implementation: implementation)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        var fed = 0
        var size = 1
        while fed < 1_000_000 {
            let n = min(size, 1000, 1_000_000 - fed)
            h.update(chunk[0..<n])
            fed += n
            size = size % 997 + 13
        }
        #expect(h.finalize().hex == expected)
    }

    @Test("lengths around the 55/56/64-byte padding edges agree between one call and byte-by-byte")
    func paddingEdges() {
        for length in 50...130 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var h = SHA256()
            for b in bytes { h.update([b]) }
            #expect(h.finalize() == SHA256.hash(bytes), "length \(length)")
        }
        // Known vectors for the 55- and 56-byte boundary.
        #expect(
            SHA256.hash(Array(String(repeating: "a", count: 55).utf8)).hex
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(
            SHA256.hash(Array(String(repeating: "a", count: 56).utf8)).hex
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    @Test("seeded random inputs of every length 0...2000 at all 64 alignments hash alike on both implementations")
    func differential() {
        let seed: UInt64 = 0x5348_4132_3536
        var rng = SplitMix64(seed: seed)
        let pool = (0..<(2000 + 64)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        pool.withUnsafeBytes { all in
            for length in 0...2000 {
                let offset = length % 64
                let input = UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)])
                let portable = SHA256.hash(input, implementation: .portable)
                #expect(
                    SHA256.hash(input, implementation: .accelerated) == portable,
                    "seed \(seed), length \(length), offset \(offset)")
                var h = SHA256(implementation: .accelerated)
                var fed = 0
                while fed < length {
                    let n = min(length - fed, Int.random(in: 0...150, using: &rng))
                    h.update(UnsafeRawBufferPointer(rebasing: input[fed..<(fed + n)]))
                    fed += n
                }
                #expect(h.finalize() == portable, "seed \(seed), streamed, length \(length), offset \(offset)")
            }
        }
    }

    @Test("two inputs hashed together give each one's own digest, for every pair of lengths around the block edges")
    func pairs() {
        let seed: UInt64 = 0x4841_5348_32
        var rng = SplitMix64(seed: seed)
        let pool = (0..<700).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 200, 230, 300, 600]
        pool.withUnsafeBytes { all in
            for la in lengths {
                for lb in lengths {
                    let a = UnsafeRawBufferPointer(rebasing: all[0..<la])
                    let b = UnsafeRawBufferPointer(rebasing: all[(la % 7)..<(la % 7 + lb)])
                    let (ha, hb) = SHA256.hash2(a, b)
                    #expect(ha == SHA256.hash(a, implementation: .portable), "seed \(seed), lengths \(la), \(lb)")
                    #expect(hb == SHA256.hash(b, implementation: .portable), "seed \(seed), lengths \(la), \(lb)")
                }
            }
        }
    }

    @Test("the active implementation is the fastest this CPU can run, and says which it is")
    func active() {
        let active = SHA256.Implementation.active
        print("SHA-256 implementation: \(active)")
        #expect(SHA256.Implementation.available.first == active)
        #expect(SHA256.Implementation.available.last == .portable)
        #if arch(x86_64) && os(Linux)
            // The kernel's view of the CPU, independent of our cpuid check.
            if let file = fopen("/proc/cpuinfo", "r") {
                defer { fclose(file) }
                var text: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4096)
                while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { text += chunk[0..<n] }
                let hasSHA = String(decoding: text, as: UTF8.self).contains(" sha_ni")
                #expect(hasSHA == (active == .accelerated), "/proc/cpuinfo sha_ni \(hasSHA), active \(active)")
            }
        #endif
    }

    @Test("digests print and parse as 64 lowercase hex digits")
    func hex() {
        let d = SHA256.hash(Array("abc".utf8))
        #expect(Digest(hex: d.hex) == d)
        #expect(d.description == d.hex)
        #expect(d.hexBytes == Array(d.hex.utf8))
        #expect(Digest(hex: d.hex.uppercased()) == nil)
        #expect(Digest(hex: String(d.hex.dropLast())) == nil)
        #expect(Digest.zero.hex == String(repeating: "0", count: 64))
    }

    @Test("the hex parse accepts exactly 0-9 and a-f, whatever the byte and its position")
    func hexEveryByte() {
        let d = SHA256.hash(Array("abc".utf8))
        let valid = Set(Array("0123456789abcdef".utf8))
        for position in [0, 7, 8, 15, 16, 31, 40, 63] {
            for byte in UInt8.min...UInt8.max {
                var bytes = d.hexBytes
                bytes[position] = byte
                let parsed = bytes.withUnsafeBufferPointer { Digest(hexBytes: $0) }
                #expect((parsed != nil) == valid.contains(byte), "byte \(byte) at \(position)")
                if let parsed { #expect(parsed.hexBytes == bytes) }
            }
        }
    }
}
