import PlingsDomain

/// Gathers the object timeline during a replay: after each event, every
/// object its effects name gets a record of its new value, read from the
/// state as the event left it (so the last record of an event is its final
/// word), and a parent or positional target gets a candidate record naming
/// the object that now points at it.
final class TimelineBuilder {
    typealias Kind = TimelineRecord.Kind
    // Only the rebuild's replay thread touches a builder, so the run-time exclusivity checks are left out.
    private let lists = TimelineChunks()
    /// Each list's last seq, for the deltas.
    @exclusivity(unchecked) private var lastSeq: [Int64] = []
    /// Names and archive notes, one after another.
    @exclusivity(unchecked) private(set) var texts: [UInt8] = []
    @exclusivity(unchecked) private var record: [UInt8] = []

    init() {}

    /// Objects whose parent (or positional) edge an event changed, and on which axes (1 current, 2 normal).
    @exclusivity(unchecked) private var touched: [(x: ObjectIndex, positional: Bool, axes: Int)] = []

    /// Every event's time as a varint (the rise since the event before; 0
    /// for the first of each block of `TimelineFile.timeBlock` events), and
    /// where each block starts in it with its first time.
    @exclusivity(unchecked) private(set) var times: [UInt8] = []
    @exclusivity(unchecked) private(set) var timeBlocks: [(offset: Int, first: Int64)] = []
    @exclusivity(unchecked) private var lastAt: Int64 = 0
    /// Events taken so far.
    @exclusivity(unchecked) private(set) var events: Int64 = 0

    /// Takes one event's seq, time and effects, with the state it left.
    func observe(_ seq: Int64, _ time: Timestamp, _ effects: [Effect], _ state: WorldState) {
        let at = time.milliseconds
        if events % Int64(TimelineFile.timeBlock) == 0 {
            timeBlocks.append((times.count, at))
            lastAt = at
        }
        TimelineRecord.varint(UInt64(max(0, at - lastAt)), &times)
        lastAt = at
        events += 1
        touched.removeAll(keepingCapacity: true)
        for effect in effects {
            switch effect {
            case .created(let x, _), .renamed(let x, _, _):
                let (offset, length) = text(state.registry.nameSlice(x))
                add(x, .named, seq) {
                    TimelineRecord.varint(UInt64(offset), &$0)
                    TimelineRecord.varint(UInt64(length), &$0)
                }
            case .parentChanged(let x, let axis, _, _): touch(x, positional: false, axis)
            case .positionalAdded(let x, let axis, _), .positionalRemoved(let x, let axis, _, _):
                touch(x, positional: true, axis)
            case .archived(let x, _): archived(x, seq, state)
            case .restored(let x, _): add(x, .restored, seq) { _ in }
            case .seen(let x):
                let at = state.status.seen(x).at
                add(x, .seen, seq) { TimelineRecord.varint(UInt64(bitPattern: at), &$0) }
            case .unchanged: break
            }
        }
        for t in touched {
            if t.positional { positional(t.x, t.axes, seq, state) } else { parent(t.x, t.axes, seq, state) }
        }
    }

    private func touch(_ x: ObjectIndex, positional: Bool, _ axis: Axis) {
        let bit = axis == .current ? 1 : 2
        if let k = touched.firstIndex(where: { $0.x == x && $0.positional == positional }) {
            touched[k].axes |= bit
        } else {
            touched.append((x, positional, bit))
        }
    }

    /// The axes of `mask` as one group when both are in it and `same` says their values agree, else one by one.
    private static func groups(_ mask: Int, same: Bool) -> [Int] {
        mask == 3 ? (same ? [3] : [1, 2]) : [mask]
    }

    private static func axis(_ mask: Int) -> Axis { mask == 2 ? .normal : .current }

    private func parent(_ x: ObjectIndex, _ mask: Int, _ seq: Int64, _ state: WorldState) {
        let edges = [state.current.parents.edge(x), state.normal.parents.edge(x)]
        for group in Self.groups(mask, same: edges[0] == edges[1]) {
            let edge = edges[group == 2 ? 1 : 0]
            add(x, .of(.parentCurrent, axes: group), seq, relation: edge.relation) {
                TimelineRecord.varint(UInt64(Int64(edge.parent) + 1), &$0)
            }
        }
        let parents = edges.map { $0.isWorld ? nil : $0.parent }
        for group in Self.groups(mask, same: parents[0] == parents[1]) {
            guard let p = parents[group == 2 ? 1 : 0] else { continue }
            add(p, .of(.childCurrent, axes: group), seq) { TimelineRecord.varint(UInt64(x), &$0) }
        }
    }

    private func positional(_ x: ObjectIndex, _ mask: Int, _ seq: Int64, _ state: WorldState) {
        let edges = [state.current.positional.outbound(x), state.normal.positional.outbound(x)]
        for group in Self.groups(mask, same: edges[0] == edges[1]) {
            let edge = edges[group == 2 ? 1 : 0]
            add(x, .of(.positionalCurrent, axes: group), seq, relation: edge?.relation ?? .in) {
                TimelineRecord.varint(edge.map { UInt64($0.target) + 1 } ?? 0, &$0)
            }
        }
        let targets = edges.map { $0?.target }
        for group in Self.groups(mask, same: targets[0] == targets[1]) {
            guard let y = targets[group == 2 ? 1 : 0] else { continue }
            add(y, .of(.inboundCurrent, axes: group), seq) { TimelineRecord.varint(UInt64(x), &$0) }
        }
    }

    private func archived(_ x: ObjectIndex, _ seq: Int64, _ state: WorldState) {
        guard let a = state.status.archives[x] else { return }
        let note = a.note.map { text(Array($0.utf8)[...]) }
        add(x, .archived, seq) {
            TimelineRecord.varint(UInt64(a.root), &$0)
            TimelineRecord.varint(UInt64(bitPattern: a.at.milliseconds), &$0)
            TimelineRecord.varint(note.map { UInt64($0.length) + 1 } ?? 0, &$0)
            TimelineRecord.varint(UInt64(note?.offset ?? 0), &$0)
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>) -> (offset: Int, length: Int) {
        let offset = texts.count
        texts.append(contentsOf: bytes)
        return (offset, bytes.count)
    }

    /// Appends one record to `x`'s list: the seq delta, the kind and relation, then what `values` writes.
    private func add(
        _ x: ObjectIndex, _ kind: Kind, _ seq: Int64, relation: Relation = .in, _ values: (inout [UInt8]) -> Void
    ) {
        let i = Int(x)
        guard i >= 0 else { return }
        if i >= lastSeq.count { lastSeq.append(contentsOf: repeatElement(0, count: i + 1 - lastSeq.count)) }
        record.removeAll(keepingCapacity: true)
        TimelineRecord.varint(UInt64(seq - lastSeq[i]), &record)
        record.append(kind.rawValue | relation.rawValue << 4)
        values(&record)
        lastSeq[i] = seq
        record.withUnsafeBufferPointer { lists.append(i, $0) }
    }

    /// Each object's list length in bytes, for objects `0..<count`.
    func sizes(count: Int) -> [Int] {
        (0..<count).map { $0 < lists.count ? lists.sizes[$0] : 0 }
    }

    /// Hands `body` list `x`'s bytes, a run at a time, in order.
    func forEachRun(_ x: Int, _ body: (UnsafeRawBufferPointer) -> Void) { lists.forEachRun(x, body) }
}
