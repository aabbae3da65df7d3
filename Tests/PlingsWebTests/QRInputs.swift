import PlingsKit

@testable import PlingsWeb

/// The inputs the QR tests compare and decode: ids, URLs and texts at every version boundary.
enum QRInputs {
    /// Every character the id rule allows (ObjectID: A–Z a–z 0–9 - _ .).
    static let idAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")

    /// `count` random valid ids of 1 to 64 characters, from a seeded generator.
    static func randomIDs(_ count: Int, seed: UInt64 = 24) -> [String] {
        var random = SplitMix64(seed: seed)
        var ids: [String] = []
        while ids.count < count {
            let length = Int.random(in: 1...ObjectID.maxLength, using: &random)
            let id = String((0..<length).map { _ in idAlphabet[Int.random(in: 0..<idAlphabet.count, using: &random)] })
            if ObjectID.problem(with: id) == nil { ids.append(id) }
        }
        return ids
    }

    /// Each id character alone (those that make a valid id), and all of them in one id.
    static var everyIDCharacter: [String] {
        idAlphabet.map { String($0) }.filter { ObjectID.problem(with: $0) == nil } + [String(idAlphabet)]
    }

    /// Card URLs for ids of every length from 1 to 64: they cross the version 2, 3, 4 and 5
    /// boundaries at level M.
    static var cardURLs: [String] {
        (1...ObjectID.maxLength).map { length in
            "https://example.org/plings/o/" + String((0..<length).map { idAlphabet[($0 * 7 + length) % 62] })
        }
    }

    /// The most bytes `version` holds in byte mode at `level`.
    static func capacity(version: Int, level: QRLevel) -> Int {
        let shape = QRVersion(number: version)
        return min((shape.dataCodewords(level) * 8 - 4 - shape.byteCountBits) / 8, (1 << shape.byteCountBits) - 1)
    }

    /// A URL-like text of exactly `length` bytes.
    static func text(length: Int, seed: Int) -> String {
        let stem = Array("https://example.org/plings/o/")
        return String((0..<length).map { i in i < stem.count ? stem[i] : idAlphabet[(i * 31 + seed) % 62] })
    }
}
