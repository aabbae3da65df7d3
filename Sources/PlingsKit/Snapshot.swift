/// A snapshot: every projection as of one line of the log, with the cursor
/// that says which line. Binary, versioned and checksummed. Disposable: a
/// snapshot that is damaged, of another format, or does not match the log's
/// line at its offset is ignored, never trusted.
package struct Snapshot: Sendable {
    package var state: WorldState
    package var cursor: LogCursor

    /// Bumped whenever the layout changes; older snapshots are then ignored.
    /// Version 5: a header with a section table, then each array in native
    /// layout (or as one value, or one value and its exceptions), read
    /// straight into the arrays; a checksum per section and one for the header.
    /// Version 6: also a checksum per 64 KiB block of the body (see
    /// `SnapshotHeader`), checkpoints in rising sections, and the archive
    /// records first in the last section, so a card at the head reads only
    /// the blocks it needs (`SnapshotView`).
    /// Version 7: the device verdicts are followed by the devices' owners.
    /// Version 8: the same layout; the away columns follow the away rule of
    /// issue 25 (a thing in its home container that only lacks its home
    /// positional relation is in place), so an older snapshot's are not trusted.
    /// Version 9: each device verdict keeps a digest of its command (a reused
    /// device seq with another command is told apart).
    /// Version 10: the loans (ADR 0011) follow the archive records, a count
    /// and then each loan, so an older snapshot (which cannot say whether a
    /// thing was lent) is not trusted.
    package static let formatVersion: UInt32 = 10
    /// The formats a hub's published snapshot, and so a shallow device's base, is read in:
    /// this build's and format 9, which differs only by having no loans (the Plings that wrote
    /// it had none, so its world has none). A base of another format is refused with a word of
    /// its own (`LogError.baseFormat`: clone the hub again); caches of another format are ignored.
    package static let publishedVersions: ClosedRange<UInt32> = 9...formatVersion
    static let magic: [UInt8] = Array("PLNGSNAP".utf8)
    /// The arrays of a snapshot, in order: the registry's seven, four per
    /// axis, away since (two), the status projector's four, then one section
    /// of the rest (skipped events, command ids, archive records, device verdicts).
    static let sectionCount = 7 + 2 * 4 + 2 + 4 + 1

    /// Where each section stands in the table, in `encoded`'s order.
    enum Section {
        static let idBytes = 0, idStart = 1, idLength = 2, nameBytes = 3, nameStart = 4, nameLength = 5
        static let idTable = 6
        /// The first of an axis's four: parents, their relations, positional relations, positional targets.
        static let currentAxis = 7, normalAxis = 11
        static let awaySince = 15, awaySinceAt = 16, seenSeq = 17, seenAt = 18, checkedSeq = 19, checkedAt = 20
        /// Skipped events, command ids, archive records and device verdicts.
        static let rest = 21
    }
    /// Bytes before the section table: magic, version, section count, cursor, state seq and time.
    static let headerPrefix = 8 + 4 + 4 + 8 * 8 + 2 * 8

    package init(state: WorldState, cursor: LogCursor) {
        self.state = state
        self.cursor = cursor
    }

    // MARK: - Encoding

    /// The snapshot's bytes. Without `table`, the registry's id table is left
    /// out (an empty section) and rebuilt from the ids when read: a quarter
    /// smaller, for the snapshots of the past; the head's keeps it.
    package func encoded(table: Bool = true) -> [UInt8] {
        let (header, body) = encodedParts(table: table)
        return header + body
    }

    /// `encoded`'s header and body apart: a file is written from the two without joining them (a copy of the whole).
    package func encodedParts(table: Bool = true) -> (header: [UInt8], body: [UInt8]) {
        var sections = SnapshotSectionWriter()
        let r = state.registry.raw
        sections.column(r.idBytes)
        sections.column(r.idStart)
        sections.column(r.idLength)
        // The name arena keeps every name an object ever had; only the current ones are written, in index order.
        let names = Self.compactNames(r)
        sections.column(names.bytes)
        sections.column(names.start)
        sections.column(r.nameLength)
        sections.column(table ? r.table : [])
        for projection in [state.current, state.normal] {
            let parents = projection.parents.raw
            let positional = projection.positional.rawOutbound
            sections.column(parents.parents)
            sections.column(parents.relations)
            sections.column(positional.relations)
            sections.column(positional.targets)
        }
        sections.column(state.awaySince)
        sections.column(state.awaySinceAt)
        let seen = state.status.seenColumns
        for column in [seen.seq, seen.at, state.status.checkedSeq, state.status.checkedAt] {
            sections.column(column)
        }
        sections.column(rest())
        let blocks = SnapshotHeader.blockChecksums(of: sections.body)
        return (header(sections.sections, blocks: blocks), sections.body)
    }

    /// The current names one after another in index order, and where each starts.
    static func compactNames(_ r: ObjectRegistry.Raw) -> (bytes: [UInt8], start: [Int]) {
        var bytes: [UInt8] = []
        var start: [Int] = []
        bytes.reserveCapacity(r.nameLength.reduce(0) { $0 + Int($1) })
        start.reserveCapacity(r.nameStart.count)
        r.nameBytes.withUnsafeBufferPointer { arena in
            for x in r.nameStart.indices {
                start.append(bytes.count)
                let from = r.nameStart[x]
                bytes.append(contentsOf: arena[from..<(from + Int(r.nameLength[x]))])
            }
        }
        return (bytes, start)
    }

    /// The parts that are not per-object arrays, in `ByteWriter` form.
    private func rest() -> [UInt8] {
        var w = ByteWriter()
        Self.writeArchives(state.status, &w)
        Self.writeLoans(state.status, &w)
        w.i64(Int64(state.skipped.count))
        for s in state.skipped {
            w.i64(s.seq)
            ErrorCoding.write(s.error, &w)
        }
        let cids = state.commandIDs.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        w.i64(Int64(cids.count))
        for (cid, seq) in cids {
            w.string(cid)
            w.i64(seq)
        }
        Self.writeDevices(state.devices, &w)
        return w.buffer
    }

    /// Magic, version, the cursor, the state's seq and time, the section
    /// table, the block count and the checksum of the blocks' checksums, the
    /// header's checksum, then the blocks' checksums.
    private func header(_ sections: [SnapshotSection], blocks: [UInt64]) -> [UInt8] {
        var w = ByteWriter()
        w.bytes(Self.magic)
        w.u32(Self.formatVersion)
        w.u32(UInt32(sections.count))
        SealedHeader.write(cursor, &w)
        w.i64(state.lastSeq)
        w.i64(state.lastAt.milliseconds)
        for section in sections {
            w.u64(section.encoding.rawValue)
            w.u64(UInt64(section.count))
            w.u64(UInt64(section.storedBytes))
            w.u64(section.checksum)
        }
        return SealedHeader.sealed(w, blocks: blocks)
    }

    /// `bytes` with the header's checksum made right again (for tests that
    /// change a header field and want only that change to refuse the snapshot).
    package static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        let end = SnapshotHeader.checksumOffset
        guard bytes.count >= end + 8 else { return bytes }
        var out = bytes
        let sum = Checksum64.of(Array(bytes[0..<end]))
        withUnsafeBytes(of: sum.littleEndian) { out.replaceSubrange(end..<(end + 8), with: $0) }
        return out
    }

    /// How each section of a snapshot's bytes is stored (0 whole, 1 one value,
    /// 2 one value and its exceptions), from its header; nil when the header does not check out.
    package static func sectionEncodings(of bytes: [UInt8]) -> [UInt64]? {
        bytes.withUnsafeBytes { raw in SnapshotHeader.read(.memory(raw))?.sections.map(\.encoding.rawValue) }
    }

    // MARK: - Decoding

    /// Reads a snapshot's bytes; nil when they are damaged or of another format.
    package static func decode(_ bytes: [UInt8]) -> Snapshot? {
        bytes.withUnsafeBytes { decode($0) }
    }

    /// Reads a snapshot from memory; nil when it is damaged or of another format.
    package static func decode(_ raw: UnsafeRawBufferPointer) -> Snapshot? {
        decode(.memory(raw))
    }

    /// Reads a snapshot from `source`; nil when it is damaged or in a format not among `versions`
    /// (this build's unless a caller reads older ones: `publishedVersions`).
    static func decode(
        _ source: SnapshotSource, versions: ClosedRange<UInt32> = formatVersion...formatVersion
    ) -> Snapshot? {
        guard let header = SnapshotHeader.read(source, versions: versions), countsAgree(header.sections),
            header.blockChecksums(source) != nil
        else { return nil }
        let (cursor, stateSeq, stateAt) = (header.cursor, header.stateSeq, header.stateAt)
        var r = SnapshotReader(source: source, sections: header.sections, bodyStart: header.bodyStart)
        guard let registry = readRegistry(&r), let current = readProjection(&r, .current),
            let normal = readProjection(&r, .normal), let awaySince: [Int64] = r.column(),
            let awaySinceAt: [Int64] = r.column(), let seenSeq: [Int64] = r.column(), let seenAt: [Int64] = r.column(),
            let checkedSeq: [Int64] = r.column(), let checkedAt: [Int64] = r.column(),
            let restBytes: [UInt8] = r.column(),
            r.atEnd
        else { return nil }
        return restBytes.withUnsafeBytes { raw -> Snapshot? in
            var rest = ByteReader(bytes: raw, end: raw.count)
            guard let records = readRecords(&rest, count: registry.count, loans: header.version >= 10),
                let skipped = readSkipped(&rest),
                let cids = readCommandIDs(&rest), let devices = readDevices(&rest),
                rest.atEnd,
                let status = ObjectStatus(
                    seenSeq: seenSeq, seenAt: seenAt, checkedSeq: checkedSeq, checkedAt: checkedAt,
                    archives: records.archives, loans: records.loans, count: registry.count),
                let state = WorldState(
                    registry: registry, current: current, normal: normal, lastSeq: stateSeq,
                    lastAt: Timestamp(milliseconds: stateAt), skipped: skipped, commandIDs: cids, awaySince: awaySince,
                    awaySinceAt: awaySinceAt, status: status, devices: devices)
            else { return nil }
            return Snapshot(state: state, cursor: cursor)
        }
    }

    /// Whether the section table's counts fit one world before any array is
    /// made: a forged header (its checksum is no proof) must not make a small
    /// file claim arrays of a billion elements. The objects' id starts rise
    /// strictly, so they take at least a byte per object in the file (`n` is
    /// bounded by the file); every per-object array has `n` elements; ids and
    /// names are at most 255 bytes each; the id table, when kept, is at most
    /// a few slots per object; the last section (stored whole, or as one
    /// value and its exceptions, mostly zero bytes) at most 64 bytes for each it takes, and 64 more.
    static func countsAgree(_ sections: [SnapshotSection]) -> Bool {
        guard sections.count == sectionCount else { return false }
        typealias S = Section
        let n = sections[S.idStart].count
        guard sections[S.idStart].storedBytes + 1 >= n else { return false }
        let perObject = [S.idLength, S.nameStart, S.nameLength] + Array(S.currentAxis...S.checkedAt)
        for k in perObject where sections[k].count != n { return false }
        return sections[S.idBytes].count <= 255 * n && sections[S.nameBytes].count <= 255 * n
            && sections[S.idTable].count <= 16 * (n + 16)
            && sections[S.rest].count <= 64 * (sections[S.rest].storedBytes + 1)
    }

    private static func readRegistry(_ r: inout SnapshotReader) -> ObjectRegistry? {
        guard let idBytes: [UInt8] = r.column(), let idStart: [UInt32] = r.column(), let idLength: [UInt8] = r.column(),
            let nameBytes: [UInt8] = r.column(), let nameStart: [Int] = r.column(),
            let nameLength: [UInt8] = r.column(),
            let table: [UInt64] = r.column()
        else { return nil }
        let raw = ObjectRegistry.Raw(
            idBytes: idBytes, idStart: idStart, idLength: idLength, nameBytes: nameBytes, nameStart: nameStart,
            nameLength: nameLength, table: table)
        return table.isEmpty ? ObjectRegistry(rehashing: raw) : ObjectRegistry(raw: raw)
    }

    private static func readProjection(_ r: inout SnapshotReader, _ axis: Axis) -> AxisProjection? {
        guard let parents: [ObjectIndex] = r.column(), let relations: [UInt8] = r.column(),
            let posRelations: [UInt8] = r.column(), let posTargets: [ObjectIndex] = r.column(),
            let tree = ParentTree(axis: axis, parents: parents, relations: relations),
            let edges = PositionalEdges(axis: axis, relations: posRelations, targets: posTargets)
        else { return nil }
        return AxisProjection(parents: tree, positional: edges)
    }

    private static func readSkipped(_ r: inout ByteReader) -> [SkippedEvent]? {
        guard let count = r.i64(), count >= 0, count < 100_000_000 else { return nil }
        var skipped: [SkippedEvent] = []
        for _ in 0..<count {
            guard let seq = r.i64(), let error = ErrorCoding.read(&r) else { return nil }
            skipped.append(SkippedEvent(seq: seq, error: error))
        }
        return skipped
    }

    private static func readCommandIDs(_ r: inout ByteReader) -> [String: Int64]? {
        guard let count = r.i64(), count >= 0, count < 1 << 40 else { return nil }
        var cids: [String: Int64] = [:]
        for _ in 0..<count {
            guard let cid = r.string(), let seq = r.i64() else { return nil }
            cids[cid] = seq
        }
        return cids
    }
}

