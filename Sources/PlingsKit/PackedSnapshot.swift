/// The published snapshot's packed form (pack format 1): a snapshot file
/// (the head snapshot's format, without its id table) made smaller to send,
/// read back byte for byte as it was before it was packed.
///
/// The file is a sealed header like the snapshot's own: magic `PLNGPACK`,
/// the pack version, the cursor of the line it was taken at (offset, seq,
/// time, hash), the lengths of the snapshot's header and body, the number of
/// 64 KiB blocks of the packed body and the checksum of their checksums, the
/// header's checksum, then each block's checksum. The packed body is the
/// snapshot's header as it is, then its body in parts: each part a run of
/// little-endian words of one width (a section's elements, or a piece of a
/// section: the exceptions' indices, a rising section's steps), stored in
/// whichever of these is smallest:
///
/// - as it is;
/// - each word as a zigzag varint, or each word's difference from the one before;
/// - each word less the smallest, in as many bits as the largest needs (or so the differences);
/// - for bytes: which byte values occur (a 256-bit map), then each byte as the
///   rank of its value among them, in as many bits as their count needs.
///
/// Every byte is checked twice over: the packed blocks against their
/// checksums before a byte is unpacked, then the snapshot unpacked from them
/// against its own header, section and block checksums as any snapshot is.
package enum PackedSnapshot {
    static let magic: [UInt8] = Array("PLNGPACK".utf8)
    /// Bumped whenever the packed layout changes (the snapshot inside has its own version).
    static let version: UInt32 = 1
    /// Where the header's checksum sits: magic, version, a spare word, the cursor, the two lengths, the block count
    /// and the checksum of the blocks' checksums.
    package static let checksumOffset = 8 + 4 + 4 + 8 * 8 + 2 * 8 + 2 * 8
    static let blockTableOffset = checksumOffset + 8

    /// Whether `bytes` are a packed snapshot (by their magic; whether they check out is another matter).
    package static func isPacked(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// `bytes` with the seal made right again (every block's checksum, the
    /// block table's and the header's), as a forger would: for the tests, which
    /// must reach the snapshot's own checks past the pack's.
    package static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        SealedHeader.resealed(bytes, checksumOffset: checksumOffset)
    }

    // MARK: - Packing

    /// The packed form of the snapshot whose encoded parts are `header` and
    /// `body` (`Snapshot.encodedParts`); nil when they are not a snapshot.
    package static func pack(header: [UInt8], body: [UInt8]) -> [UInt8]? {
        let whole = header + body
        guard let inner = whole.withUnsafeBytes({ SnapshotHeader.read(.memory($0)) }),
            inner.bodyStart == header.count
        else { return nil }
        var packed = header
        body.withUnsafeBytes { raw in
            var offset = 0
            for section in inner.sections {
                for part in parts(of: section, at: offset, in: raw) {
                    appendPart(UnsafeRawBufferPointer(rebasing: raw[part.range]), width: part.width, to: &packed)
                }
                offset += section.storedBytes
            }
        }
        var w = ByteWriter()
        w.bytes(magic)
        w.u32(version)
        w.u32(0)
        SealedHeader.write(inner.cursor, &w)
        w.u64(UInt64(header.count))
        w.u64(UInt64(body.count))
        return SealedHeader.sealed(w, blocks: SnapshotHeader.blockChecksums(of: packed)) + packed
    }

    /// A section's stored bytes cut into runs of words of one width, as its encoding lays them out.
    private static func parts(
        of section: SnapshotSection, at offset: Int, in raw: UnsafeRawBufferPointer
    ) -> [(range: Range<Int>, width: Int)] {
        let end = offset + section.storedBytes
        let n = section.count
        func whole(_ width: Int) -> [(range: Range<Int>, width: Int)] { [(offset..<end, width)] }
        switch section.encoding {
        case .full:
            guard n > 0, section.storedBytes % n == 0, [1, 2, 4, 8].contains(section.storedBytes / n) else {
                return whole(1)
            }
            return whole(section.storedBytes / n)
        case .fill: return whole(8)
        case .narrow: return whole(4)
        case .rising:
            guard n > 1, section.storedBytes == SnapshotSection.risingBytes(n) else { return whole(1) }
            return [(offset..<(offset + 8), 8), ((offset + 8)..<(offset + 7 + n), 1), ((offset + 7 + n)..<end, 8)]
        case .sparse:
            guard section.storedBytes >= 16 else { return whole(1) }
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            let exceptions = Int(truncatingIfNeeded: word)
            let indices = 4 * exceptions
            guard exceptions > 0, exceptions <= section.storedBytes, 16 + indices <= section.storedBytes else {
                return whole(8)
            }
            let valueBytes = section.storedBytes - 16 - indices
            let width = valueBytes % exceptions == 0 ? valueBytes / exceptions : 1
            return [
                (offset..<(offset + 16), 8), ((offset + 16)..<(offset + 16 + indices), 4),
                ((offset + 16 + indices)..<end, [1, 2, 4, 8].contains(width) ? width : 1),
            ]
        }
    }

    /// How a part is stored (see the type's note).
    enum Code: UInt8 {
        case raw = 0, varint = 1, deltaVarint = 2, offsetBits = 3, deltaOffsetBits = 4, byteRanks = 5
    }

    /// Appends one part: its code, word width, raw and packed lengths (varints), then its packed bytes.
    private static func appendPart(_ raw: UnsafeRawBufferPointer, width asked: Int, to out: inout [UInt8]) {
        let width = raw.count % asked == 0 ? asked : 1
        let words = Words(raw: raw, width: width)
        var best: (code: Code, size: Int) = (.raw, raw.count)
        func consider(_ code: Code, _ size: Int?) {
            if let size, size < best.size { best = (code, size) }
        }
        consider(.varint, words.varintSize(delta: false))
        consider(.deltaVarint, words.varintSize(delta: true))
        consider(.offsetBits, words.offsetBitsSize(delta: false))
        consider(.deltaOffsetBits, words.offsetBitsSize(delta: true))
        if width == 1 { consider(.byteRanks, words.byteRanksSize()) }
        out.append(best.code.rawValue)
        out.append(UInt8(width))
        Varint.append(UInt64(raw.count), to: &out)
        Varint.append(UInt64(best.size), to: &out)
        let start = out.count
        switch best.code {
        case .raw: out.append(contentsOf: raw)
        case .varint: words.appendVarints(delta: false, to: &out)
        case .deltaVarint: words.appendVarints(delta: true, to: &out)
        case .offsetBits: words.appendOffsetBits(delta: false, to: &out)
        case .deltaOffsetBits: words.appendOffsetBits(delta: true, to: &out)
        case .byteRanks: words.appendByteRanks(to: &out)
        }
        assert(out.count - start == best.size)
    }

    // MARK: - Reading

    /// The header of a packed snapshot, checked: its checksum, magic and
    /// version, and that its block count fits the bytes there are.
    struct Header {
        var cursor: LogCursor
        var innerHeaderLength: Int
        var innerBodyLength: Int
        var blockCount: Int
        var blockTableChecksum: UInt64
        var bodyStart: Int { PackedSnapshot.blockTableOffset + 8 * blockCount }

        static func read(_ source: SnapshotSource) -> Header? {
            guard let bytes = SealedHeader.checked(source, length: checksumOffset) else { return nil }
            return bytes.withUnsafeBytes { raw -> Header? in
                var r = ByteReader(bytes: raw, end: checksumOffset)
                guard r.bytes(8) == magic, r.u32() == version, r.u32() == 0, let cursor = SealedHeader.cursor(&r),
                    let headerLength = r.u64(), let bodyLength = r.u64(), let blockWord = r.u64(),
                    let blockSum = r.u64(), blockWord <= UInt64(source.size / 8)
                else { return nil }
                let header = Header(
                    cursor: cursor, innerHeaderLength: 0, innerBodyLength: 0, blockCount: Int(blockWord),
                    blockTableChecksum: blockSum)
                let packedBody = source.size - header.bodyStart
                // The snapshot's header is stored as it is; its body is bounded by its block table, which is stored too.
                guard header.bodyStart <= source.size, header.blockCount == SnapshotHeader.blocks(ofBody: packedBody),
                    headerLength <= UInt64(packedBody), bodyLength <= UInt64(packedBody) * 8192
                else { return nil }
                return Header(
                    cursor: cursor, innerHeaderLength: Int(headerLength), innerBodyLength: Int(bodyLength),
                    blockCount: Int(blockWord), blockTableChecksum: blockSum)
            }
        }

        /// Whether every packed block matches its checksum.
        func blocksCheck(_ raw: UnsafeRawBufferPointer) -> Bool {
            guard
                let stored = SealedHeader.blockChecksums(
                    .memory(raw), at: PackedSnapshot.blockTableOffset, count: blockCount, checksum: blockTableChecksum)
            else { return false }
            return SnapshotHeader.blockChecksums(of: UnsafeRawBufferPointer(rebasing: raw[bodyStart...])) == stored
        }
    }

    /// The cursor a packed snapshot was taken at, when its header and every
    /// packed block check out (nothing is unpacked); nil otherwise.
    static func intactCursor(_ raw: UnsafeRawBufferPointer) -> LogCursor? {
        guard let header = Header.read(.memory(raw)), header.blocksCheck(raw) else { return nil }
        return header.cursor
    }

    /// The most bytes a packed snapshot may unpack to: the most a snapshot in
    /// the cache may have (`SnapshotCache.maxSnapshotBytes`). The header's own
    /// bound (8,192 times the packed body, what a run of equal words packs to) lets
    /// a forged header, resealed, claim far more than any world needs.
    package static let maxUnpackedBytes = SnapshotCache.maxSnapshotBytes

    /// The snapshot's bytes as they were before packing; nil when the packed
    /// bytes do not check out, claim more than `limit` bytes, or do not unpack to
    /// exactly the lengths the header names (what was unpacked so far is dropped
    /// as it is, never written over in full).
    /// The snapshot's own checksums are checked by whoever decodes what this returns.
    package static func unpack(_ bytes: [UInt8], limit: Int = maxUnpackedBytes) -> [UInt8]? {
        bytes.withUnsafeBytes { raw -> [UInt8]? in
            guard let header = Header.read(.memory(raw)), header.blocksCheck(raw) else { return nil }
            let total = header.innerHeaderLength + header.innerBodyLength
            guard total <= limit else { return nil }
            var failed = false
            let out = [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                let target = UnsafeMutableRawBufferPointer(buffer)
                var at = header.bodyStart
                let innerHeader = UnsafeRawBufferPointer(rebasing: raw[at..<(at + header.innerHeaderLength)])
                target.copyMemory(from: innerHeader)
                at += header.innerHeaderLength
                var written = header.innerHeaderLength
                while at < raw.count {
                    guard let next = unpackPart(raw, at: at, into: target, written: written) else {
                        failed = true
                        break
                    }
                    (at, written) = next
                }
                if written != total { failed = true }
                // A failed unpack keeps none of it: nothing to initialize, nothing touched past what was written.
                initialized = failed ? 0 : total
            }
            return failed ? nil : out
        }
    }

    /// Unpacks the part at `at` of `raw` into `out` after `written` bytes;
    /// where the next part and the next byte to write are, or nil when the part is damaged.
    private static func unpackPart(
        _ raw: UnsafeRawBufferPointer, at start: Int, into out: UnsafeMutableRawBufferPointer, written: Int
    ) -> (Int, Int)? {
        var at = start
        guard at + 2 <= raw.count, let code = Code(rawValue: raw[at]) else { return nil }
        let width = Int(raw[at + 1])
        at += 2
        guard [1, 2, 4, 8].contains(width), let rawLength = Varint.read(raw, &at),
            let packedLength = Varint.read(raw, &at), rawLength <= UInt64(out.count - written),
            packedLength <= UInt64(raw.count - at), rawLength % UInt64(width) == 0
        else { return nil }
        let packed = UnsafeRawBufferPointer(rebasing: raw[at..<(at + Int(packedLength))])
        let target = UnsafeMutableRawBufferPointer(rebasing: out[written..<(written + Int(rawLength))])
        var writer = WordWriter(out: target, width: width)
        let ok: Bool
        switch code {
        case .raw:
            ok = packed.count == target.count
            if ok { target.copyMemory(from: packed) }
        case .varint: ok = writer.readVarints(packed, delta: false)
        case .deltaVarint: ok = writer.readVarints(packed, delta: true)
        case .offsetBits: ok = writer.readOffsetBits(packed, delta: false)
        case .deltaOffsetBits: ok = writer.readOffsetBits(packed, delta: true)
        case .byteRanks: ok = width == 1 && writer.readByteRanks(packed)
        }
        return ok ? (at + Int(packedLength), written + Int(rawLength)) : nil
    }
}

