import PlingsLog

/// What the snapshot and object timeline headers share: the log cursor they
/// were made at, and the seal at their end — the body's block count, the
/// checksum of the block checksums and the header's own checksum, followed
/// by the block checksums themselves.
enum SealedHeader {
    /// Writes `cursor`: offset, lines, last seq and time, the last line's hash.
    static func write(_ cursor: LogCursor, _ w: inout ByteWriter) {
        for v in [cursor.offset, Int64(cursor.lines), cursor.lastSeq, cursor.lastAt.milliseconds] { w.i64(v) }
        for word in [cursor.lastHash.w0, cursor.lastHash.w1, cursor.lastHash.w2, cursor.lastHash.w3] { w.u64(word) }
    }

    /// Reads a cursor as `write` writes it; nil when the bytes run out.
    static func cursor(_ r: inout ByteReader) -> LogCursor? {
        guard let offset = r.i64(), let lines = r.i64(), let lastSeq = r.i64(), let lastAt = r.i64(),
            let h0 = r.u64(), let h1 = r.u64(), let h2 = r.u64(), let h3 = r.u64()
        else { return nil }
        return LogCursor(
            offset: offset, lines: Int(lines), lastSeq: lastSeq, lastAt: Timestamp(milliseconds: lastAt),
            lastHash: Digest(h0, h1, h2, h3))
    }

    /// The header `w` holds, sealed: the block count, the checksum of `blocks`
    /// and of everything before it, then `blocks` themselves.
    static func sealed(_ w: ByteWriter, blocks: [UInt64]) -> [UInt8] {
        var w = w
        var table = ByteWriter()
        for sum in blocks { table.u64(sum) }
        w.u64(UInt64(blocks.count))
        w.u64(Checksum64.of(table.buffer))
        w.u64(Checksum64.of(w.buffer))
        return w.buffer + table.buffer
    }

    /// The `length` bytes of a header that end in its checksum, when that checksum is right; nil otherwise.
    static func checked(_ source: SnapshotSource, length: Int) -> [UInt8]? {
        guard let bytes = source.bytes(length + 8, at: 0),
            Checksum64.of(Array(bytes[0..<length])) == SnapshotReader.word(bytes, length)
        else { return nil }
        return bytes
    }

    /// The `count` block checksums stored at `offset`, when their checksum is `checksum`; nil otherwise.
    static func blockChecksums(_ source: SnapshotSource, at offset: Int, count: Int, checksum: UInt64) -> [UInt64]? {
        guard let bytes = source.bytes(8 * count, at: offset), Checksum64.of(bytes) == checksum else { return nil }
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self)) }
        }
    }

    /// `bytes` with the seal made right again, as a forger who can write the
    /// cache folder would: each body block's checksum (by the block count the
    /// header claims, when it fits the bytes), the block table's and the
    /// header's, for a header whose own checksum sits at `checksumOffset`. For
    /// the tests and the fuzzer, which must reach the readers past the checksums.
    package static func resealed(_ bytes: [UInt8], checksumOffset: Int) -> [UInt8] {
        let blockTableOffset = checksumOffset + 8
        guard bytes.count >= blockTableOffset else { return bytes }
        var out = bytes
        let claimed = SnapshotReader.word(out, checksumOffset - 16)
        if claimed <= UInt64(out.count / 8), blockTableOffset + 8 * Int(claimed) <= out.count {
            let bodyStart = blockTableOffset + 8 * Int(claimed)
            var table = ByteWriter()
            for (k, from) in stride(from: bodyStart, to: out.count, by: SnapshotHeader.blockSize).enumerated()
            where k < Int(claimed) {
                table.u64(Checksum64.of(Array(out[from..<min(from + SnapshotHeader.blockSize, out.count)])))
            }
            let sums = table.buffer
            out.replaceSubrange(blockTableOffset..<(blockTableOffset + sums.count), with: sums)
            let all = Array(out[blockTableOffset..<bodyStart])
            withUnsafeBytes(of: Checksum64.of(all).littleEndian) {
                out.replaceSubrange((checksumOffset - 8)..<checksumOffset, with: $0)
            }
        }
        withUnsafeBytes(of: Checksum64.of(Array(out[0..<checksumOffset])).littleEndian) {
            out.replaceSubrange(checksumOffset..<blockTableOffset, with: $0)
        }
        return out
    }
}