extension Snapshot {
    /// The status projector's archive records, by index (its arrays are sections of their own).
    static func writeArchives(_ status: ObjectStatus, _ w: inout ByteWriter) {
        let records = status.archives.sorted { $0.key < $1.key }
        w.i64(Int64(records.count))
        for (x, record) in records {
            w.i64(Int64(x))
            w.i64(record.seq)
            w.i64(record.at.milliseconds)
            w.i64(Int64(record.root))
            w.i64(record.note == nil ? 0 : 1)
            if let note = record.note { w.string(note) }
        }
    }

    /// The archive records of a world of `count` objects, from the whole
    /// snapshot's bytes or from its last section read in place (the same rules).
    static func readArchives(_ r: inout some SnapshotWordReader, count: Int) -> [ObjectIndex: ArchiveRecord]? {
        readRecords(&r, count: count)?.archives
    }

    /// The archive records and the loans (see `formatVersion`) of a world of `count` objects;
    /// without `loans` (format 9, which has none), the archive records alone.
    static func readRecords(
        _ r: inout some SnapshotWordReader, count: Int, loans hasLoans: Bool = true
    ) -> (archives: [ObjectIndex: ArchiveRecord], loans: [ObjectIndex: LoanRecord])? {
        guard let n = r.i64(), n >= 0, n <= count, let archives = readArchiveRecords(&r, n, count: count) else {
            return nil
        }
        guard hasLoans else { return (archives, [:]) }
        guard let loans = readLoans(&r, count: count) else { return nil }
        return (archives, loans)
    }