/// Unsigned LEB128 varints, with the zigzag map for signed values.
enum Varint {
    static func size(_ v: UInt64) -> Int { v == 0 ? 1 : (64 - v.leadingZeroBitCount + 6) / 7 }

    static func zigzag(_ v: Int64) -> UInt64 { UInt64(bitPattern: (v << 1) ^ (v >> 63)) }
    static func unzigzag(_ u: UInt64) -> Int64 { Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1) }

    static func append(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// The varint at `at` (moved past it); nil when it runs past the end or past 64 bits.
    static func read(_ raw: UnsafeRawBufferPointer, _ at: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while at < raw.count, shift < 64 {
            let byte = raw[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return shift == 63 && byte > 1 ? nil : value }
            shift += 7
        }
        return nil
    }
}

/// A run of little-endian words of one width, read as signed 64-bit values
/// (sign-extended: packing and unpacking are exact for any bytes).
private struct Words {
    let raw: UnsafeRawBufferPointer
    let width: Int
    var count: Int { raw.count / width }

    func word(_ i: Int) -> Int64 {
        let at = i * width
        switch width {
        case 1: return Int64(Int8(bitPattern: raw[at]))
        case 2: return Int64(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self)))
        case 4: return Int64(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
        default: return Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int64.self))
        }
    }

    /// Each value, or each value's difference from the one before (wrapping; the first's from zero).
    func forEach(delta: Bool, _ body: (Int64) -> Void) {
        var previous: Int64 = 0
        for i in 0..<count {
            let v = word(i)
            body(delta ? v &- previous : v)
            previous = v
        }
    }

    func varintSize(delta: Bool) -> Int {
        var size = 0
        forEach(delta: delta) { size += Varint.size(Varint.zigzag($0)) }
        return size
    }

    func appendVarints(delta: Bool, to out: inout [UInt8]) {
        forEach(delta: delta) { Varint.append(Varint.zigzag($0), to: &out) }
    }

    /// The smallest value and how many bits the largest less it needs.
    func range(delta: Bool) -> (low: Int64, bits: Int)? {
        guard count > 0 else { return nil }
        var low = Int64.max
        var high = Int64.min
        forEach(delta: delta) {
            low = min(low, $0)
            high = max(high, $0)
        }
        let span = UInt64(bitPattern: high &- low)
        return (low, 64 - span.leadingZeroBitCount)
    }

    static func bitBytes(_ count: Int, bits: Int) -> Int { (count * bits + 7) / 8 }

    func offsetBitsSize(delta: Bool) -> Int? {
        guard let (low, bits) = range(delta: delta) else { return nil }
        return Varint.size(Varint.zigzag(low)) + 1 + Self.bitBytes(count, bits: bits)
    }

    func appendOffsetBits(delta: Bool, to out: inout [UInt8]) {
        guard let (low, bits) = range(delta: delta) else { return }
        Varint.append(Varint.zigzag(low), to: &out)
        out.append(UInt8(bits))
        var bitWriter = BitWriter(start: out.count, bits: bits)
        out.append(contentsOf: repeatElement(0, count: Self.bitBytes(count, bits: bits)))
        forEach(delta: delta) { bitWriter.put(UInt64(bitPattern: $0 &- low), &out) }
    }

    /// The byte values that occur, in a 256-bit map, and how many bits a rank among them needs.
    func alphabet() -> (map: [UInt8], ranks: [UInt8], bits: Int) {
        var seen = [Bool](repeating: false, count: 256)
        for b in raw { seen[Int(b)] = true }
        var map = [UInt8](repeating: 0, count: 32)
        var ranks = [UInt8](repeating: 0, count: 256)
        var k = 0
        for v in 0..<256 where seen[v] {
            map[v >> 3] |= 1 << UInt8(v & 7)
            ranks[v] = UInt8(truncatingIfNeeded: k)
            k += 1
        }
        let bits = k <= 1 ? 0 : 64 - UInt64(k - 1).leadingZeroBitCount
        return (map, ranks, bits)
    }

    func byteRanksSize() -> Int { 32 + Self.bitBytes(count, bits: alphabet().bits) }

    func appendByteRanks(to out: inout [UInt8]) {
        let (map, ranks, bits) = alphabet()
        out.append(contentsOf: map)
        var bitWriter = BitWriter(start: out.count, bits: bits)
        out.append(contentsOf: repeatElement(0, count: Self.bitBytes(count, bits: bits)))
        for b in raw { bitWriter.put(UInt64(ranks[Int(b)]), &out) }
    }
}

