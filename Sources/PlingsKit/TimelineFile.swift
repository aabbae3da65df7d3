import PlingsDomain
import PlingsPlatform

/// The object timeline's file: `timeline-<seq>-<at in ms>.bin` in the cache
/// folder, written by `rebuild` beside the snapshots. For every object, the
/// list of its changes up to the cursor and the list of the events that
/// concern it, so a card or a history at any past point reads a few objects'
/// lists instead of loading a snapshot and replaying events.
///
/// Layout: a header (magic, version, the cursor, the object count, flags,
/// the sections' sizes, the block count and the checksum of the block
/// checksums, then the header's own checksum); the checksum of each 64 KiB
/// block of the body; then the body, seventeen sections one after another:
/// 0. where each object's list starts in section 1: objects + 1 words;
/// 1. the lists (see `TimelineRecord`);
/// 2. names, archive notes, and loans' borrower names and notes;
/// 3. where each object's id starts in section 4: objects + 1 words;
/// 4. the ids;
/// 5. the objects in order of their ids' bytes: objects 32-bit indices;
/// 6. for each block of `timeBlock` events, where its times start in section 7 and its first time: two words;
/// 7. every event's time, as the rise since the one before (0 for a block's first), a varint each;
/// 8. for each block, where its lengths start in section 9, where its first line starts in the log,
///    and where its pairs start in section 10: three words;
/// 9. every event's line length with its newline, a varint each;
/// 10. the objects each event changed other than its own object: pairs of varints, the seq since the
///    pair before (since the block's base for a block's first) and the object;
/// 11. where each object's mention list starts in section 12: objects + 1 words;
/// 12. the mention lists (see `TimelineMention`);
/// 13. mentions of ids not known yet when their event came, by id then seq: a seq word, where the
///    id starts in section 16 (a word), its length and the kind (32 bits each);
/// 14. the skipped events and the refusals whose error was found again (`Refusal.error(against:)`),
///    in seq order: a seq word and where its error starts in section 15;
/// 15. their errors (`ErrorCoding`);
/// 16. the ids of section 13.
/// Flag 1: mentions of ids not known yet were left out (section 13 is not whole).
///
/// Like a snapshot it is disposable: damaged, of another format, or not
/// matching the log's line at its cursor, it is ignored.
package struct TimelineFile: Sendable {
    static let magic: [UInt8] = Array("PLNGTIME".utf8)
    /// Version 4: loans (see `TimelineRecord`).
    static let formatVersion: UInt32 = 4
    static let sectionCount = 17
    /// The flag that says section 13 is not whole.
    static let earlyOverflowFlag: UInt64 = 1
    /// Events per block of times (section 6).
    static let timeBlock = 1024
    /// Bytes of the header before its checksum.
    static let checksumOffset = 8 + 4 + 4 + 8 * 8 + 8 + 8 + 8 * sectionCount + 16
    static var blockTableOffset: Int { checksumOffset + 8 }

    var cursor: LogCursor
    var objects: Int
    var flags: UInt64 = 0
    /// Each section's size in bytes.
    var sizes: [Int]
    var blockCount: Int
    var blockTableChecksum: UInt64

    var bodyStart: Int { Self.blockTableOffset + 8 * blockCount }

    /// Where section `k` starts in the body.
    func start(_ k: Int) -> Int { sizes[0..<k].reduce(0, +) }

    // MARK: - Writing

    /// Writes the file for the lists `builder` gathered, the objects of
    /// `state` (the state at `cursor`), and `cursor` to `fd` (named `path`,
    /// for messages), from its start: room for the header, the body
    /// streamed (see `TimelineStream`), the lists made a range of objects at
    /// a time from the builder's scratch file, then the header with the
    /// block checksums.
    /// - Returns: the file's size.
    /// - Throws: `LogError` when a write fails, or reading the scratch file back does.
    static func write(
        _ builder: TimelineBuilder, state: WorldState, cursor: LogCursor, to fd: FileDescriptor, path: String
    ) throws(LogError) -> Int {
        let registry = state.registry
        let n = registry.count
        let listSizes = try builder.sizes(count: n)
        let mentionSizes = try builder.sizes(count: n, mentions: true)
        let idSize = (0..<n).reduce(0) { $0 + registry.idSlice(ObjectIndex($1)).count }
        let early = builder.earlyMentions()
        let errors = state.skipped.map { ($0.seq, $0.error) } + builder.refusalErrors
        let skipped = Self.errorSections(errors.sorted { $0.0 < $1.0 })
        typealias B = TimelineBuilder
        let sizes = [
            8 * (n + 1), listSizes.reduce(0, +), builder.count(B.textStream), 8 * (n + 1), idSize, 4 * n,
            16 * builder.timeBlocks.count, builder.count(B.timeStream), 24 * builder.lineBlocks.count,
            builder.count(B.lengthStream), builder.count(B.othersStream), 8 * (n + 1), mentionSizes.reduce(0, +),
            24 * early.count, skipped.index.count, skipped.errors.count, early.reduce(0) { $0 + $1.id.count },
        ]
        let bodySize = sizes.reduce(0, +)
        let bodyStart = blockTableOffset + 8 * SnapshotHeader.blocks(ofBody: bodySize)
        let room = [UInt8](repeating: 0, count: bodyStart)
        try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(room) }
        var w = TimelineStream(fd: fd, path: path)
        try body(builder, registry, listSizes, &w)
        try history(builder, mentionSizes, early, skipped, &w)
        w.flush()
        if let failure = w.failure { throw failure }
        let flags = builder.earlyOverflow ? earlyOverflowFlag : 0
        let head = header(cursor: cursor, objects: n, flags: flags, sizes: sizes, blocks: w.sums)
        let result = head.withUnsafeBytes { raw in
            Result { () throws(SystemErrno) -> Int in try fd.pwrite(raw, at: 0) }
        }
        let written = try LogError.io(path, .writing) { () throws(SystemErrno) in try result.get() }
        guard head.count == bodyStart, written == head.count else {
            throw LogError.io(path: path, operation: .writing, .ioError)
        }
        return bodyStart + bodySize
    }

    /// The body's first eight sections, in order.
    private static func body(
        _ builder: TimelineBuilder, _ registry: ObjectRegistry, _ listSizes: [Int], _ w: inout TimelineStream
    ) throws(LogError) {
        let n = registry.count
        var at: UInt64 = 0
        for size in listSizes {
            w.word(at)
            at += UInt64(size)
        }
        w.word(at)
        try builder.forEachRange(sizes: listSizes) { w.bytes($0) }
        try builder.forEachPiece(TimelineBuilder.textStream) { w.bytes($0) }
        var idAt: UInt64 = 0
        for x in 0...n {
            w.word(idAt)
            if x < n { idAt += UInt64(registry.idSlice(ObjectIndex(x)).count) }
        }
        for x in 0..<n { registry.idSlice(ObjectIndex(x)).withUnsafeBytes { w.bytes($0) } }
        for x in idOrder(registry.raw, count: n) { w.word(x) }
        for block in builder.timeBlocks {
            w.word(UInt64(block.offset))
            w.word(block.first)
        }
        try builder.forEachPiece(TimelineBuilder.timeStream) { w.bytes($0) }
    }

    /// The body's sections 8 to 15, in order: what history and the log's views read.
    private static func history(
        _ builder: TimelineBuilder, _ mentionSizes: [Int],
        _ early: [(id: [UInt8], seq: Int64, kind: TimelineMention.Kind)],
        _ skipped: (index: [UInt8], errors: [UInt8]), _ w: inout TimelineStream
    ) throws(LogError) {
        for block in builder.lineBlocks {
            w.word(UInt64(block.lengths))
            w.word(block.log)
            w.word(UInt64(block.others))
        }
        try builder.forEachPiece(TimelineBuilder.lengthStream) { w.bytes($0) }
        try builder.forEachPiece(TimelineBuilder.othersStream) { w.bytes($0) }
        var at: UInt64 = 0
        for size in mentionSizes {
            w.word(at)
            at += UInt64(size)
        }
        w.word(at)
        try builder.forEachRange(sizes: mentionSizes, mentions: true) { w.bytes($0) }
        var idAt: UInt64 = 0
        for e in early {
            w.word(e.seq)
            w.word(idAt)
            w.word(UInt32(e.id.count))
            w.word(UInt32(e.kind.rawValue))
            idAt += UInt64(e.id.count)
        }
        skipped.index.withUnsafeBytes { w.bytes($0) }
        skipped.errors.withUnsafeBytes { w.bytes($0) }
        for e in early { e.id.withUnsafeBytes { w.bytes($0) } }
    }

    /// Sections 14 and 15 for `errors` (in seq order): each event's seq and where its error starts, and the errors.
    private static func errorSections(_ found: [(Int64, DomainError)]) -> (index: [UInt8], errors: [UInt8]) {
        var index = ByteWriter()
        var errors = ByteWriter()
        for (seq, error) in found {
            index.i64(seq)
            index.u64(UInt64(errors.buffer.count))
            ErrorCoding.write(error, &errors)
        }
        return (index.buffer, errors.buffer)
    }

    /// Objects `0..<count` in order of their ids' bytes, compared where they lie in the registry.
    private static func idOrder(_ r: ObjectRegistry.Raw, count n: Int) -> [UInt32] {
        r.idBytes.withUnsafeBufferPointer { bytes in
            r.idStart.withUnsafeBufferPointer { start in
                r.idLength.withUnsafeBufferPointer { length in
                    func id(_ x: UInt32) -> UnsafeBufferPointer<UInt8> {
                        let from = Int(start[Int(x)])
                        return UnsafeBufferPointer(rebasing: bytes[from..<from + Int(length[Int(x)])])
                    }
                    return (0..<UInt32(n)).sorted { id($0).lexicographicallyPrecedes(id($1)) }
                }
            }
        }
    }

    private static func header(cursor: LogCursor, objects: Int, flags: UInt64, sizes: [Int], blocks: [UInt64])
        -> [UInt8]
    {
        var w = ByteWriter()
        w.bytes(magic)
        w.u32(formatVersion)
        w.u32(UInt32(sectionCount))
        SealedHeader.write(cursor, &w)
        w.u64(UInt64(objects))
        w.u64(flags)
        for s in sizes { w.u64(UInt64(s)) }
        return SealedHeader.sealed(w, blocks: blocks)
    }

    // MARK: - Reading

    /// Reads and checks the header: its checksum, magic, version, section
    /// count, and that the sections and blocks add up to the file's size.
    static func read(_ source: SnapshotSource) -> TimelineFile? {
        guard let bytes = SealedHeader.checked(source, length: checksumOffset) else { return nil }
        return bytes.withUnsafeBytes { raw -> TimelineFile? in
            var r = ByteReader(bytes: raw, end: checksumOffset)
            guard r.bytes(8) == magic, r.u32() == formatVersion, r.u32() == UInt32(sectionCount),
                let cursor = SealedHeader.cursor(&r), let objects = r.u64(), objects < UInt64(Int32.max),
                let flags = r.u64()
            else { return nil }
            var sizes: [Int] = []
            for _ in 0..<sectionCount {
                guard let s = r.u64(), s <= UInt64(source.size) else { return nil }
                sizes.append(Int(s))
            }
            guard let blockWord = r.u64(), let blockSum = r.u64(), blockWord <= UInt64(source.size / 8) else {
                return nil
            }
            let file = TimelineFile(
                cursor: cursor, objects: Int(objects), flags: flags, sizes: sizes, blockCount: Int(blockWord),
                blockTableChecksum: blockSum)
            let n = Int(objects)
            let blocks = Self.timeBlocks(cursor.lastSeq)
            guard file.bodyStart <= source.size, sizes.reduce(0, +) == source.size - file.bodyStart,
                file.blockCount == SnapshotHeader.blocks(ofBody: source.size - file.bodyStart),
                sizes[0] == 8 * (n + 1), sizes[3] == 8 * (n + 1), sizes[5] == 4 * n, cursor.lastSeq >= 0,
                cursor.offset >= 0, cursor.lines >= 0, sizes[6] == 16 * blocks, sizes[8] == 24 * blocks,
                sizes[11] == 8 * (n + 1), sizes[13] % 24 == 0, sizes[14] % 16 == 0
            else { return nil }
            return file
        }
    }

    /// The blocks of times (section 6) of `events` events (at least 0), without overflow for any count.
    static func timeBlocks(_ events: Int64) -> Int {
        Int(events / Int64(timeBlock) + (events % Int64(timeBlock) == 0 ? 0 : 1))
    }

    /// The block checksums as stored after the header; nil when cut short or their checksum is wrong.
    func blockChecksums(_ source: SnapshotSource) -> [UInt64]? {
        SealedHeader.blockChecksums(source, at: Self.blockTableOffset, count: blockCount, checksum: blockTableChecksum)
    }
}

extension TimelineFile {
    /// `bytes` with every checksum made right again, as a forger who can write
    /// the cache folder would: each body block's (by the block count the
    /// header claims, when it fits the bytes), the block table's and the
    /// header's. For the tests and the fuzzer, which must reach the readers
    /// past the checksums.
    package static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        SealedHeader.resealed(bytes, checksumOffset: checksumOffset)
    }
}
