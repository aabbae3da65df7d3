/// Collects one object's history entries while a replay hands it each event,
/// its effects and the state after it.
struct HistoryBuilder {
    let id: ObjectID
    let text: HistoryText
    /// The entries so far, oldest first.
    private(set) var entries: [HistoryEntry] = []
    /// The object's index, once it has been created.
    private(set) var index: ObjectIndex?

    init(id: ObjectID, text: HistoryText) {
        self.id = id
        self.text = text
    }

    /// Takes one replayed event.
    mutating func observe(_ event: Event, _ effects: [Effect], _ state: WorldState) {
        if index == nil, case .created(let created, _) = event.payload, created == id {
            index = state.registry.index(of: id)
        }
        let about = event.payload.object == id
        if about, state.skipped.last?.seq == event.seq, let error = state.skipped.last?.error {
            add(event, "skipped", text.skipped(error))
            return
        }
        guard let x = index else { return }
        if about { own(event, effects, state, x) }
        for case .positionalRemoved(x, let axis, let edge, because: let cause) in effects {
            switch cause {
            case .referenceArchived, .archived: add(event, "cascade", text.droppedByArchive(edge, axis, state))
            default: break
            }
        }
        if !about { others(event, effects, state, x) }
    }

    private mutating func add(_ event: Event, _ kind: String, _ text: String, cause: String? = nil) {
        entries.append(
            HistoryEntry(kind: kind, seq: event.seq, at: event.at, actor: event.actor, text: text, cause: cause))
    }

    /// An event naming the object (an undo says which event it undid).
    private mutating func own(_ event: Event, _ effects: [Effect], _ state: WorldState, _ x: ObjectIndex) {
        let undid = event.undoes.map { text.undid($0) } ?? ""
        switch event.payload {
        case .created(_, let name):
            add(event, "event", text.created(name))
        case .renamed(_, let name):
            for case .renamed(x, let from, _) in effects { add(event, "event", text.renamed(from, name) + undid) }
        case .placed(let p):
            let target = p.target.flatMap { state.registry.index(of: $0) } ?? .world
            let changed = effects.contains {
                if case .unchanged = $0 { return false }
                return true
            }
            let containers = p.axes.axes.map { state.projection($0).parents.parent(x) }
            add(
                event, "event",
                text.moved(p.relation, target, containers: containers, axes: p.axes.axes, changed: changed, state)
                    + undid)
        case .returned:
            add(event, "event", text.returned(path: text.path(x, .current, state)))
        case .seen:
            add(event, "event", text.seen)
        case .archived(_, let note):
            add(event, "event", text.archived(note: note, with: nil, state))
        case .restored(let p):
            let target = p.target.flatMap { state.registry.index(of: $0) } ?? .world
            add(event, "event", text.restored(p.relation, target, state))
        }
    }

    /// Another object's event that touched this one: placed relative to it, its
    /// positional relation dropped by the cascade, archived or restored with a
    /// container, or a container above it moved or renamed.
    private mutating func others(_ event: Event, _ effects: [Effect], _ state: WorldState, _ x: ObjectIndex) {
        let moverID = event.payload.object
        guard let mover = state.registry.index(of: moverID) else { return }
        if case .placed(let p) = event.payload, p.target == id, state.skipped.last?.seq != event.seq {
            add(event, "reference", text.reference(mover, p.relation, x, state), cause: moverID.rawValue)
        }
        for case .positionalRemoved(x, let axis, let edge, because: .referenceMoved(let ref)) in effects {
            add(
                event, "cascade", text.dropped(edge, axis, because: ref, state),
                cause: state.registry.id(ref).rawValue)
        }
        // It went out of (or came back into) the world with a container.
        for case .archived(x, with: let root) in effects {
            add(event, "event", text.archived(note: nil, with: root, state), cause: moverID.rawValue)
        }
        for case .restored(x, with: let root) in effects {
            add(event, "event", text.restored(nil, root, state), cause: moverID.rawValue)
        }
        var axesMoved: [Axis] = []
        for case .parentChanged(mover, let axis, _, _) in effects where !axesMoved.contains(axis) {
            axesMoved.append(axis)
        }
        let renamed = effects.contains {
            if case .renamed(mover, _, _) = $0 { return true }
            return false
        }
        for axis in renamed ? Axis.allCases : axesMoved
        where state.projection(axis).parents.isSelfOrAncestor(mover, of: state.projection(axis).parents.parent(x)) {
            let path = text.path(x, axis, state)
            add(
                event, "path", text.pathChanged(axis, because: mover, renamed: renamed, path: path, state),
                cause: moverID.rawValue)
        }
    }
}
