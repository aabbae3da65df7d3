/// A snapshot: every projection as of one line of the log, with the cursor
/// that says which line. Binary, versioned and checksummed. Disposable: a
/// snapshot that is damaged, of another format, or does not match the log's
/// line at its offset is ignored, never trusted.
package struct Snapshot: Sendable {
    package var state: WorldState
    package var cursor: LogCursor

    /// Bumped whenever the layout changes; older snapshots are then ignored.
    package static let formatVersion: UInt32 = 4
    static let magic: [UInt8] = Array("PLNGSNAP".utf8)

    package init(state: WorldState, cursor: LogCursor) {
        self.state = state
        self.cursor = cursor
    }

    // MARK: - Encoding

    /// The snapshot's bytes.
    package func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.bytes(Self.magic)
        w.u32(Self.formatVersion)
        w.i64(cursor.offset)
        w.i64(Int64(cursor.lines))
        w.i64(cursor.lastSeq)
        w.i64(cursor.lastAt.milliseconds)
        for word in [cursor.lastHash.w0, cursor.lastHash.w1, cursor.lastHash.w2, cursor.lastHash.w3] { w.u64(word) }
        w.i64(state.lastSeq)
        w.i64(state.lastAt.milliseconds)
        let r = state.registry.raw
        w.array(r.idBytes)
        w.array(r.idStart)
        w.array(r.idLength)
        w.array(r.nameBytes)
        w.array(r.nameStart)
        w.array(r.nameLength)
        w.array(r.table)
        for projection in [state.current, state.normal] {
            let parents = projection.parents.raw
            let positional = projection.positional.rawOutbound
            w.array(parents.parents)
            w.array(parents.relations)
            w.array(positional.relations)
            w.array(positional.targets)
        }
        w.i64(Int64(state.skipped.count))
        for s in state.skipped {
            w.i64(s.seq)
            ErrorCoding.write(s.error, &w)
        }
        w.array(state.awaySince)
        w.array(state.awaySinceAt)
        let cids = state.commandIDs.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        w.i64(Int64(cids.count))
        for (cid, seq) in cids {
            w.string(cid)
            w.i64(seq)
        }
        Self.writeStatus(state.status, &w)
        Self.writeDevices(state.devices, &w)
        w.u64(Checksum64.of(w.buffer))
        return w.buffer
    }

    /// Reads a snapshot's bytes; nil when they are damaged or of another format.
    package static func decode(_ bytes: [UInt8]) -> Snapshot? {
        bytes.withUnsafeBytes { decode($0) }
    }

    /// Reads a snapshot from memory (a mapped file); nil when it is damaged or of another format.
    package static func decode(_ raw: UnsafeRawBufferPointer) -> Snapshot? {
        guard raw.count >= 8 + 4 + 8,
            Checksum64.of(UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 8)]))
                == raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
        else { return nil }
        var r = ByteReader(bytes: raw, end: raw.count - 8)
        guard r.bytes(8) == magic, r.u32() == formatVersion, let offset = r.i64(), let lines = r.i64(),
            let lastSeq = r.i64(), let lastAt = r.i64(), let h0 = r.u64(), let h1 = r.u64(), let h2 = r.u64(),
            let h3 = r.u64(), let stateSeq = r.i64(), let stateAt = r.i64()
        else { return nil }
        guard let idBytes: [UInt8] = r.array(), let idStart: [UInt32] = r.array(), let idLength: [UInt8] = r.array(),
            let nameBytes: [UInt8] = r.array(), let nameStart: [Int] = r.array(), let nameLength: [UInt8] = r.array(),
            let table: [UInt64] = r.array(),
            let registry = ObjectRegistry(
                raw: .init(
                    idBytes: idBytes, idStart: idStart, idLength: idLength, nameBytes: nameBytes,
                    nameStart: nameStart, nameLength: nameLength, table: table))
        else { return nil }
        var projections: [AxisProjection] = []
        for axis in Axis.allCases {
            guard let parents: [ObjectIndex] = r.array(), let relations: [UInt8] = r.array(),
                let posRelations: [UInt8] = r.array(), let posTargets: [ObjectIndex] = r.array(),
                let tree = ParentTree(axis: axis, parents: parents, relations: relations),
                let edges = PositionalEdges(axis: axis, relations: posRelations, targets: posTargets)
            else { return nil }
            projections.append(AxisProjection(parents: tree, positional: edges))
        }
        guard let skippedCount = r.i64(), skippedCount >= 0, skippedCount < 100_000_000 else { return nil }
        var skipped: [SkippedEvent] = []
        for _ in 0..<skippedCount {
            guard let seq = r.i64(), let error = ErrorCoding.read(&r) else { return nil }
            skipped.append(SkippedEvent(seq: seq, error: error))
        }
        guard let awaySince: [Int64] = r.array(), let awaySinceAt: [Int64] = r.array(), let cidCount = r.i64(),
            cidCount >= 0
        else { return nil }
        var cids: [String: Int64] = [:]
        for _ in 0..<cidCount {
            guard let cid = r.string(), let seq = r.i64() else { return nil }
            cids[cid] = seq
        }
        guard let status = readStatus(&r, count: registry.count), let devices = readDevices(&r), r.atEnd,
            let state = WorldState(
                registry: registry, current: projections[0], normal: projections[1], lastSeq: stateSeq,
                lastAt: Timestamp(milliseconds: stateAt), skipped: skipped, commandIDs: cids, awaySince: awaySince,
                awaySinceAt: awaySinceAt, status: status, devices: devices)
        else { return nil }
        let cursor = LogCursor(
            offset: offset, lines: Int(lines), lastSeq: lastSeq, lastAt: Timestamp(milliseconds: lastAt),
            lastHash: Digest(h0, h1, h2, h3))
        return Snapshot(state: state, cursor: cursor)
    }
}

