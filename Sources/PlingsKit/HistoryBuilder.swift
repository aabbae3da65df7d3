/// Collects one object's history entries as a replay hands it each event,
/// its effects and the state after it (see `ObjectHistory.build`).
struct HistoryBuilder {
    let id: ObjectID
    let t: HistoryText
    private(set) var entries: [HistoryEntry] = []
    /// The object's index, once its `created` event has been replayed.
    private(set) var index: ObjectIndex?
    /// The containers above the object, per axis (current, normal).
    private var chains = [AncestorChain(), AncestorChain()]

    init(id: ObjectID, text: HistoryText) {
        self.id = id
        self.t = text
    }

    private func slot(_ axis: Axis) -> Int { axis == .current ? 0 : 1 }

    /// Takes in one replayed event.
    mutating func observe(_ event: Event, _ effects: [Effect], _ state: WorldState) {
        if index == nil, case .created(let created, _) = event.payload, created == id {
            index = state.registry.index(of: id)
        }
        let about = event.payload.object == id
        if about, state.skipped.last?.seq == event.seq, let error = state.skipped.last?.error {
            add(event, "skipped", t.skipped(error))
            return
        }
        guard let x = index else { return }
        for case .parentChanged(let y, let axis, _, _) in effects {
            let tree = state.projection(axis).parents
            if y == x {
                chains[slot(axis)].rebuild(from: tree.parent(x), tree)
            } else {
                chains[slot(axis)].moved(y, tree)
            }
        }
        if about { observeOwn(event, effects, state, x) }
        for case .positionalRemoved(x, let axis, let edge, because: let cause) in effects {
            switch cause {
            case .referenceArchived, .archived:
                add(
                    event, "cascade", t.droppedByArchive(edge, axis, state), relation: edge.relation,
                    target: state.registry.id(edge.target), axes: [axis])
            default: break
            }
        }
        guard !about, let mover = state.registry.index(of: event.payload.object) else { return }
        observeOther(event, effects, state, x, mover: mover)
    }

    /// An event about the object itself.
    private mutating func observeOwn(_ event: Event, _ effects: [Effect], _ state: WorldState, _ x: ObjectIndex) {
        switch event.payload {
        case .created(_, let name):
            add(event, "event", t.created(name), name: name)
        case .renamed(_, let name):
            for case .renamed(x, let from, _) in effects {
                add(event, "event", t.renamed(from, name) + (event.undoes.map { t.undid($0) } ?? ""), name: name)
            }
        case .placed(let p):
            let target = p.target.flatMap { state.registry.index(of: $0) } ?? .world
            let changed = effects.contains {
                if case .unchanged = $0 { return false }
                return true
            }
            let containers = p.axes.axes.map { state.projection($0).parents.parent(x) }
            let undid = event.undoes.map { t.undid($0) } ?? ""
            add(
                event, "event",
                t.moved(p.relation, target, containers: containers, axes: p.axes.axes, changed: changed, state)
                    + undid, relation: p.relation, target: p.target, axes: p.axes.axes)
        case .returned:
            add(event, "event", t.returned(path: t.path(x, .current, state)))
        case .seen:
            add(event, "event", t.seen)
        case .archived(_, let note):
            add(event, "event", t.archived(note: note, with: nil, state))
        case .restored(let p):
            add(
                event, "event",
                t.restored(p.relation, p.target.flatMap { state.registry.index(of: $0) } ?? .world, state),
                relation: p.relation, target: p.target, axes: p.axes.axes)
        case .refused(let refusal):
            add(event, "refused", t.refused(refusal, in: state))
        }
    }

    /// An event about another object (`mover`) that still concerns this one.
    private mutating func observeOther(
        _ event: Event, _ effects: [Effect], _ state: WorldState, _ x: ObjectIndex, mover: ObjectIndex
    ) {
        let moverID = event.payload.object
        // Another object placed relative to this one.
        if case .placed(let p) = event.payload, p.target == id, state.skipped.last?.seq != event.seq {
            add(
                event, "reference", t.reference(mover, p.relation, x, state), object: moverID, relation: p.relation,
                target: id, axes: p.axes.axes, cause: moverID.rawValue)
        }
        // The cascade: this object's positional relation dropped because its reference moved.
        for case .positionalRemoved(x, let axis, let edge, because: .referenceMoved(let ref)) in effects {
            add(
                event, "cascade", t.dropped(edge, axis, because: ref, state), relation: edge.relation,
                target: state.registry.id(edge.target), axes: [axis], cause: state.registry.id(ref).rawValue)
        }
        // It went out of (or came back into) the world with a container.
        for case .archived(x, with: let root) in effects {
            add(event, "event", t.archived(note: nil, with: root, state), cause: moverID.rawValue)
        }
        for case .restored(x, with: let root) in effects {
            add(event, "event", t.restored(nil, root, state), cause: moverID.rawValue)
        }
        observePathChange(event, effects, state, mover: mover)
    }

    /// A container above the object moved (or was renamed): its path changed.
    private mutating func observePathChange(
        _ event: Event, _ effects: [Effect], _ state: WorldState, mover: ObjectIndex
    ) {
        var axesMoved: [Axis] = []
        for case .parentChanged(mover, let axis, _, _) in effects where !axesMoved.contains(axis) {
            axesMoved.append(axis)
        }
        let renamed = effects.contains {
            if case .renamed(mover, _, _) = $0 { return true }
            return false
        }
        for axis in renamed ? Axis.allCases : axesMoved where chains[slot(axis)].contains(mover) {
            let path = t.path(chain: chains[slot(axis)].chain, state)
            add(
                event, "path", t.pathChanged(axis, because: mover, renamed: renamed, path: path, state), axes: [axis],
                cause: event.payload.object.rawValue)
        }
    }

    private mutating func add(
        _ event: Event, _ kind: String, _ text: String, object: ObjectID? = nil, name: String? = nil,
        relation: Relation? = nil, target: ObjectID? = nil, axes: [Axis] = [], cause: String? = nil
    ) {
        entries.append(
            HistoryEntry(
                kind: kind, seq: event.seq, at: event.at, actor: event.actor, object: (object ?? id).rawValue,
                name: name, relation: relation?.token, target: target?.rawValue, axes: axes, cause: cause,
                text: text, origin: event.origin))
    }
}
