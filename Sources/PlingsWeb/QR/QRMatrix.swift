/// A square of modules under construction: which are dark, and which belong to a function
/// pattern (finder, separator, timing, alignment, format or version information) and so
/// carry no data and are never masked.
struct QRMatrix: Sendable, Equatable {
    let size: Int
    private(set) var dark: [Bool]
    private(set) var isFunction: [Bool]

    /// An empty matrix for `version` with its function patterns drawn and the format
    /// information area reserved (drawn light until a mask is chosen).
    init(version: QRVersion) {
        size = version.size
        dark = [Bool](repeating: false, count: size * size)
        isFunction = dark
        for i in 0..<size {
            set(6, i, dark: i % 2 == 0)
            set(i, 6, dark: i % 2 == 0)
        }
        finder(3, 3)
        finder(size - 4, 3)
        finder(3, size - 4)
        let centres = version.alignmentCentres
        for (i, x) in centres.enumerated() {
            for (j, y) in centres.enumerated() {
                let last = centres.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                alignment(x, y)
            }
        }
        drawFormat(0)
        drawVersion(version.number)
    }

    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    private mutating func set(_ x: Int, _ y: Int, dark value: Bool) {
        dark[y * size + x] = value
        isFunction[y * size + x] = true
    }

    /// A finder pattern centred at (x, y) with its light separator, clipped at the edges.
    private mutating func finder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                let distance = max(abs(dx), abs(dy))
                set(x + dx, y + dy, dark: distance != 2 && distance != 4)
            }
        }
    }

    /// An alignment pattern centred at (x, y).
    private mutating func alignment(_ x: Int, _ y: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(x + dx, y + dy, dark: max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// Draws both copies of the format information: `bits` (15 bits, BCH-coded and masked),
    /// and the dark module beside the lower-left finder.
    mutating func drawFormat(_ bits: Int) {
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, dark: bit(i)) }
        set(8, 7, dark: bit(6))
        set(8, 8, dark: bit(7))
        set(7, 8, dark: bit(8))
        for i in 9..<15 { set(14 - i, 8, dark: bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, dark: bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, dark: bit(i)) }
        set(8, size - 8, dark: true)
    }

    /// Draws both copies of the version information (versions 7 and up): 6 bits of version
    /// and 12 of BCH code (generator 0x1F25), in 3×6 blocks beside two finders.
    private mutating func drawVersion(_ version: Int) {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for i in 0..<18 {
            let value = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3
            let b = i / 3
            set(a, b, dark: value)
            set(b, a, dark: value)
        }
    }

    /// Places `codewords` in the two-module-wide columns, zigzagging up and down from the
    /// lower right, skipping the vertical timing pattern and every function module; the
    /// remainder modules stay light.
    mutating func place(_ codewords: [UInt8]) {
        var i = 0
        let total = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isFunction[y * size + x] && i < total {
                    dark[y * size + x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                    i += 1
                }
            }
            right -= 2
        }
    }

    /// Flips every data module where mask `pattern` (0–7) is true.
    mutating func applyMask(_ pattern: Int) {
        let size = size
        isFunction.withUnsafeBufferPointer { function in
            dark.withUnsafeMutableBufferPointer { cells in
                var i = 0
                for y in 0..<size {
                    for x in 0..<size {
                        if !function[i] && QRMask.flips(pattern, x: x, y: y) { cells[i].toggle() }
                        i += 1
                    }
                }
            }
        }
    }

    /// The 15 format bits for `level` and mask `pattern`: 5 data bits, 10 bits of BCH code
    /// (generator 0x537), XOR 0x5412.
    static func formatBits(_ level: QRLevel, mask pattern: Int) -> Int {
        let data = level.formatBits << 3 | pattern
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }
}