/// Writes values of `bits` bits each, lowest bit first, into zeroed bytes from `start`.
private struct BitWriter {
    var position: Int
    let bits: Int

    init(start: Int, bits: Int) {
        position = start * 8
        self.bits = bits
    }

    mutating func put(_ value: UInt64, _ out: inout [UInt8]) {
        var done = 0
        while done < bits {
            let offset = position & 7
            let take = min(8 - offset, bits - done)
            let chunk = UInt8(truncatingIfNeeded: (value >> UInt64(done)) & ((1 << UInt64(take)) - 1))
            out[position >> 3] |= chunk << UInt8(offset)
            done += take
            position += take
        }
    }
}

/// Reads values of `bits` bits each, lowest bit first.
private struct BitReader {
    let raw: UnsafeRawBufferPointer
    var position: Int
    let bits: Int

    mutating func next() -> UInt64 {
        let at = position >> 3
        if bits <= 56, at + 8 <= raw.count {
            // Most values: one 8-byte load holds all of their bits.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let shift = UInt64(position & 7)
            position += bits
            return (word >> shift) & ((1 << UInt64(bits)) &- 1)
        }
        var value: UInt64 = 0
        var done = 0
        while done < bits {
            let offset = position & 7
            let take = min(8 - offset, bits - done)
            let chunk = (UInt64(raw[position >> 3]) >> UInt64(offset)) & ((1 << UInt64(take)) - 1)
            value |= chunk << UInt64(done)
            done += take
            position += take
        }
        return value
    }
}

