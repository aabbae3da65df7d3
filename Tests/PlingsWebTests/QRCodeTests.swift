import Foundation
import Testing

@testable import PlingsWeb

@Suite("QR code encoder")
struct QRCodeTests {
    @Test("format information equals the standard's table for every level and mask")
    func formatBits() {
        // ISO/IEC 18004 table C.1 (libqrencode's formatInfo), rows L, M, Q, H; masks 0–7.
        let table: [[Int]] = [
            [0x77c4, 0x72f3, 0x7daa, 0x789d, 0x662f, 0x6318, 0x6c41, 0x6976],
            [0x5412, 0x5125, 0x5e7c, 0x5b4b, 0x45f9, 0x40ce, 0x4f97, 0x4aa0],
            [0x355f, 0x3068, 0x3f31, 0x3a06, 0x24b4, 0x2183, 0x2eda, 0x2bed],
            [0x1689, 0x13be, 0x1ce7, 0x19d0, 0x0762, 0x0255, 0x0d0c, 0x083b],
        ]
        for level in QRLevel.allCases {
            for mask in 0..<8 { #expect(QRMatrix.formatBits(level, mask: mask) == table[level.rawValue][mask]) }
        }
    }

    @Test("version information of version 7 reads 0x07C94 in the upper-right block")
    func versionBits() throws {
        let code = try QRCode("x", minimumVersion: 7)
        #expect(code.version == 7 && code.size == 45)
        var bits = 0
        for i in 0..<18 where code.isDark(x: code.size - 11 + i % 3, y: i / 3) { bits |= 1 << i }
        #expect(bits == 0x07C94)
        var lower = 0
        for i in 0..<18 where code.isDark(x: i / 3, y: code.size - 11 + i % 3) { lower |= 1 << i }
        #expect(lower == 0x07C94)
    }

    @Test("Reed–Solomon gives the error correction of the standard's worked example (1-M, HELLO WORLD)")
    func reedSolomon() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let ecc = ReedSolomon.remainder(data[...], generator: ReedSolomon.generator(degree: 10))
        #expect(ecc == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("capacities: version 40 holds 2953, 2331, 1663 and 1273 bytes at L, M, Q, H")
    func capacities() throws {
        #expect(QRLevel.allCases.map { QRCode.capacity(level: $0) } == [2953, 2331, 1663, 1273])
        let full = [UInt8](repeating: 0x41, count: 2331)
        #expect(try QRCode(bytes: full).version == 40)
        #expect(throws: QRError.tooLong(bytes: 2332, capacity: 2331)) { try QRCode(bytes: full + [0x41]) }
        // 1-M holds 14 bytes, 2-M 26.
        #expect(try QRCode(bytes: [UInt8](repeating: 0x41, count: 14)).version == 1)
        #expect(try QRCode(bytes: [UInt8](repeating: 0x41, count: 15)).version == 2)
    }

    @Test("a 33-byte card URL needs version 3 (29×29) at level M")
    func cardURL() throws {
        let code = try QRCode("https://example.org/plings/o/yTvK")
        #expect(code.version == 3 && code.size == 29 && code.level == .medium)
        // The three finders' dark corners, and the dark module beside the lower-left one.
        for (x, y) in [(0, 0), (28, 0), (0, 28), (6, 6), (22, 6), (6, 22), (8, 21)] {
            #expect(code.isDark(x: x, y: y), "(\(x), \(y))")
        }
        for (x, y) in [(7, 7), (21, 7), (7, 21), (-1, 0), (29, 29)] { #expect(!code.isDark(x: x, y: y)) }
    }

    @Test("the SVG is one path of rectangles covering exactly the dark modules, inside a 4-module quiet zone")
    func svgCoversModules() throws {
        for text in ["https://example.org/plings/o/yTvK", String(repeating: "Z", count: 300)] {
            let code = try QRCode(text)
            let svg = code.svg(moduleSize: 0.5, unit: "mm").rendered
            let side = code.size + 8
            #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
            #expect(svg.contains("shape-rendering=\"crispEdges\""))
            #expect(svg.contains("width=\"\(Number.text(Double(side) * 0.5))mm\""))
            var painted = Set<Int>()
            for run in SVGPath.runs(code.pathData) {
                #expect(run.height == 1)
                for x in run.x..<run.x + run.width { #expect(painted.insert(run.y * side + x).inserted) }
            }
            var dark = Set<Int>()
            for y in 0..<code.size {
                for x in 0..<code.size where code.isDark(x: x, y: y) { dark.insert((y + 4) * side + x + 4) }
            }
            #expect(painted == dark)
        }
    }

    @Test("a forced mask is used and written in the format information")
    func forcedMask() throws {
        for mask in 0..<8 {
            let code = try QRCode("plings", mask: mask)
            #expect(code.mask == mask)
            var bits = 0
            for i in 0..<8 where code.isDark(x: code.size - 1 - i, y: 8) { bits |= 1 << i }
            for i in 8..<15 where code.isDark(x: 8, y: code.size - 15 + i) { bits |= 1 << i }
            #expect(bits == QRMatrix.formatBits(.medium, mask: mask))
        }
    }
}

/// Reads back the `M x,y h w v1 h-w z` runs `QRCode.pathData` writes.
enum SVGPath {
    struct Run: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    static func runs(_ d: String) -> [Run] {
        d.split(separator: "z").compactMap { part in
            let numbers = part.split(whereSeparator: { "Mhv,".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 5, numbers[4] == -numbers[2] else { return nil }
            return Run(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }
}
