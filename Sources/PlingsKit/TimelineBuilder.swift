import PlingsDomain

/// Gathers the object timeline during a replay: after each event, every
/// object its effects name gets a record of its new value, read from the
/// state as the event left it (so the last record of an event is its final
/// word), and a parent or positional target gets a candidate record naming
/// the object that now points at it.
///
/// A record is written at the end of its range of objects' stream in a
/// `TimelineSpill` (a buffer, written out to a scratch file when full), not
/// into its object's list: the lists are made a range at a time when the
/// file is written (`TimelineBucket`). Nothing is allocated per event or
/// per record, and the lists are not held in memory.
final class TimelineBuilder {
    typealias Kind = TimelineRecord.Kind
    /// The longest record: a seq delta, the object's place, the kind, and four values, ten bytes a varint at most.
    private static let recordBytes = 64
    /// The spill's streams: the texts, the times, the line lengths, the others
    /// each event changed, then for each range of objects its records and its mentions.
    static let textStream = 0
    static let timeStream = 1
    static let lengthStream = 2
    static let othersStream = 3
    static let firstRange = 4
    // Only the rebuild's replay thread touches a builder, so the run-time exclusivity checks are left out.
    let spill: TimelineSpill
    /// Each range's last seq, for the deltas: its records' (even places) and its mentions' (odd).
    @exclusivity(unchecked) private var rangeSeq: [Int64] = []
    /// The record being written: where, in which stream, and its length so far.
    @exclusivity(unchecked) var record: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var stream = 0
    @exclusivity(unchecked) var filled = 0

    /// Objects in a range are `1 << rangeShift`.
    let rangeShift: Int
    private var span: Int { 1 << rangeShift }

    /// A builder that keeps what it gathers in `spill`, by ranges of `1 << rangeShift` objects.
    init(spill: TimelineSpill, rangeShift: Int = TimelineBucket.shift) {
        self.spill = spill
        self.rangeShift = rangeShift
        record = spill.room(Self.textStream, 0)
    }

    /// Objects whose parent (or positional) edge an event changed, and on which axes (1 current, 2 normal).
    @exclusivity(unchecked) private var touched: [(x: ObjectIndex, positional: Bool, axes: Int)] = []

    /// Where each block of `TimelineFile.timeBlock` events starts in the
    /// times (every event's time as a varint: the rise since the event
    /// before, 0 for a block's first), with its first time.
    @exclusivity(unchecked) private(set) var timeBlocks: [(offset: Int, first: Int64)] = []
    /// Where each block starts in the line lengths and in the others, and where its first line starts in the log.
    @exclusivity(unchecked) private(set) var lineBlocks: [(lengths: Int, log: Int64, others: Int)] = []
    /// The seq of the last pair written to the others (the block's base at its start).
    @exclusivity(unchecked) var othersSeq: Int64 = 0
    /// Mentions of ids the registry did not know yet when the event came (see `earlyMention`).
    @exclusivity(unchecked) var early: [String: [(seq: Int64, kind: TimelineMention.Kind)]] = [:]
    @exclusivity(unchecked) var earlyCount = 0
    /// Whether mentions of unknown ids were left out (past `earlyLimit`).
    @exclusivity(unchecked) var earlyOverflow = false
    /// The errors found again for the refusals recorded so far (`Refusal.error(against:)`), by seq.
    @exclusivity(unchecked) var refusalErrors: [(seq: Int64, error: DomainError)] = []
    /// Objects an event changed besides its own object, gathered for the others.
    @exclusivity(unchecked) var others: [ObjectIndex] = []
    @exclusivity(unchecked) private var lastAt: Int64 = 0
    /// Events taken so far.
    @exclusivity(unchecked) private(set) var events: Int64 = 0
    /// The objects lent so far, with the seq of the `lent` event that began each loan: checked
    /// after each event that concerns one of them, for the record that ends the loan.
    @exclusivity(unchecked) private var lent: [ObjectIndex: Int64] = [:]

