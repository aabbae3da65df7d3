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
    let sections: TimelineSections
    var file: TimelineFile { sections.file }
    /// The point: the last event the view counts.
    private(set) var lastSeq: Int64 = 0
    /// The objects read so far, and for each object where it is among them
    /// plus one (0: not read): an array, not a dictionary, since a card may read thousands.
    private var known: [ObjectAt] = []
    private var slot: [Int32] = []
    private var knownCandidates: [ObjectIndex: Candidates] = [:]
    /// Whether any read failed since the view was made.
    var failed: Bool { sections.failed }

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
        var loan: LoanAt?
    }

    /// A loan as of the point: the borrower a thing or a name's text, the due day and the note's text.
    struct LoanAt {
        var seq: Int64
        var at: Int64
        var thing: ObjectIndex?
        var name: (offset: Int, length: Int)?
        var due: CalendarDay?
        var note: (Int, Int)?
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
    convenience init?(_ source: SnapshotSource, at limit: ReplayLimit, logSize: Int64, readBudget: Int) {
        guard let sections = TimelineSections(source, readBudget: readBudget) else { return nil }
        self.init(sections, at: limit, logSize: logSize)
    }

    /// The view at `limit` of the timeline whose `sections` are read already (shared with other views of it);
    /// nil as `init(_:at:logSize:readBudget:)`.
    init?(_ sections: TimelineSections, at limit: ReplayLimit, logSize: Int64) {
        guard let seq = sections.point(limit, logSize: logSize) else { return nil }
        self.sections = sections
        lastSeq = seq
    }

    /// The last event at or before `t`, 0 before the first; nil when a read fails.
    func seq(atOrBefore t: Int64) -> Int64? { sections.seq(atOrBefore: t) }

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
    func find(_ id: String) -> ObjectIndex? { sections.find(id) }

    /// Reads each list for this view and for `later`, a view of the same sections at a later point,
    /// in one pass (a diff reads the same objects at both): `at` of this view asks `later`, whose
    /// pass keeps what the list says at this point too; candidates are `later`'s (more, never fewer:
    /// each is checked against its own list at this point when used).
    func pair(later: TimelineView) {
        guard later.sections === sections, later.lastSeq >= lastSeq else { return }
        self.later = later
        later.earlier = self
    }

    private var later: TimelineView?
    private weak var earlier: TimelineView?
    /// The ids and texts read so far.
    private var ids: [ObjectIndex: String] = [:]
    private var texts: [Int: (length: Int, text: String)] = [:]

    /// Object `x` as of the point (kept once read).
    func at(_ x: ObjectIndex) -> ObjectAt {
        if let o = kept(x) { return o }
        if let later {
            _ = later.at(x)
            if let o = kept(x) { return o }
        }
        var none: Candidates?
        var split: ObjectAt?
        let o = sections.list(x) { decode($0, candidates: &none, split: earlier?.lastSeq, at: &split) } ?? ObjectAt()
        if let earlier, earlier.kept(x) == nil { earlier.keep(split ?? ObjectAt(), x) }
        keep(o, x)
        return o
    }

    /// Object `x` as of the point when it was read already.
    private func kept(_ x: ObjectIndex) -> ObjectAt? {
        x >= 0 && Int(x) < slot.count && slot[Int(x)] > 0 ? known[Int(slot[Int(x)]) - 1] : nil
    }

    /// Keeps `o` as object `x` as of the point.
    private func keep(_ o: ObjectAt, _ x: ObjectIndex) {
        guard x >= 0, Int(x) < file.objects else { return }
        if slot.isEmpty { slot = [Int32](repeating: 0, count: file.objects) }
        known.append(o)
        slot[Int(x)] = Int32(known.count)
    }

    /// The candidates of `x` as of the point (kept once read).
    func candidates(_ x: ObjectIndex) -> Candidates {
        if let later { return later.candidates(x) }
        if let c = knownCandidates[x] { return c }
        var found: Candidates? = Candidates()
        _ = sections.list(x) { decode($0, candidates: &found) }
        let c = failed ? Candidates() : found ?? Candidates()
        knownCandidates[x] = c
        return c
    }

    /// Reads a list's records up to the point; the candidate records go to
    /// `candidates` when it is not nil, and are only checked otherwise.
    /// With `split`, the object as of that earlier seq goes to `atSplit` on the way.
    private func decode(
        _ list: UnsafeRawBufferPointer, candidates: inout Candidates?, split: Int64? = nil,
        at atSplit: inout ObjectAt?
    ) -> ObjectAt? {
        var o = ObjectAt()
        var ok = true
        let whole = TimelineRecord.forEach(list, as: Kind.self) { r in
            guard r.seq <= lastSeq else { return false }
            if let split, atSplit == nil, r.seq > split { atSplit = o }
            ok = read(r, into: &o, &candidates)
            return ok
        }
        if !(whole && ok) { sections.fail() }
        if split != nil, atSplit == nil { atSplit = o }
        return whole && ok ? o : nil
    }

    private func decode(_ list: UnsafeRawBufferPointer, candidates: inout Candidates?) -> ObjectAt? {
        var none: ObjectAt?
        return decode(list, candidates: &candidates, at: &none)
    }

    /// Reads one record's values into `o`; false when they are not a record's.
    private func read(_ r: TimelineRecord.Read<Kind>, into o: inout ObjectAt, _ candidates: inout Candidates?) -> Bool {
        guard let relation = Relation(rawValue: r.high) else { return false }
        let v = r.values.0
        if let (first, axes) = r.kind.family {
            return family(first, axes, relation, v, into: &o, &candidates)
        }
        if r.high == TimelineRecord.loanFlag && (r.kind == .archived || r.kind == .restored) {
            guard r.kind == .archived else {
                o.loan = nil
                return true
            }
            guard let l = TimelineRecord.loan(r.values, objects: file.objects) else { return false }
            o.loan = LoanAt(seq: r.seq, at: l.at, thing: l.thing, name: l.name, due: l.due, note: l.note)
            return true
        }
        switch r.kind {
        case .restored:
            o.archive = nil
        case .named:
            guard v < 1 << 40, r.values.1 < 1 << 20 else { return false }
            o.created = true
            o.name = (Int(v), Int(r.values.1))
        case .archived:
            let (at, note, offset) = (r.values.1, r.values.2, r.values.3)
            guard v < UInt64(file.objects), note < 1 << 20, offset < 1 << 40 else { return false }
            o.archive = (r.seq, Int64(bitPattern: at), ObjectIndex(v), note == 0 ? nil : (Int(offset), Int(note) - 1))
        case .seen:
            o.seen = (r.seq, Int64(bitPattern: v))
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

    func id(_ x: ObjectIndex) -> String {
        if let later { return later.id(x) }
        if let id = ids[x] { return id }
        let id = String(decoding: sections.idBytes(x), as: UTF8.self)
        ids[x] = id
        return id
    }

    func name(_ x: ObjectIndex) -> String { text(at(x).name) }

    /// A text of the names and notes (kept once read: a path names its containers again and again).
    private func text(_ ref: (offset: Int, length: Int)) -> String {
        if let later { return later.text(ref) }
        if let kept = texts[ref.offset], kept.length == ref.length { return kept.text }
        let text = sections.text(ref)
        texts[ref.offset] = (ref.length, text)
        return text
    }

    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge {
        let o = at(x)
        return axis == .current ? o.edges.0 : o.edges.1
    }

    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        guard let chain = walkUp(from: x, axis, limit: file.objects, stop: { failed }) else {
            sections.fail()
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

    func loan(_ x: ObjectIndex) -> LoanRecord? {
        guard let l = at(x).loan else { return nil }
        let holder: LoanRecord.Holder =
            if let y = l.thing { .thing(y) } else { .name(l.name.map { sections.text($0) } ?? "") }
        return LoanRecord(
            seq: l.seq, at: Timestamp(milliseconds: l.at), holder: holder, due: l.due,
            note: l.note.map { sections.text($0) })
    }

    func archive(_ x: ObjectIndex) -> ArchiveRecord? {
        guard let a = at(x).archive else { return nil }
        return ArchiveRecord(
            seq: a.seq, at: Timestamp(milliseconds: a.at), root: a.root, note: a.note.map { sections.text($0) })
    }
}