extension Snapshot {
    /// The status projector: four per-object arrays, then the archive records by index.
    static func writeStatus(_ status: ObjectStatus, _ w: inout ByteWriter) {
        w.array(status.seenSeq)
        w.array(status.seenAt)
        w.array(status.checkedSeq)
        w.array(status.checkedAt)
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

    static func readStatus(_ r: inout ByteReader, count: Int) -> ObjectStatus? {
        guard let seenSeq: [Int64] = r.array(), let seenAt: [Int64] = r.array(), let checkedSeq: [Int64] = r.array(),
            let checkedAt: [Int64] = r.array(), let n = r.i64(), n >= 0, n <= count
        else { return nil }
        var archives: [ObjectIndex: ArchiveRecord] = [:]
        for _ in 0..<n {
            guard let x = r.i64(), let seq = r.i64(), let at = r.i64(), let root = r.i64(), let hasNote = r.i64(),
                let index = ObjectIndex(exactly: x), let rootIndex = ObjectIndex(exactly: root)
            else { return nil }
            var note: String?
            if hasNote != 0 {
                guard let text = r.string() else { return nil }
                note = text
            }
            archives[index] = ArchiveRecord(seq: seq, at: Timestamp(milliseconds: at), root: rootIndex, note: note)
        }
        return ObjectStatus(
            seenSeq: seenSeq, seenAt: seenAt, checkedSeq: checkedSeq, checkedAt: checkedAt, archives: archives,
            count: count)
    }
}

/// Appends little-endian values and raw arrays to a byte buffer.
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
    /// A count followed by the elements' bytes.
    mutating func array<T: FixedWidthInteger>(_ a: [T]) {
        i64(Int64(a.count))
        a.withUnsafeBytes { buffer.append(contentsOf: $0) }
    }
}

/// Reads what `ByteWriter` wrote, refusing anything out of bounds.
struct ByteReader {
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
    mutating func string() -> String? {
        guard let n = i64(), n >= 0, n < 1 << 20, let b = bytes(Int(n)) else { return nil }
        return String(decoding: b, as: UTF8.self)
    }

    mutating func array<T: FixedWidthInteger>() -> [T]? {
        guard let count = i64(), count >= 0 else { return nil }
        let size = MemoryLayout<T>.stride
        let (total, overflow) = Int(count).multipliedReportingOverflow(by: size)
        guard !overflow, position + total <= end else { return nil }
        let n = Int(count)
        let result = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0, let dst = buffer.baseAddress, let src = bytes.baseAddress {
                UnsafeMutableRawPointer(dst).copyMemory(from: src + position, byteCount: total)
            }
            initialized = n
        }
        position += total
        return result
    }
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
        case .invalidID(let a, let b): tag(0, [a, b])
        case .invalidName(let a, let b): tag(1, [a, b])
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
        case .invalidNote(let a, let b): tag(14, [a, b])
        case .restoreNeedsBothAxes(let id): tag(15, [id.rawValue])
        case .cannotUndo(let seq, let reason): tag(16, [String(seq)], reason.rawValue)
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
        case (0, 2): return .invalidID(s[0], s[1])
        case (1, 2): return .invalidName(s[0], s[1])
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
        case (14, 2): return .invalidNote(s[0], s[1])
        case (15, 1): return id(0).map { .restoreNeedsBothAxes($0) }
        case (16, 1):
            return Int64(s[0]).flatMap { seq in UndoRefusal(rawValue: head[1]).map { .cannotUndo(seq: seq, $0) } }
        default: return nil
        }
    }
}