    /// Takes one event as folded, its effects and the state it left.
    func observe(_ e: FoldedEvent, _ effects: [Effect], _ state: WorldState) {
        let seq = e.seq
        envelope(e)
        touched.removeAll(keepingCapacity: true)
        for effect in effects {
            switch effect {
            case .created(let x, _), .renamed(let x, _, _):
                let (offset, length) = text(state.registry.nameSlice(x))
                guard begin(x, .named, seq) else { continue }
                put(UInt64(offset))
                put(UInt64(length))
                commit()
            case .parentChanged(let x, let axis, _, _): touch(x, positional: false, axis)
            case .positionalAdded(let x, let axis, _), .positionalRemoved(let x, let axis, _, _):
                touch(x, positional: true, axis)
            case .archived(let x, _): archived(x, seq, state)
            case .restored(let x, _): if begin(x, .restored, seq) { commit() }
            case .seen(let x):
                let at = state.status.seen(x).at
                guard begin(x, .seen, seq) else { continue }
                put(UInt64(bitPattern: at))
                commit()
            case .lent(let x): loan(x, seq, state)
            case .unchanged: break
            }
        }
        if !lent.isEmpty { loansEnded(e, effects, seq, state) }
        for t in touched {
            if t.positional { positional(t.x, t.axes, seq, state) } else { parent(t.x, t.axes, seq, state) }
        }
        mentions(e, effects, state)
        changedOthers(e, effects)
    }

    /// The event's time and its line's length, and at each block's start where the block begins.
    private func envelope(_ e: FoldedEvent) {
        let at = e.at.milliseconds
        if events % Int64(TimelineFile.timeBlock) == 0 {
            timeBlocks.append((spill.count(Self.timeStream), at))
            lineBlocks.append((spill.count(Self.lengthStream), e.offset, spill.count(Self.othersStream)))
            othersSeq = events
            lastAt = at
        }
        var n = 0
        TimelineRecord.varint(UInt64(max(0, at - lastAt)), spill.room(Self.timeStream, 10), &n)
        spill.advance(Self.timeStream, by: n)
        n = 0
        TimelineRecord.varint(UInt64(e.length), spill.room(Self.lengthStream, 10), &n)
        spill.advance(Self.lengthStream, by: n)
        lastAt = at
        events += 1
    }

    private func touch(_ x: ObjectIndex, positional: Bool, _ axis: Axis) {
        let bit = axis == .current ? 1 : 2
        if let k = touched.firstIndex(where: { $0.x == x && $0.positional == positional }) {
            touched[k].axes |= bit
        } else {
            touched.append((x, positional, bit))
        }
    }

    /// The axes of `mask` (1 current, 2 normal, 3 both) as at most two groups
    /// in order, 0 for none: both as one when `same` says their values agree,
    /// else one by one.
    @inline(__always)
    private static func groups(_ mask: Int, same: Bool) -> (Int, Int) {
        mask == 3 ? (same ? (3, 0) : (1, 2)) : (mask, 0)
    }

    private func parent(_ x: ObjectIndex, _ mask: Int, _ seq: Int64, _ state: WorldState) {
        let edges = (state.current.parents.edge(x), state.normal.parents.edge(x))
        let groups = Self.groups(mask, same: edges.0 == edges.1)
        for group in [groups.0, groups.1] where group != 0 {
            let edge = group == 2 ? edges.1 : edges.0
            guard begin(x, .of(.parentCurrent, axes: group), seq, relation: edge.relation) else { continue }
            put(UInt64(Int64(edge.parent) + 1))
            commit()
        }
        let parents = (edges.0.isWorld ? nil : edges.0.parent, edges.1.isWorld ? nil : edges.1.parent)
        candidates(naming: x, .childCurrent, on: parents, mask, seq)
    }