    private static func readArchiveRecords(
        _ r: inout some SnapshotWordReader, _ n: Int64, count: Int
    ) -> [ObjectIndex: ArchiveRecord]? {
        var archives: [ObjectIndex: ArchiveRecord] = [:]
        for _ in 0..<n {
            guard let x = r.i64(), let seq = r.i64(), let at = r.i64(), let root = r.i64(), let hasNote = r.i64(),
                let index = ObjectIndex(exactly: x), index >= 0, Int(index) < count,
                let rootIndex = ObjectIndex(exactly: root), rootIndex >= 0, Int(rootIndex) < count
            else { return nil }
            var note: String?
            if hasNote != 0 {
                guard let text = r.string() else { return nil }
                note = text
            }
            archives[index] = ArchiveRecord(seq: seq, at: Timestamp(milliseconds: at), root: rootIndex, note: note)
        }
        return archives
    }
}

/// Appends little-endian values and strings to a byte buffer.
struct ByteWriter {
    var buffer: [UInt8] = []

    mutating func bytes(_ b: [UInt8]) { buffer.append(contentsOf: b) }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) } }
    mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { buffer.append(contentsOf: $0) } }
    mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    mutating func string(_ s: String) {
        let b = Array(s.utf8)
        i64(Int64(b.count))
        bytes(b)
    }
}

