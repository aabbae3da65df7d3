import PlingsLog
import PlingsTestSupport
import Testing

@Suite("SHA-256")
struct SHA256Tests {
    @Test(
        "NIST FIPS 180-4 example vectors",
        arguments: [
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
    func vectors(_ message: String, _ expected: String) {
        #expect(SHA256.hash(Array(message.utf8)).hex == expected)
    }

    @Test("one million 'a' (NIST long message), fed in uneven pieces")
    func million() {
        var h = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        var fed = 0
        var size = 1
        while fed < 1_000_000 {
            let n = min(size, 1_000_000 - fed)
            h.update(chunk[0..<min(n, 1000)])
            fed += min(n, 1000)
            size = size % 997 + 13
        }
        #expect(h.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
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

    @Test("digests print and parse as 64 lowercase hex digits")
    func hex() {
        let d = SHA256.hash(Array("abc".utf8))
        #expect(Digest(hex: d.hex) == d)
        #expect(Digest(hex: d.hex.uppercased()) == nil)
        #expect(Digest(hex: String(d.hex.dropLast())) == nil)
        #expect(Digest.zero.hex == String(repeating: "0", count: 64))
    }
}