    private func positional(_ x: ObjectIndex, _ mask: Int, _ seq: Int64, _ state: WorldState) {
        let edges = (state.current.positional.outbound(x), state.normal.positional.outbound(x))
        let groups = Self.groups(mask, same: edges.0 == edges.1)
        for group in [groups.0, groups.1] where group != 0 {
            let edge = group == 2 ? edges.1 : edges.0
            guard begin(x, .of(.positionalCurrent, axes: group), seq, relation: edge?.relation ?? .in) else {
                continue
            }
            put(edge.map { UInt64($0.target) + 1 } ?? 0)
            commit()
        }
        candidates(naming: x, .inboundCurrent, on: (edges.0?.target, edges.1?.target), mask, seq)
    }

    /// The candidate records (of `family`) naming `x` on what it now points at on the axes of `mask`.
    @inline(__always)
    private func candidates(
        naming x: ObjectIndex, _ family: Kind, on targets: (ObjectIndex?, ObjectIndex?), _ mask: Int, _ seq: Int64
    ) {
        let groups = Self.groups(mask, same: targets.0 == targets.1)
        for group in [groups.0, groups.1] where group != 0 {
            guard let y = group == 2 ? targets.1 : targets.0, begin(y, .of(family, axes: group), seq) else { continue }
            put(UInt64(x))
            commit()
        }
    }

    private func archived(_ x: ObjectIndex, _ seq: Int64, _ state: WorldState) {
        guard let a = state.status.archives[x] else { return }
        let note = a.note.map { text(Array($0.utf8)[...]) }
        guard begin(x, .archived, seq) else { return }
        put(UInt64(a.root))
        put(UInt64(bitPattern: a.at.milliseconds))
        put(note.map { UInt64($0.length) + 1 } ?? 0)
        put(UInt64(note?.offset ?? 0))
        commit()
    }

    /// A loan's start (see `TimelineRecord`).
    private func loan(_ x: ObjectIndex, _ seq: Int64, _ state: WorldState) {
        guard let record = state.status.loan(x) else { return }
        lent[x] = record.seq
        let holder: UInt64
        switch record.holder {
        case .thing(let y): holder = UInt64(y) << 1
        case .name(let name):
            let t = text(Array(name.utf8)[...])
            holder = TimelineRecord.textReference(t.offset, t.length) << 1 | 1
        }
        let note = record.note.map { text(Array($0.utf8)[...]) }
        guard begin(x, Kind.archived.rawValue | TimelineRecord.loanFlag << 4, seq, mentions: false) else { return }
        put(holder)
        put(UInt64(bitPattern: record.at.milliseconds))
        put(record.due.map { UInt64($0.year * 10_000 + $0.month * 100 + $0.day) } ?? 0)
        put(note.map { TimelineRecord.textReference($0.offset, $0.length) + 1 } ?? 0)
        commit()
    }

    /// The loans this event ended (a return, a placement on the current axis, an archive): a
    /// loan ends only by an event about the lent thing, or an archive that takes it.
    private func loansEnded(_ e: FoldedEvent, _ effects: [Effect], _ seq: Int64, _ state: WorldState) {
        func check(_ x: ObjectIndex) {
            guard let began = lent[x], state.status.loan(x)?.seq != began else { return }
            lent[x] = nil
            if state.status.loan(x) == nil,
                begin(x, Kind.restored.rawValue | TimelineRecord.loanFlag << 4, seq, mentions: false)
            {
                commit()
            }
        }
        if let x = e.object { check(x) }
        for effect in effects {
            if case .archived(let y, _) = effect { check(y) }
        }
    }

    private func text(_ bytes: ArraySlice<UInt8>) -> (offset: Int, length: Int) {
        let offset = spill.count(Self.textStream)
        bytes.withUnsafeBytes { spill.append(Self.textStream, $0) }
        return (offset, bytes.count)
    }

