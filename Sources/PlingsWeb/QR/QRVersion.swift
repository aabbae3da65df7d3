/// The shape of one QR code version (1–40): its size, its codeword capacity and how the
/// codewords split into Reed–Solomon blocks (ISO/IEC 18004, tables 1 and 9).
struct QRVersion: Sendable, Hashable {
    /// 1 to 40.
    let number: Int

    /// The smallest and the largest version.
    static let range = 1...40

    /// Modules per side: 21 for version 1, 4 more for each version after it.
    var size: Int { number * 4 + 17 }

    /// Bits the byte-mode character count takes: 8 up to version 9, 16 from version 10.
    var byteCountBits: Int { number <= 9 ? 8 : 16 }

    /// Modules that carry codewords (everything but the function patterns, format and version
    /// information), remainder bits included.
    var dataModules: Int {
        var result = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { result -= 36 }
        }
        return result
    }

    /// Codewords of the symbol, data and error correction together.
    var codewords: Int { dataModules / 8 }

    /// The number of Reed–Solomon blocks at `level`.
    func blocks(_ level: QRLevel) -> Int { Self.blockCounts[level.rawValue][number] }

    /// Error correction codewords in each block at `level`.
    func eccPerBlock(_ level: QRLevel) -> Int { Self.eccCodewords[level.rawValue][number] }

    /// Data codewords at `level`: the capacity left once error correction is taken.
    func dataCodewords(_ level: QRLevel) -> Int { codewords - blocks(level) * eccPerBlock(level) }

    /// The centre rows/columns of the alignment patterns (ISO/IEC 18004, annex E): none for
    /// version 1, then evenly spaced from column 6 to `size - 7`.
    var alignmentCentres: [Int] {
        guard number >= 2 else { return [] }
        let count = number / 7 + 2
        let step = (number * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var centres = [6]
        var position = size - 7
        while centres.count < count {
            centres.insert(position, at: 1)
            position -= step
        }
        return centres
    }

    // Index 0 is unused so that the tables read by version number.
    private static let eccCodewords: [[Int]] = [
        [
            0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    private static let blockCounts: [[Int]] = [
        [
            0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17,
            18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29,
            31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38,
            40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45,
            48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}