/// Where snapshot words and strings are read from, a word or a string at a
/// time: the whole snapshot's bytes (`ByteReader`) or a section read in
/// place (`SnapshotColumnReader`). Strings are a length and that many bytes.
protocol SnapshotWordReader {
    /// The next `n` bytes; nil past the end.
    mutating func bytes(_ n: Int) -> [UInt8]?
    /// The next little-endian 64-bit integer; nil past the end.
    mutating func i64() -> Int64?
}

extension SnapshotWordReader {
    mutating func i64() -> Int64? {
        bytes(8).map { $0.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) } }
    }

    /// A string of less than 1 MiB, as `ByteWriter` writes it.
    mutating func string() -> String? {
        guard let n = i64(), n >= 0, n < 1 << 20, let b = bytes(Int(n)) else { return nil }
        return String(decoding: b, as: UTF8.self)
    }
}

/// Reads what `ByteWriter` wrote, refusing anything out of bounds.
struct ByteReader: SnapshotWordReader {
    let bytes: UnsafeRawBufferPointer
    let end: Int
    var position = 0

    var atEnd: Bool { position == end }

    mutating func bytes(_ n: Int) -> [UInt8]? {
        guard n >= 0, position + n <= end else { return nil }
        defer { position += n }
        return Array(bytes[position..<(position + n)])
    }

