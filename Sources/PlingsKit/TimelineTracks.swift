/// The object timeline read at many points at once (a history): each
/// object's list decoded whole, once, into the values it took and the seqs
/// it took them at, then read at any seq by a binary search (`TimelineAt`).
final class TimelineTracks {
    typealias Kind = TimelineRecord.Kind
    let sections: TimelineSections
    private var tracks: [ObjectIndex: Track] = [:]

    /// What one object's list says, value by value, each with the seq it was set at (oldest first).
    struct Track {
        /// The seq of the object's creation (0 when the timeline does not hold it).
        var created: Int64 = 0
        var names: [(seq: Int64, offset: Int, length: Int)] = []
        /// Per axis (current, normal).
        var parents: [[(seq: Int64, edge: ParentEdge)]] = [[], []]
        var outbound: [[(seq: Int64, edge: PositionalEdge?)]] = [[], []]
        /// Candidates for the children and the sources of inbound edges, per axis.
        var children: [[(seq: Int64, x: ObjectIndex)]] = [[], []]
        var inbound: [[(seq: Int64, x: ObjectIndex)]] = [[], []]
        var archives: [(seq: Int64, record: ArchiveRecord?)] = []
        var seen: [(seq: Int64, at: Int64)] = []
        /// Each loan as it began, and nil where one ended.
        var loans: [(seq: Int64, record: LoanRecord?)] = []
    }

    init(_ sections: TimelineSections) {
        self.sections = sections
    }

    var failed: Bool { sections.failed }
    var lastSeq: Int64 { sections.file.cursor.lastSeq }
    var objects: Int { sections.file.objects }

    /// The track of `x` (kept once read); an empty one, and `failed` set, when its list cannot be read.
    func track(_ x: ObjectIndex) -> Track {
        if let kept = tracks[x] { return kept }
        let t = sections.list(x) { decode($0) } ?? Track()
        if t.created == 0 && x >= 0 && Int(x) < objects { sections.fail() }
        tracks[x] = t
        return t
    }

    private func decode(_ list: UnsafeRawBufferPointer) -> Track? {
        var t = Track()
        var ok = true
        let whole = TimelineRecord.forEach(list, as: Kind.self) { r in
            ok = take(r, into: &t)
            return ok
        }
        return whole && ok ? t : nil
    }

    /// Adds one record to `t`; false when its values are not a record's.
    private func take(_ r: TimelineRecord.Read<Kind>, into t: inout Track) -> Bool {
        guard let relation = Relation(rawValue: r.high) else { return false }
        let (v, n) = (r.values.0, UInt64(objects))
        if let (first, axes) = r.kind.family {
            guard first == .parentCurrent || first == .positionalCurrent ? v <= n : v < n else { return false }
            for side in 0..<2 where axes & (1 << side) != 0 {
                switch first {
                case .parentCurrent: t.parents[side].append((r.seq, ParentEdge(relation, ObjectIndex(Int64(v) - 1))))
                case .positionalCurrent:
                    t.outbound[side].append((r.seq, v == 0 ? nil : PositionalEdge(relation, ObjectIndex(v - 1))))
                case .childCurrent: t.children[side].append((r.seq, ObjectIndex(v)))
                default: t.inbound[side].append((r.seq, ObjectIndex(v)))
                }
            }
            return true
        }
        if r.high == TimelineRecord.loanFlag && (r.kind == .archived || r.kind == .restored) {
            guard r.kind == .archived else {
                t.loans.append((r.seq, nil))
                return true
            }
            guard let l = TimelineRecord.loan(r.values, objects: objects) else { return false }
            let holder: LoanRecord.Holder =
                if let y = l.thing { .thing(y) } else { .name(l.name.map { sections.text($0) } ?? "") }
            let record = LoanRecord(
                seq: r.seq, at: Timestamp(milliseconds: l.at), holder: holder, due: l.due,
                note: l.note.map { sections.text($0) })
            t.loans.append((r.seq, record))
            return true
        }
        switch r.kind {
        case .named:
            guard v < 1 << 40, r.values.1 < 1 << 20 else { return false }
            if t.created == 0 { t.created = r.seq }
            t.names.append((r.seq, Int(v), Int(r.values.1)))
        case .archived:
            let (at, note, offset) = (r.values.1, r.values.2, r.values.3)
            guard v < n, note < 1 << 20, offset < 1 << 40 else { return false }
            let text = note == 0 ? nil : sections.text((Int(offset), Int(note) - 1))
            let record = ArchiveRecord(
                seq: r.seq, at: Timestamp(milliseconds: Int64(bitPattern: at)), root: ObjectIndex(v), note: text)
            t.archives.append((r.seq, record))
        case .restored: t.archives.append((r.seq, nil))
        case .seen: t.seen.append((r.seq, Int64(bitPattern: v)))
        default: return false
        }
        return true
    }

