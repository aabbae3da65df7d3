/// The header of a snapshot file (format 6): magic, version, section count,
/// the cursor, the state's seq and time, the section table, the number of
/// body blocks and the checksum of their checksums, then the header's own
/// checksum. After it come the blocks' checksums (8 bytes each), then the
/// body: the sections one after another. The body is checked twice over: by
/// each section's checksum when the whole world is read, and by each
/// 64 KiB block's checksum when only a few elements are (a card at the head).
struct SnapshotHeader: Sendable {
    /// The snapshot format the file is in (`Snapshot.formatVersion`, or an older one a caller accepts).
    var version: UInt32
    var cursor: LogCursor
    var stateSeq: Int64
    var stateAt: Int64
    var sections: [SnapshotSection]
    /// How many blocks the body has: its size divided by `blockSize`, rounded up.
    var blockCount: Int
    /// The checksum of the block checksums, as stored.
    var blockTableChecksum: UInt64

    /// Bytes of one body block (the last may be shorter).
    static let blockSize = 1 << 16
    /// Where the header's checksum sits (everything before it is covered).
    static let checksumOffset = Snapshot.headerPrefix + Snapshot.sectionCount * SnapshotSection.tableBytes + 16
    /// Where the block checksums start.
    static let blockTableOffset = checksumOffset + 8

    /// Where the body starts.
    var bodyStart: Int { Self.blockTableOffset + 8 * blockCount }

    /// The number of blocks of a body of `size` bytes.
    static func blocks(ofBody size: Int) -> Int { (size + blockSize - 1) / blockSize }

    /// The checksum of each block of `body`.
    static func blockChecksums(of body: [UInt8]) -> [UInt64] {
        body.withUnsafeBytes { blockChecksums(of: $0) }
    }

    /// The checksum of each block of the body in `raw`.
    static func blockChecksums(of raw: UnsafeRawBufferPointer) -> [UInt64] {
        Swift.stride(from: 0, to: raw.count, by: blockSize).map { from in
            Checksum64.of(UnsafeRawBufferPointer(rebasing: raw[from..<min(from + blockSize, raw.count)]))
        }
    }

    /// The block checksums as stored after the header; nil when they are cut
    /// short or their checksum is wrong.
    func blockChecksums(_ source: SnapshotSource) -> [UInt64]? {
        SealedHeader.blockChecksums(source, at: Self.blockTableOffset, count: blockCount, checksum: blockTableChecksum)
    }

    /// Reads and checks the header: its checksum, magic, version (one of `versions`: this
    /// build's format unless a caller reads older ones too) and section count, and that the
    /// block count fits the file's size (before anything sized by it is made). Nil when any of that fails.
    static func read(
        _ source: SnapshotSource, versions: ClosedRange<UInt32> = Snapshot.formatVersion...Snapshot.formatVersion
    ) -> SnapshotHeader? {
        guard let bytes = SealedHeader.checked(source, length: checksumOffset) else { return nil }
        return bytes.withUnsafeBytes { raw -> SnapshotHeader? in
            var r = ByteReader(bytes: raw, end: checksumOffset)
            guard r.bytes(8) == Snapshot.magic, let version = r.u32(), versions.contains(version),
                r.u32() == UInt32(Snapshot.sectionCount), let cursor = SealedHeader.cursor(&r),
                let stateSeq = r.i64(), let stateAt = r.i64(), let sections = readTable(&r, fileSize: source.size),
                let blockWord = r.u64(), let blockSum = r.u64(),
                blockWord <= UInt64(source.size / 8)
            else { return nil }
            let header = SnapshotHeader(
                version: version, cursor: cursor, stateSeq: stateSeq, stateAt: stateAt, sections: sections,
                blockCount: Int(blockWord), blockTableChecksum: blockSum)
            guard header.bodyStart <= source.size,
                header.blockCount == blocks(ofBody: source.size - header.bodyStart)
            else { return nil }
            return header
        }
    }

    /// The section table of `count` entries (a snapshot's by default); nil when an entry is unknown
    /// or claims more elements than any section may, or more bytes than the whole file has (so sums
    /// of sizes never overflow).
    static func readTable(
        _ r: inout ByteReader, fileSize: Int, count: Int = Snapshot.sectionCount
    ) -> [SnapshotSection]? {
        var sections: [SnapshotSection] = []
        for _ in 0..<count {
            guard let code = r.u64(), let encoding = SnapshotSection.Encoding(rawValue: code), let count = r.u64(),
                let stored = r.u64(), let checksum = r.u64(), count <= UInt64(SnapshotSection.maxCount),
                stored <= UInt64(fileSize)
            else { return nil }
            sections.append(
                SnapshotSection(encoding: encoding, count: Int(count), storedBytes: Int(stored), checksum: checksum))
        }
        return sections
    }
}
