/// The codeword sequence of a symbol: the byte-mode segment, its terminator and padding,
/// split into blocks, each with its error correction, interleaved (ISO/IEC 18004, 7.4–7.6).
enum QRCodewords {
    /// The bits a byte-mode segment of `count` bytes takes in `version`.
    static func segmentBits(count: Int, version: QRVersion) -> Int { 4 + version.byteCountBits + 8 * count }

    /// Whether `count` bytes fit `version` at `level` in byte mode.
    static func fits(count: Int, version: QRVersion, level: QRLevel) -> Bool {
        count < (1 << version.byteCountBits)
            && segmentBits(count: count, version: version) <= version.dataCodewords(level) * 8
    }

    /// The data codewords: mode 0100, the count, the bytes, a terminator of up to four zero
    /// bits, zero bits to a byte boundary, then 0xEC 0x11 alternately to the capacity.
    static func data(_ bytes: [UInt8], version: QRVersion, level: QRLevel) -> [UInt8] {
        let capacity = version.dataCodewords(level) * 8
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version.byteCountBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var pad = 0xEC
        while bits.count < capacity {
            bits.append(pad, count: 8)
            pad ^= 0xEC ^ 0x11
        }
        return bits.bytes
    }

    /// Data and error correction codewords in the order they are placed: the data split into
    /// blocks (the shorter blocks first), each block's error correction computed, then both
    /// interleaved column by column.
    static func interleaved(_ data: [UInt8], version: QRVersion, level: QRLevel) -> [UInt8] {
        let blockCount = version.blocks(level)
        let ecc = version.eccPerBlock(level)
        let shortBlocks = blockCount - version.codewords % blockCount
        let shortData = version.codewords / blockCount - ecc
        let generator = ReedSolomon.generator(degree: ecc)
        var blocks: [ArraySlice<UInt8>] = []
        var corrections: [[UInt8]] = []
        var start = 0
        for i in 0..<blockCount {
            let length = shortData + (i < shortBlocks ? 0 : 1)
            let block = data[start..<start + length]
            blocks.append(block)
            corrections.append(ReedSolomon.remainder(block, generator: generator))
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(version.codewords)
        for column in 0...shortData {
            for block in blocks where column < block.count { result.append(block[block.startIndex + column]) }
        }
        for column in 0..<ecc {
            for correction in corrections { result.append(correction[column]) }
        }
        return result
    }
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    /// Appends the low `count` bits of `value`, most significant first.
    mutating func append(_ value: Int, count bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8)) }
            count += 1
        }
    }
}
