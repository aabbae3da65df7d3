import PlingsDomain

/// Gathers the object timeline during a replay: after each event, every
/// object its effects name gets a record of its new value, read from the
/// state as the event left it (so the last record of an event is its final
/// word), and a parent or positional target gets a candidate record naming
/// the object that now points at it.
final class TimelineBuilder {
    typealias Kind = TimelineRecord.Kind
    private let lists = TimelineChunks()
    /// Each list's last seq, for the deltas.
    private var lastSeq: [Int64] = []
    /// Names and archive notes, one after another.
    private(set) var texts: [UInt8] = []
    private var record: [UInt8] = []

    init() {}

    /// Takes the effects of one event, with the state it left.
    func observe(_ effects: [Effect], _ state: WorldState) {
        let seq = state.lastSeq
        for effect in effects {
            switch effect {
            case .created(let x, _): named(x, .created, seq, state)
            case .renamed(let x, _, _): named(x, .renamed, seq, state)
            case .parentChanged(let x, let axis, _, _): parent(x, axis, seq, state)
            case .positionalAdded(let x, let axis, _), .positionalRemoved(let x, let axis, _, _):
                positional(x, axis, seq, state)
            case .archived(let x, _): archived(x, seq, state)
            case .restored(let x, _): add(x, .restored, seq) { _ in }
            case .seen(let x):
                let at = state.status.seen(x).at
                add(x, .seen, seq) { TimelineRecord.varint(UInt64(bitPattern: at), &$0) }
            case .unchanged: break
            }
        }
    }

    private func named(_ x: ObjectIndex, _ kind: Kind, _ seq: Int64, _ state: WorldState) {
        let (offset, length) = text(state.registry.nameSlice(x))
        add(x, kind, seq) {
            TimelineRecord.varint(UInt64(offset), &$0)
            TimelineRecord.varint(UInt64(length), &$0)
        }
    }

    private func parent(_ x: ObjectIndex, _ axis: Axis, _ seq: Int64, _ state: WorldState) {
        let edge = state.projection(axis).parents.edge(x)
        add(x, .parent(axis), seq) {
            $0.append(edge.relation.rawValue)
            TimelineRecord.varint(UInt64(Int64(edge.parent) + 1), &$0)
        }
        if !edge.isWorld { add(edge.parent, .child(axis), seq) { TimelineRecord.varint(UInt64(x), &$0) } }
    }

    private func positional(_ x: ObjectIndex, _ axis: Axis, _ seq: Int64, _ state: WorldState) {
        let edge = state.projection(axis).positional.outbound(x)
        add(x, .positional(axis), seq) {
            $0.append(edge?.relation.rawValue ?? 0)
            TimelineRecord.varint(edge.map { UInt64($0.target) + 1 } ?? 0, &$0)
        }
        if let edge { add(edge.target, .inbound(axis), seq) { TimelineRecord.varint(UInt64(x), &$0) } }
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

    /// Appends one record to `x`'s list: the seq delta, the kind, then what `values` writes.
    private func add(_ x: ObjectIndex, _ kind: Kind, _ seq: Int64, _ values: (inout [UInt8]) -> Void) {
        let i = Int(x)
        guard i >= 0 else { return }
        if i >= lastSeq.count { lastSeq.append(contentsOf: repeatElement(0, count: i + 1 - lastSeq.count)) }
        record.removeAll(keepingCapacity: true)
        TimelineRecord.varint(UInt64(seq - lastSeq[i]), &record)
        record.append(kind.rawValue)
        values(&record)
        lastSeq[i] = seq
        record.withUnsafeBufferPointer { lists.append(i, $0) }
    }

    /// Each object's list length in bytes, for objects `0..<count`.
    func sizes(count: Int) -> [Int] {
        (0..<count).map { $0 < lists.count ? lists.sizes[$0] : 0 }
    }

    /// Copies list `x` to `out` (room for its size).
    func copy(_ x: Int, to out: UnsafeMutableRawPointer) { lists.copy(x, to: out) }
}