/// Writes a run of words of one width into the unpacked bytes, from packed forms.
private struct WordWriter {
    let out: UnsafeMutableRawBufferPointer
    let width: Int
    var count: Int { out.count / width }

    func store(_ v: Int64, at i: Int) {
        let at = i * width
        switch width {
        case 1: out[at] = UInt8(truncatingIfNeeded: v)
        case 2: out.storeBytes(of: Int16(truncatingIfNeeded: v).littleEndian, toByteOffset: at, as: Int16.self)
        case 4: out.storeBytes(of: Int32(truncatingIfNeeded: v).littleEndian, toByteOffset: at, as: Int32.self)
        default: out.storeBytes(of: v.littleEndian, toByteOffset: at, as: Int64.self)
        }
    }

    /// Stores value `i` from `value(i)`, undoing the differences when `delta`.
    func storeAll(delta: Bool, _ value: (Int) -> Int64) {
        var previous: Int64 = 0
        for i in 0..<count {
            let v = delta ? previous &+ value(i) : value(i)
            store(v, at: i)
            previous = v
        }
    }

    mutating func readVarints(_ packed: UnsafeRawBufferPointer, delta: Bool) -> Bool {
        var at = 0
        var ok = true
        storeAll(delta: delta) { _ in
            guard ok, let u = Varint.read(packed, &at) else {
                ok = false
                return 0
            }
            return Varint.unzigzag(u)
        }
        return ok && at == packed.count
    }