    mutating func load<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard position + size <= end else { return nil }
        let v = bytes.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return T(littleEndian: v)
    }

    mutating func u32() -> UInt32? { load(UInt32.self) }
    mutating func u64() -> UInt64? { load(UInt64.self) }
    mutating func i64() -> Int64? { load(UInt64.self).map { Int64(bitPattern: $0) } }
}

/// The binary form of the errors recorded for skipped events.
enum ErrorCoding {
    static func write(_ e: DomainError, _ w: inout ByteWriter) {
        func tag(_ t: UInt8, _ strings: [String], _ extra: UInt8 = 0) {
            w.bytes([t, extra])
            w.i64(Int64(strings.count))
            for s in strings { w.string(s) }
        }
        switch e {
        case .invalidID(let a, let b): tag(0, [a, b.token])
        case .invalidName(let a, let b): tag(1, [a, token(b)])
        case .unknownObject(let id): tag(2, [id.rawValue])
        case .duplicateID(let id): tag(3, [id.rawValue])
        case .selfPlacement(let id): tag(4, [id.rawValue])
        case .cycle(let o, let t, let axis): tag(5, [o.rawValue, t.rawValue], axis.rawValue)
        case .relationAgainstWorld(let r): tag(6, [], r.rawValue)
        case .emptyAxes: tag(7, [])
        case .unknownRelation(let s): tag(8, [s])
        case .unknownAxis(let s): tag(9, [s])
        case .archived(let id): tag(10, [id.rawValue])
        case .archivedID(let id): tag(11, [id.rawValue])
        case .notArchived(let id): tag(12, [id.rawValue])
        case .notEmpty(let id, let count): tag(13, [id.rawValue, String(count)])
        case .invalidNote(let a, let b): tag(14, [a, token(b)])
        case .restoreNeedsBothAxes(let id): tag(15, [id.rawValue])
        case .cannotUndo(let seq, let reason): tag(16, [String(seq)], reason.rawValue)
        case .invalidActor(let a, let b): tag(17, [a, token(b)])
        case .invalidCommandID(let a, let b): tag(18, [a, b.token])
        case .commandIDReused(let a, let seq): tag(19, [a, String(seq)])
        case .belongsInsideElsewhere(let id, let thing, let count):
            tag(20, [id.rawValue, thing.rawValue, String(count)])
        case .selfLoan(let id): tag(21, [id.rawValue])
        }
    }

