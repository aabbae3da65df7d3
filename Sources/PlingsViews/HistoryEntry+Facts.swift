import PlingsDomain

/// What a history reads of the world right after an event: a card's reads,
/// and an id's index (the targets events name by id).
package protocol HistoryReading: CardReading {
    /// The index of the object with id `id`, when it exists.
    func index(of id: ObjectID) -> ObjectIndex?
}

extension StateReading: HistoryReading {
    package func index(of id: ObjectID) -> ObjectIndex? { state.registry.index(of: id) }
}

extension HistoryEntry {
    /// The entry `fact` gives object `x` (id `id`) for `event`, with its
    /// sentence from what `world` reads right after the event (and, for a
    /// refusal, the error `refusalError` finds again: see `Refusal.error(against:)`);
    /// nil for a rename that changed nothing.
    package static func make(
        _ fact: HistoryFact, of x: ObjectIndex, id: ObjectID, event: Event, world: some HistoryReading,
        _ t: HistoryText, refusalError: (Refusal) -> DomainError?
    ) -> HistoryEntry? {
        func entry(
            _ kind: String, _ text: String, object: ObjectID? = nil, name: String? = nil, relation: Relation? = nil,
            target: ObjectID? = nil, axes: [Axis] = [], cause: String? = nil
        ) -> HistoryEntry {
            // A time the log clamped says what the clock said (issue 20, item 6).
            let said = event.clock.map { t.clockSaid($0) } ?? ""
            return HistoryEntry(
                kind: kind, seq: event.seq, at: event.at, actor: event.actor, object: (object ?? id).rawValue,
                name: name, relation: relation?.token, target: target?.rawValue, axes: axes, cause: cause,
                text: text + said, origin: event.origin, clock: event.clock)
        }
        let mover = event.payload.object
        switch fact {
        case .skipped(let error):
            return entry("skipped", t.skipped(error))
        case .own(let changed, let renamedFrom):
            if case .refused(let refusal) = event.payload {
                return entry("refused", t.refused(refusal, error: refusalError(refusal)))
            }
            return own(event, x, changed: changed, renamedFrom: renamedFrom, world, t, entry)
        case .droppedByArchive(let axis, let edge):
            return entry(
                "cascade", t.droppedByArchive(edge, axis, world), relation: edge.relation,
                target: ObjectID(unchecked: world.id(edge.target)), axes: [axis])
        case .reference:
            guard case .placed(let p) = event.payload, let other = world.index(of: mover) else { return nil }
            return entry(
                "reference", t.reference(other, p.relation, x, world), object: mover, relation: p.relation,
                target: id, axes: p.axes.axes, cause: mover.rawValue)
        case .dropped(let axis, let edge, let ref):
            return entry(
                "cascade", t.dropped(edge, axis, because: ref, world), relation: edge.relation,
                target: ObjectID(unchecked: world.id(edge.target)), axes: [axis], cause: world.id(ref))
        case .archivedWith(let root):
            return entry("event", t.archived(note: nil, with: root, world), cause: mover.rawValue)
        case .restoredWith(let root):
            return entry("event", t.restored(nil, root, world), cause: mover.rawValue)
        case .path(let axis, let by, let renamed, let shown, let elided):
            let path = t.path(shown: shown, elided: elided, world)
            return entry(
                "path", t.pathChanged(axis, because: by, renamed: renamed, path: path, world), axes: [axis],
                cause: mover.rawValue)
        }
    }

    /// The entry of an event about the object itself.
    private static func own(
        _ event: Event, _ x: ObjectIndex, changed: Bool, renamedFrom: String?, _ world: some HistoryReading,
        _ t: HistoryText,
        _ entry: (String, String, ObjectID?, String?, Relation?, ObjectID?, [Axis], String?) -> HistoryEntry
    ) -> HistoryEntry? {
        let undid = event.undoes.map { t.undid($0) } ?? ""
        switch event.payload {
        case .created(_, let name):
            return entry("event", t.created(name), nil, name, nil, nil, [], nil)
        case .renamed(_, let name):
            guard let from = renamedFrom else { return nil }
            return entry("event", t.renamed(from, name) + undid, nil, name, nil, nil, [], nil)
        case .placed(let p):
            let target = p.target.flatMap { world.index(of: $0) } ?? .world
            let containers = p.axes.axes.map { world.edge(x, $0).parent }
            let text = t.moved(p.relation, target, containers: containers, axes: p.axes.axes, changed: changed, world)
            return entry("event", text + undid, nil, nil, p.relation, p.target, p.axes.axes, nil)
        case .returned:
            return entry("event", t.returned(path: t.path(x, .current, world)), nil, nil, nil, nil, [], nil)
        case .seen:
            return entry("event", t.seen, nil, nil, nil, nil, [], nil)
        case .archived(_, let note):
            return entry("event", t.archived(note: note, with: nil, world), nil, nil, nil, nil, [], nil)
        case .restored(let p):
            let target = p.target.flatMap { world.index(of: $0) } ?? .world
            return entry(
                "event", t.restored(p.relation, target, world), nil, nil, p.relation, p.target, p.axes.axes, nil)
        case .refused:
            return nil  // made by `make`, with the refusal's error
        case .lent(let loan):
            return entry("event", t.lent(loan, world), nil, nil, nil, nil, [.current], nil)
        }
    }
}