    /// The index of the last element of a list (of `count`, oldest first) set at or before `seq`, or nil.
    static func last(_ count: Int, atOrBefore seq: Int64, _ seqAt: (Int) -> Int64) -> Int? {
        var (lo, hi) = (0, count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if seqAt(mid) <= seq { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }
}

/// The world at one seq, read from a timeline's tracks: what a history's sentences read.
struct TimelineAt: HistoryReading {
    let tracks: TimelineTracks
    let seq: Int64

    var lastSeq: Int64 { seq }

    private func side(_ axis: Axis) -> Int { axis == .current ? 0 : 1 }

    func created(_ x: ObjectIndex) -> Bool {
        let c = tracks.track(x).created
        return c > 0 && c <= seq
    }

    func index(of id: ObjectID) -> ObjectIndex? {
        tracks.sections.find(id.rawValue).flatMap { created($0) ? $0 : nil }
    }

    func id(_ x: ObjectIndex) -> String { String(decoding: tracks.sections.idBytes(x), as: UTF8.self) }

    func name(_ x: ObjectIndex) -> String {
        let names = tracks.track(x).names
        guard let k = TimelineTracks.last(names.count, atOrBefore: seq, { names[$0].seq }) else { return "" }
        return tracks.sections.text((names[k].offset, names[k].length))
    }

    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge {
        let list = tracks.track(x).parents[side(axis)]
        return TimelineTracks.last(list.count, atOrBefore: seq, { list[$0].seq }).map { list[$0].edge } ?? .world
    }

    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        guard let chain = walkUp(from: x, axis, limit: tracks.objects, stop: { tracks.failed }) else {
            tracks.sections.fail()
            return []
        }
        return chain
    }

    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? {
        let list = tracks.track(x).outbound[side(axis)]
        return TimelineTracks.last(list.count, atOrBefore: seq, { list[$0].seq }).flatMap { list[$0].edge }
    }

    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        let sources = Set(tracks.track(y).inbound[side(axis)].filter { $0.seq <= seq }.map(\.x))
        return sources.filter { outbound($0, axis)?.target == y && created($0) }
    }

    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        let candidates = Set(tracks.track(x).children[side(axis)].filter { $0.seq <= seq }.map(\.x))
        return candidates.filter { edge($0, axis).parent == x && created($0) }
    }

    func isArchived(_ x: ObjectIndex) -> Bool { archive(x) != nil }

    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        let list = tracks.track(x).seen
        return TimelineTracks.last(list.count, atOrBefore: seq, { list[$0].seq }).map { list[$0] } ?? (0, 0)
    }

    func loan(_ x: ObjectIndex) -> LoanRecord? {
        let list = tracks.track(x).loans
        return TimelineTracks.last(list.count, atOrBefore: seq, { list[$0].seq }).flatMap { list[$0].record }
    }

    func archive(_ x: ObjectIndex) -> ArchiveRecord? {
        let list = tracks.track(x).archives
        return TimelineTracks.last(list.count, atOrBefore: seq, { list[$0].seq }).flatMap { list[$0].record }
    }
}