    /// A text problem's stable name.
    private static func token(_ problem: TextProblem) -> String {
        switch problem {
        case .empty: return "empty"
        case .tooLong: return "too-long"
        case .control(let scalar): return "control-\(scalar)"
        }
    }

    static func read(_ r: inout ByteReader) -> DomainError? {
        guard let head = r.bytes(2), let n = r.i64(), n >= 0, n <= 3 else { return nil }
        var s: [String] = []
        for _ in 0..<n {
            guard let text = r.string() else { return nil }
            s.append(text)
        }
        func id(_ k: Int) -> ObjectID? { k < s.count ? ObjectID(unchecked: s[k]) : nil }
        switch (head[0], s.count) {
        // The problem is the rule's verdict on the text, found again (older snapshots held a sentence).
        case (0, 2): return .invalidID(s[0], ObjectID.problem(with: s[0]) ?? .badCharacter)
        case (1, 2): return .invalidName(s[0], ObjectName.problem(with: s[0]) ?? .empty)
        case (2, 1): return id(0).map { .unknownObject($0) }
        case (3, 1): return id(0).map { .duplicateID($0) }
        case (4, 1): return id(0).map { .selfPlacement($0) }
        case (5, 2):
            guard let axis = Axis(rawValue: head[1]), let o = id(0), let t = id(1) else { return nil }
            return .cycle(object: o, target: t, axis: axis)
        case (6, 0): return Relation(rawValue: head[1]).map { .relationAgainstWorld($0) }
        case (7, 0): return .emptyAxes
        case (8, 1): return .unknownRelation(s[0])
        case (9, 1): return .unknownAxis(s[0])
        case (10, 1): return id(0).map { .archived($0) }
        case (11, 1): return id(0).map { .archivedID($0) }
        case (12, 1): return id(0).map { .notArchived($0) }
        case (13, 2): return id(0).flatMap { x in Int(s[1]).map { .notEmpty(x, count: $0) } }
        case (14, 2): return .invalidNote(s[0], ObjectName.problem(with: s[0]) ?? .empty)
        case (15, 1): return id(0).map { .restoreNeedsBothAxes($0) }
        case (16, 1):
            return Int64(s[0]).flatMap { seq in UndoRefusal(rawValue: head[1]).map { .cannotUndo(seq: seq, $0) } }
        case (17, 2): return .invalidActor(s[0], Actor.problem(with: s[0]) ?? .empty)
        case (18, 2): return .invalidCommandID(s[0], CommandID.problem(with: s[0]) ?? .badCharacter)
        case (19, 2): return Int64(s[1]).map { .commandIDReused(s[0], seq: $0) }
        case (21, 1): return id(0).map { .selfLoan($0) }
        case (20, 3):
            return id(0).flatMap { x in
                Int(s[2]).map { .belongsInsideElsewhere(x, thing: ObjectID(unchecked: s[1]), count: $0) }
            }
        default: return nil
        }
    }
}
