import PlingsViews

/// The world at one past point, read from the object timeline one object at
/// a time, for a card: each object the card names has its list read up to
/// the point, and the list says its name, edges, archive and last `seen`
/// there. Contents and inbound edges come from the candidates a parent or
/// target keeps, each checked against the candidate's own list.
///
/// When any read fails (a damaged block, a value out of range, a record
/// that is not one), the view answers with neutral values and `failed` is
/// set: whatever was built from it must then be thrown away.
final class TimelineView: CardReading {
    typealias Kind = TimelineRecord.Kind
    let file: TimelineFile
    /// The point: the last event the view counts.
    private(set) var lastSeq: Int64 = 0
    private let blocks: SnapshotBlocks
    /// The objects read so far, and for each object where it is among them
    /// plus one (0: not read): an array, not a dictionary, since a card may read thousands.
    private var known: [ObjectAt] = []
    private var slot: [Int32] = []
    private var knownCandidates: [ObjectIndex: Candidates] = [:]
    /// Whether any read failed since the view was made.
    private(set) var failed = false

    /// One object as of the point, from its list: plain values only (no
    /// array to retain when it is copied), since a card may read thousands.
    struct ObjectAt {
        /// Whether the object was created by the point.
        var created = false
        var name: (offset: Int, length: Int) = (0, 0)
        /// The parent edge and the outbound positional edge, current axis first.
        var edges: (ParentEdge, ParentEdge) = (.world, .world)
        var outbound: (PositionalEdge?, PositionalEdge?) = (nil, nil)
        var archive: (seq: Int64, at: Int64, root: ObjectIndex, note: (offset: Int, length: Int)?)?
        var seen: (seq: Int64, at: Int64) = (0, 0)
    }

    /// Objects that took one object as parent, or as target, per axis (0
    /// current, 1 normal), up to the point: candidates, checked when read.
    /// Gathered only for the objects a card asks about (its own), by reading their list again.
    struct Candidates {
        var children: [[ObjectIndex]] = [[], []]
        var inbound: [[ObjectIndex]] = [[], []]
    }

    /// The view at `limit` of the timeline in `source`; nil when its header
    /// or block table does not check out, or the point is not within it: a
    /// seq before the first event or past the timeline, a time before the
    /// first event, or a time at or after the timeline's last event when the
    /// log (of `logSize` bytes) goes on past it, since its later events may count.
    init?(_ source: SnapshotSource, at limit: ReplayLimit, logSize: Int64, readBudget: Int) {
        guard let file = TimelineFile.read(source), let sums = file.blockChecksums(source) else { return nil }
        self.file = file
        blocks = SnapshotBlocks(source, sums: sums, bodyStart: file.bodyStart, readBudget: readBudget)
        let seq: Int64
        switch limit {
        case .seq(let s): seq = s
        case .time(let t):
            guard let s = self.seq(atOrBefore: t.milliseconds), s < file.cursor.lastSeq || logSize == file.cursor.offset
            else {
                return nil
            }
            seq = s
        }
        guard seq >= 1, seq <= file.cursor.lastSeq, !failed else { return nil }
        lastSeq = seq
    }

    /// The last event at or before `t` (times never go back in a log), 0 before the first; nil when a read fails.
    func seq(atOrBefore t: Int64) -> Int64? {
        let blocks = file.sizes[6] / 16
        var (lo, hi) = (0, blocks)
        while lo < hi {
            let mid = (lo + hi) / 2
            guard let first = word(6, 2 * mid + 1, Int64.self) else { return nil }
            if first <= t { lo = mid + 1 } else { hi = mid }
        }
        if lo == 0 { return 0 }
        let b = lo - 1
        let inBlock = min(Int64(TimelineFile.timeBlock), file.cursor.lastSeq - Int64(b * TimelineFile.timeBlock))
        guard let from = word(6, 2 * b, UInt64.self), var at = word(6, 2 * b + 1, Int64.self) else { return nil }
        let to = b + 1 < blocks ? word(6, 2 * b + 2, UInt64.self) : UInt64(file.sizes[7])
        // Every number read from the file is bounded before it is used: a forged one is any 64 bits.
        guard let to, from <= to, to <= UInt64(file.sizes[7]), inBlock > 0 else {
            failed = true
            return nil
        }
        let counted = withBytes(7, Int(from), Int(to - from)) { raw -> Int64? in
            var i = 0
            var k: Int64 = 0
            while k < inBlock {
                guard let rise = TimelineRecord.varint(raw, &i), rise <= UInt64(Int64.max),
                    case let (next, false) = at.addingReportingOverflow(Int64(rise))
                else { return nil }
                at = next
                if at > t { break }
                k += 1
            }
            return k
        }
        guard let counted else {
            failed = true
            return nil
        }
        return Int64(b * TimelineFile.timeBlock) + counted
    }