    /// Starts a record of `x`'s list at the end of its range's stream: the
    /// seq delta, the object's place, then the kind and relation. False
    /// (writing nothing) when `x` is no object.
    @inline(__always)
    private func begin(_ x: ObjectIndex, _ kind: Kind, _ seq: Int64, relation: Relation = .in) -> Bool {
        let (kindByte, escaped) = TimelineRecord.kindByte(kind.rawValue, relation)
        return begin(x, kindByte, seq, mentions: false, escaped: escaped)
    }

    /// Starts a record (or with `mentions` a mention) of `x` whose kind byte is `kindByte` (and `escaped`,
    /// a relation that does not fit in its high four bits, after it); false for no object.
    @inline(__always)
    func begin(_ x: ObjectIndex, _ kindByte: UInt8, _ seq: Int64, mentions: Bool, escaped: UInt8? = nil) -> Bool {
        let i = Int(x)
        guard i >= 0 else { return false }
        let slot = 2 * (i >> rangeShift) + (mentions ? 1 : 0)
        if slot >= rangeSeq.count { rangeSeq.append(contentsOf: repeatElement(0, count: slot + 2 - rangeSeq.count)) }
        stream = Self.firstRange + slot
        record = spill.room(stream, Self.recordBytes)
        filled = 0
        put(UInt64(seq - rangeSeq[slot]))
        put(UInt64(i & (span - 1)))
        record[filled] = kindByte
        filled += 1
        if let escaped {
            record[filled] = escaped
            filled += 1
        }
        rangeSeq[slot] = seq
        return true
    }

    /// Appends `v` to the record being written, as a varint.
    @inline(__always)
    func put(_ v: UInt64) { TimelineRecord.varint(v, record, &filled) }

    /// Ends the record being written.
    @inline(__always)
    func commit() { spill.advance(stream, by: filled) }

    /// The bytes of the texts (names and archive notes) and of the times.
    var textCount: Int { spill.count(Self.textStream) }
    var timeCount: Int { spill.count(Self.timeStream) }

    /// Hands `body` the bytes of stream `s` (`textStream`, `timeStream`, …), a piece at a time.
    func forEachPiece(_ s: Int, _ body: (UnsafeRawBufferPointer) -> Void) throws(LogError) {
        try spill.forEachPiece(s, body)
    }

    /// The bytes of stream `s`.
    func count(_ s: Int) -> Int { spill.count(s) }

    /// Each object's list length in bytes (with `mentions`, its mention list's), for objects `0..<count`.
    /// - Throws: what the spill throws, or an I/O error when its records are cut short.
    func sizes(count: Int, mentions: Bool = false) throws(LogError) -> [Int] {
        var sizes: [Int] = []
        sizes.reserveCapacity(count)
        let counts = mentions ? TimelineBucket.mentionValueCounts : TimelineBucket.valueCounts
        for base in stride(from: 0, to: count, by: span) {
            let bytes = try spill.bytes(Self.firstRange + 2 * (base >> rangeShift) + (mentions ? 1 : 0))
            let n = min(span, count - base)
            guard let part = bytes.withUnsafeBytes({ TimelineBucket.sizes($0, count: n, counts: counts) }) else {
                throw LogError.io(path: spill.path, operation: .reading, .ioError)
            }
            sizes += part
        }
        return sizes
    }

    /// Hands `body` the lists (with `mentions`, the mention lists) of objects `0..<sizes.count` one
    /// after another, a range of objects at a time.
    func forEachRange(sizes: [Int], mentions: Bool = false, _ body: (UnsafeRawBufferPointer) -> Void) throws(LogError) {
        let counts = mentions ? TimelineBucket.mentionValueCounts : TimelineBucket.valueCounts
        for base in stride(from: 0, to: sizes.count, by: span) {
            let bytes = try spill.bytes(Self.firstRange + 2 * (base >> rangeShift) + (mentions ? 1 : 0))
            let part = Array(sizes[base..<min(base + span, sizes.count)])
            let lists = bytes.withUnsafeBytes { TimelineBucket.lists($0, sizes: part, counts: counts) }
            lists.withUnsafeBytes { body($0) }
        }
    }
}
