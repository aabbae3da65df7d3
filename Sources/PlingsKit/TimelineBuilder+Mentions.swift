import PlingsDomain

/// The mentions the object timeline's builder records: for each event, the
/// `HistoryFact`s `HistoryFacts.collect` finds for the objects it concerns
/// (the one rule history follows), the skipped placements' targets, mentions
/// of ids not known yet, and the other objects the event changed (for `diff`).
extension TimelineBuilder {
    /// The most mentions of ids not known when their event came that a rebuild keeps (more are left out, and said so).
    static let earlyLimit = 1 << 16

    /// Records the mentions of one event.
    func mentions(_ e: FoldedEvent, _ effects: [Effect], _ state: WorldState) {
        if e.type == .refused, let refusal = e.event()?.payload.refusal, let error = refusal.error(against: state) {
            refusalErrors.append((e.seq, error))
        }
        guard let m = e.object else {
            // About an id the registry does not know (yet): a skipped event or a refusal.
            if let id = e.unknownObject { earlyMention(id, e.seq, e.skipped ? .skipped : .own) }
            if e.skipped { skippedTarget(e) }
            return
        }
        if e.skipped {
            mention(m, TimelineMention.Kind.skipped.rawValue, e.seq)
            skippedTarget(e)
            return
        }
        HistoryFacts.collect(object: m, target: e.target, skipped: nil, effects: effects) { x, fact in
            record(fact, of: x, e.seq)
        }
    }

    /// The target of a skipped placement (which `log --object` of the target shows).
    private func skippedTarget(_ e: FoldedEvent) {
        guard e.hasTarget else { return }
        if let y = e.target {
            mention(y, TimelineMention.Kind.skippedTarget.rawValue, e.seq)
        } else if let id = e.unknownTarget {
            earlyMention(id, e.seq, .skippedTarget)
        }
    }

    private func record(_ fact: HistoryFact, of x: ObjectIndex, _ seq: Int64) {
        typealias K = TimelineMention.Kind
        switch fact {
        case .skipped: mention(x, K.skipped.rawValue, seq)
        case .own(let changed, _): mention(x, K.own.rawValue | (changed ? TimelineMention.changed << 4 : 0), seq)
        case .reference: mention(x, K.reference.rawValue, seq)
        case .droppedByArchive(let axis, let edge):
            let (kindByte, escaped) = TimelineRecord.kindByte(K.droppedByArchive.rawValue, edge.relation)
            guard begin(x, kindByte, seq, mentions: true, escaped: escaped) else { return }
            put(UInt64(axis.rawValue))
            put(UInt64(edge.target) + 1)
            commit()
        case .dropped(let axis, let edge, let ref):
            let (kindByte, escaped) = TimelineRecord.kindByte(K.dropped.rawValue, edge.relation)
            guard begin(x, kindByte, seq, mentions: true, escaped: escaped) else { return }
            put(UInt64(axis.rawValue))
            put(UInt64(edge.target) + 1)
            put(UInt64(ref) + 1)
            commit()
        case .archivedWith(let root): withRoot(x, K.archivedWith, root, seq)
        case .restoredWith(let root): withRoot(x, K.restoredWith, root, seq)
        case .path: break
        }
    }

    private func withRoot(_ x: ObjectIndex, _ kind: TimelineMention.Kind, _ root: ObjectIndex, _ seq: Int64) {
        guard begin(x, kind.rawValue, seq, mentions: true) else { return }
        put(UInt64(root) + 1)
        commit()
    }

    /// A mention of no values.
    private func mention(_ x: ObjectIndex, _ kindByte: UInt8, _ seq: Int64) {
        if begin(x, kindByte, seq, mentions: true) { commit() }
    }

    /// A mention of an id the registry does not know yet, kept by id until the end of the replay.
    private func earlyMention(_ id: String, _ seq: Int64, _ kind: TimelineMention.Kind) {
        guard earlyCount < Self.earlyLimit else {
            earlyOverflow = true
            return
        }
        early[id, default: []].append((seq, kind))
        earlyCount += 1
    }

    /// The early mentions, by id (its bytes) then seq.
    func earlyMentions() -> [(id: [UInt8], seq: Int64, kind: TimelineMention.Kind)] {
        var found: [(id: [UInt8], seq: Int64, kind: TimelineMention.Kind)] = []
        for (id, list) in early {
            let bytes = Array(id.utf8)
            for (seq, kind) in list { found.append((bytes, seq, kind)) }
        }
        return found.sorted { $0.id == $1.id ? $0.seq < $1.seq : $0.id.lexicographicallyPrecedes($1.id) }
    }

    /// Records the objects other than its own that an event changed (each once), for `diff`.
    func changedOthers(_ e: FoldedEvent, _ effects: [Effect]) {
        others.removeAll(keepingCapacity: true)
        for effect in effects {
            switch effect {
            case .created(let x, _), .renamed(let x, _, _), .seen(let x), .parentChanged(let x, _, _, _),
                .positionalAdded(let x, _, _), .positionalRemoved(let x, _, _, _), .archived(let x, _),
                .restored(let x, _), .lent(let x):
                if x != e.object { others.append(x) }
            case .unchanged: break
            }
        }
        guard !others.isEmpty else { return }
        if others.count > 1 { others.sort() }
        var last = ObjectIndex.world
        for x in others where x != last {
            last = x
            var n = 0
            let room = spill.room(Self.othersStream, 20)
            TimelineRecord.varint(UInt64(e.seq - othersSeq), room, &n)
            TimelineRecord.varint(UInt64(x), room, &n)
            spill.advance(Self.othersStream, by: n)
            othersSeq = e.seq
        }
    }
}