    private func word<T: FixedWidthInteger>(_ section: Int, _ k: Int, _: T.Type) -> T? {
        let v = blocks.load(T.self, at: file.start(section) + k * MemoryLayout<T>.size)
        if v == nil { failed = true }
        return v
    }

    /// `count` bytes at `offset` of `section`, checked to lie within it.
    private func withBytes<R>(_ section: Int, _ offset: Int, _ count: Int, _ body: (UnsafeRawBufferPointer) -> R?) -> R?
    {
        guard offset >= 0, count >= 0, count <= file.sizes[section] - offset,
            let r = blocks.withBytes(file.start(section) + offset, count, body).flatMap({ $0 })
        else {
            failed = true
            return nil
        }
        return r
    }

    private func text(_ ref: (offset: Int, length: Int)) -> String {
        withBytes(2, ref.offset, ref.length) { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    // MARK: - Lookup

    /// Objects created by the point (indices are given in order of creation).
    var count: Int {
        var (lo, hi) = (0, file.objects)
        while lo < hi && !failed {
            let mid = (lo + hi) / 2
            if at(ObjectIndex(mid)).created { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the object with id `id` when it exists at the point; nil otherwise.
    func index(of id: String) -> ObjectIndex? {
        find(id).flatMap { at($0).created ? $0 : nil }
    }

    /// The index of the object with id `id` among all the timeline holds (made by its end), or nil.
    func find(_ id: String) -> ObjectIndex? {
        let query = Array(id.utf8)
        var (lo, hi) = (0, file.objects)
        while lo < hi && !failed {
            let mid = (lo + hi) / 2
            guard let x = word(5, mid, UInt32.self), x < file.objects else {
                failed = true
                return nil
            }
            let bytes = idBytes(ObjectIndex(x))
            if bytes == query { return ObjectIndex(x) }
            if bytes.lexicographicallyPrecedes(query) { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    private func idBytes(_ x: ObjectIndex) -> [UInt8] {
        guard x >= 0, Int(x) < file.objects, let from = word(3, Int(x), UInt64.self),
            let to = word(3, Int(x) + 1, UInt64.self), from <= to, to <= UInt64(file.sizes[4]), to - from < 1 << 20
        else {
            failed = true
            return []
        }
        return withBytes(4, Int(from), Int(to - from)) { Array($0) } ?? []
    }

    /// Object `x` as of the point (kept once read).
    func at(_ x: ObjectIndex) -> ObjectAt {
        if x >= 0, Int(x) < slot.count, slot[Int(x)] > 0 { return known[Int(slot[Int(x)]) - 1] }
        var none: Candidates?
        let o = list(x) { decode($0, candidates: &none) } ?? ObjectAt()
        if x >= 0, Int(x) < file.objects {
            if slot.isEmpty { slot = [Int32](repeating: 0, count: file.objects) }
            known.append(o)
            slot[Int(x)] = Int32(known.count)
        }
        return o
    }

    /// The candidates of `x` as of the point (kept once read).
    func candidates(_ x: ObjectIndex) -> Candidates {
        if let c = knownCandidates[x] { return c }
        var found: Candidates? = Candidates()
        _ = list(x) { decode($0, candidates: &found) }
        let c = failed ? Candidates() : found ?? Candidates()
        knownCandidates[x] = c
        return c
    }

    /// What `body` makes of the list of `x`; nil (and `failed` set) when it cannot be read.
    private func list<R>(_ x: ObjectIndex, _ body: (UnsafeRawBufferPointer) -> R?) -> R? {
        guard x >= 0, Int(x) < file.objects, let from = word(0, Int(x), UInt64.self),
            let to = word(0, Int(x) + 1, UInt64.self), from <= to, to <= UInt64(file.sizes[1])
        else {
            failed = true
            return nil
        }
        return withBytes(1, Int(from), Int(to - from), body)
    }

    /// Reads a list's records up to the point; the candidate records go to
    /// `candidates` when it is not nil, and are only checked otherwise.
    private func decode(_ list: UnsafeRawBufferPointer, candidates: inout Candidates?) -> ObjectAt? {
        var o = ObjectAt()
        var i = 0
        var seq: Int64 = 0
        while i < list.count {
            guard let delta = TimelineRecord.varint(list, &i), delta <= UInt64(Int64.max - seq) else { return nil }
            seq += Int64(delta)
            if seq > lastSeq { break }
            guard i < list.count, let kind = Kind(rawValue: list[i] & 0x0F),
                let relation = Relation(rawValue: list[i] >> 4)
            else { return nil }
            i += 1
            guard read(kind, relation, seq, list, &i, into: &o, &candidates) else { return nil }
        }
        return o
    }

    /// Reads one record's values into `o`; false when they are not a record's.
    private func read(
        _ kind: Kind, _ relation: Relation, _ seq: Int64, _ list: UnsafeRawBufferPointer, _ i: inout Int,
        into o: inout ObjectAt, _ candidates: inout Candidates?
    ) -> Bool {
        if kind == .restored {
            o.archive = nil
            return true
        }
        guard let v = TimelineRecord.varint(list, &i) else { return false }
        if let (first, axes) = kind.family {
            return family(first, axes, relation, v, into: &o, &candidates)
        }
        switch kind {
        case .named:
            guard let length = TimelineRecord.varint(list, &i), v < 1 << 40, length < 1 << 20 else { return false }
            o.created = true
            o.name = (Int(v), Int(length))
        case .archived:
            guard v < UInt64(file.objects), let at = TimelineRecord.varint(list, &i),
                let note = TimelineRecord.varint(list, &i), let offset = TimelineRecord.varint(list, &i),
                note < 1 << 20, offset < 1 << 40
            else { return false }
            o.archive = (seq, Int64(bitPattern: at), ObjectIndex(v), note == 0 ? nil : (Int(offset), Int(note) - 1))
        case .seen:
            o.seen = (seq, Int64(bitPattern: v))
        default:
            return false
        }
        return true
    }

    /// A record of one of the four per-axis families, with its one value `v`, for the axes in `axes`.
    private func family(
        _ first: Kind, _ axes: Int, _ relation: Relation, _ v: UInt64, into o: inout ObjectAt,
        _ candidates: inout Candidates?
    ) -> Bool {
        let n = UInt64(file.objects)
        for side in 0..<2 where axes & (1 << side) != 0 {
            switch first {
            case .parentCurrent:
                guard v <= n else { return false }
                let edge = ParentEdge(relation, ObjectIndex(Int64(v) - 1))
                if side == 0 { o.edges.0 = edge } else { o.edges.1 = edge }
            case .positionalCurrent:
                guard v <= n else { return false }
                let edge = v == 0 ? nil : PositionalEdge(relation, ObjectIndex(v - 1))
                if side == 0 { o.outbound.0 = edge } else { o.outbound.1 = edge }
            case .childCurrent:
                guard v < n else { return false }
                candidates?.children[side].append(ObjectIndex(v))
            default:
                guard v < n else { return false }
                candidates?.inbound[side].append(ObjectIndex(v))
            }
        }
        return true
    }

    // MARK: - CardReading

    private func side(_ axis: Axis) -> Int { axis == .current ? 0 : 1 }

    func id(_ x: ObjectIndex) -> String { String(decoding: idBytes(x), as: UTF8.self) }

    func name(_ x: ObjectIndex) -> String { text(at(x).name) }

    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge {
        let o = at(x)
        return axis == .current ? o.edges.0 : o.edges.1
    }

    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        guard let chain = walkUp(from: x, axis, limit: file.objects, stop: { failed }) else {
            failed = true
            return []
        }
        return chain
    }

    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? {
        let o = at(x)
        return axis == .current ? o.outbound.0 : o.outbound.1
    }

    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        Array(Set(candidates(y).inbound[side(axis)])).filter { outbound($0, axis)?.target == y && at($0).created }
    }

    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        Array(Set(candidates(x).children[side(axis)])).filter { edge($0, axis).parent == x && at($0).created }
    }

    func isArchived(_ x: ObjectIndex) -> Bool { at(x).archive != nil }

    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) { at(x).seen }

    func archive(_ x: ObjectIndex) -> ArchiveRecord? {
        guard let a = at(x).archive else { return nil }
        return ArchiveRecord(
            seq: a.seq, at: Timestamp(milliseconds: a.at), root: a.root, note: a.note.map { text($0) })
    }
}
