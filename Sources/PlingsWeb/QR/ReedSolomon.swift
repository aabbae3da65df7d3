/// Reed–Solomon error correction over GF(256) with the QR code polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰ … αⁿ⁻¹ (ISO/IEC 18004, 7.5.2).
enum ReedSolomon {
    /// αⁱ for i in 0..<255 (and a second period, so a sum of two logs needs no modulo).
    private static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for i in 255..<512 { table[i] = table[i - 255] }
        return table
    }()

    /// log_α(v) for v in 1...255 (index 0 unused).
    private static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = i }
        return table
    }()

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }

    /// The generator polynomial of `degree`, highest power first, without its leading 1.
    static func generator(degree: Int) -> [UInt8] {
        var poly = [UInt8](repeating: 0, count: degree)
        poly[degree - 1] = 1
        // Multiply (x - α⁰)(x - α¹)… one root at a time; the coefficients are kept without the leading term.
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                poly[j] = multiply(poly[j], root)
                if j + 1 < degree { poly[j] ^= poly[j + 1] }
            }
            root = multiply(root, 2)
        }
        return poly
    }

    /// The error correction codewords of `data`: the remainder of data·xⁿ divided by the generator.
    static func remainder(_ data: ArraySlice<UInt8>, generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for i in 0..<result.count { result[i] ^= multiply(generator[i], factor) }
        }
        return result
    }
}