    mutating func readOffsetBits(_ packed: UnsafeRawBufferPointer, delta: Bool) -> Bool {
        var at = 0
        guard let low = Varint.read(packed, &at).map(Varint.unzigzag), at < packed.count else { return false }
        let bits = Int(packed[at])
        at += 1
        guard bits <= 64, packed.count - at == Words.bitBytes(count, bits: bits) else { return false }
        var reader = BitReader(raw: packed, position: at * 8, bits: bits)
        storeAll(delta: delta) { _ in Int64(bitPattern: reader.next()) &+ low }
        return true
    }

    mutating func readByteRanks(_ packed: UnsafeRawBufferPointer) -> Bool {
        guard packed.count >= 32 else { return false }
        var values: [UInt8] = []
        for v in 0..<256 where packed[v >> 3] & (1 << UInt8(v & 7)) != 0 { values.append(UInt8(v)) }
        let bits = values.count <= 1 ? 0 : 64 - UInt64(values.count - 1).leadingZeroBitCount
        guard !values.isEmpty || count == 0, packed.count - 32 == Words.bitBytes(count, bits: bits) else {
            return false
        }
        var reader = BitReader(raw: packed, position: 32 * 8, bits: bits)
        var ok = true
        for i in 0..<count {
            let rank = Int(reader.next())
            guard rank < values.count else {
                ok = false
                break
            }
            out[i] = values[rank]
        }
        return ok
    }
}
