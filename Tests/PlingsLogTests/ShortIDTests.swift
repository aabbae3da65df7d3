import PlingsKit
import PlingsTestSupport
import Testing

/// `ShortID.key` checks an id of up to 8 bytes as one word; it must agree
/// with `ObjectID.isValid` and `ObjectRegistry.key` on every id.
@Suite("Short ids checked a word at a time")
struct ShortIDTests {
    /// The word check's answer and the byte rules' answer for `id` (followed
    /// by a quote and more bytes, as in a line).
    static func expectAgreement(_ id: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let padded = id + Array("\",\"prev\":".utf8)
        padded.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            let bytes = UnsafeBufferPointer(start: base, count: id.count)
            let expected = ObjectID.isValid(bytes) && bytes.count <= 8 ? ObjectRegistry.key(bytes) : nil
            #expect(ShortID.key(base, count: id.count) == expected, "\(id)", sourceLocation: sourceLocation)
        }
    }

    @Test("every id of one or two bytes")
    func allShort() {
        Self.expectAgreement([])
        for a in UInt8.min...UInt8.max {
            Self.expectAgreement([a])
            for b in UInt8.min...UInt8.max { Self.expectAgreement([a, b]) }
        }
    }

    @Test("every byte at every position of ids of 3 to 8 bytes, and the root's name in any case")
    func everyByte() {
        var rng = SplitMix64(seed: 1203)
        let alphabet = Array("abcxyzABCXYZ0189-_.".utf8)
        for count in 3...8 {
            for _ in 0..<4 {
                let id = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
                for at in 0..<count {
                    for byte in UInt8.min...UInt8.max {
                        var changed = id
                        changed[at] = byte
                        Self.expectAgreement(changed)
                    }
                }
            }
        }
        for world in ["world", "World", "WORLD", "wOrLd", "worle", "xorld", "world1", "_world"] {
            Self.expectAgreement(Array(world.utf8))
        }
        Self.expectAgreement(Array("123456789".utf8))  // too long for a word: nil, the caller reads it
    }
}
