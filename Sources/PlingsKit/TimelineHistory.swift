/// An object's history read from the object timeline instead of a replay:
/// the facts its mention list recorded (`HistoryFacts`, as `rebuild` found
/// them), the path changes found from its containers' lists
/// (`TimelinePathSweep`), each event's line read from the log where the
/// timeline places it, and each sentence from the world at that event
/// (`TimelineAt`). The same entries as the replay's, in the same order.
struct TimelineHistory {
    let tracks: TimelineTracks
    let log: LogFile
    let text: HistoryText

    /// The history of `id` up to `seq` (within the timeline): the object, when it exists by then, and the
    /// entries, oldest first (without the object, those of the events about its id skipped before it was
    /// made: a replay that goes on to make it shows them). Nil when the timeline cannot answer: a read
    /// failed, a line did not decode, or mentions of ids not known yet were left out.
    func history(of id: ObjectID, upTo seq: Int64) -> (object: ObjectIndex?, entries: [HistoryEntry])? {
        guard earlyWhole else { return nil }
        let found = tracks.sections.find(id.rawValue)
        guard let x = found, tracks.track(x).created <= seq else {
            guard let early = tracks.earlyMentions(of: id), !tracks.failed else { return nil }
            var facts: [(seq: Int64, fact: HistoryFact)] = []
            for m in early where m.seq <= seq {
                if let f = fact(m, of: nil) { facts.append((m.seq, f)) }
            }
            guard let entries = render(facts, .world, id) else { return nil }
            return (nil, entries)
        }
        guard let mentions = tracks.mentions(of: x, id: id) else { return nil }
        var facts: [(seq: Int64, fact: HistoryFact)] = []
        for m in mentions where m.seq <= seq {
            guard let fact = fact(m, of: x) else { continue }
            facts.append((m.seq, fact))
        }
        facts += TimelinePathSweep(tracks: tracks, x: x).facts(upTo: seq)
        guard let entries = render(facts, x, id) else { return nil }
        return (x, entries)
    }

    /// The entries of `facts` (each with its seq) about `x` (`.world` before it existed), in the order a
    /// replay gives them; nil when a line cannot be read or a read failed.
    private func render(_ found: [(seq: Int64, fact: HistoryFact)], _ x: ObjectIndex, _ id: ObjectID)
        -> [HistoryEntry]?
    {
        let facts = found.enumerated().sorted {
            ($0.element.seq, $0.element.fact.rank, $0.offset) < ($1.element.seq, $1.element.fact.rank, $1.offset)
        }.map(\.element)
        var entries: [HistoryEntry] = []
        var k = 0
        while k < facts.count {
            let s = facts[k].seq
            guard let event = tracks.event(s, log: log) else { return nil }
            let world = TimelineAt(tracks: tracks, seq: s)
            while k < facts.count, facts[k].seq == s {
                if let entry = entry(facts[k].fact, x, id, event, world) { entries.append(entry) }
                k += 1
            }
        }
        return tracks.failed ? nil : entries
    }

    private var earlyWhole: Bool { tracks.earlyWhole }

    /// The entry of one fact; a rename's name before it is read from the object's list.
    private func entry(
        _ fact: HistoryFact, _ x: ObjectIndex, _ id: ObjectID, _ event: Event, _ world: TimelineAt
    ) -> HistoryEntry? {
        var fact = fact
        if case .own(true, nil) = fact, case .renamed = event.payload {
            fact = .own(changed: true, renamedFrom: TimelineAt(tracks: tracks, seq: event.seq - 1).name(x))
        }
        return HistoryEntry.make(fact, of: x, id: id, event: event, world: world, text) { _ in
            tracks.error(at: event.seq)
        }
    }

    /// The history fact a mention records; nil for a mention history does not show
    /// (about the object before it existed but not skipped, or a skipped placement's target).
    private func fact(_ m: TimelineTracks.Mention, of x: ObjectIndex?) -> HistoryFact? {
        let n = UInt64(tracks.objects)
        func edge(_ target: UInt64) -> PositionalEdge? {
            guard let relation = Relation(rawValue: m.high), target >= 1, target <= n else { return nil }
            return PositionalEdge(relation, ObjectIndex(target - 1))
        }
        let axis = Axis(rawValue: UInt8(truncatingIfNeeded: m.values.0))
        switch m.kind {
        case .own:
            guard let x, tracks.track(x).created <= m.seq else { return nil }
            return .own(changed: m.high & TimelineMention.changed != 0, renamedFrom: nil)
        case .skipped:
            guard let error = tracks.error(at: m.seq) else { return failed() }
            return .skipped(error)
        case .reference: return .reference
        case .droppedByArchive:
            guard let axis, let e = edge(m.values.1) else { return failed() }
            return .droppedByArchive(axis, e)
        case .dropped:
            guard let axis, let e = edge(m.values.1), m.values.2 >= 1, m.values.2 <= n else { return failed() }
            return .dropped(axis, e, because: ObjectIndex(m.values.2 - 1))
        case .archivedWith, .restoredWith:
            guard m.values.0 >= 1, m.values.0 <= n else { return failed() }
            let root = ObjectIndex(m.values.0 - 1)
            return m.kind == .archivedWith ? .archivedWith(root) : .restoredWith(root)
        case .skippedTarget: return nil
        }
    }

    private func failed() -> HistoryFact? {
        tracks.sections.fail()
        return nil
    }
}
