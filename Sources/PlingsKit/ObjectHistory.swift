/// Builds the history of one object from a replay: the events about it, and
/// what happened to it without an event naming it — a positional relation
/// dropped by the cascade, a container above it moving — taken from the
/// projectors' effects and the state after each event, not from a second
/// copy of the placement rules.
public enum ObjectHistory {
    /// An object's history: its entries, oldest first, and the last event replayed.
    public struct Result: Sendable {
        public var asOfSeq: Int64
        public var entries: [HistoryEntry]
    }

    /// The history of `id` up to `limit`, oldest first.
    /// - Throws: `DomainError.unknownObject` when the object never existed by then.
    /// - Complexity: linear in the log, plus the length of each container
    ///   chain walked again when a container above the object moves.
    public static func build(
        _ id: ObjectID, path: String, until limit: ReplayLimit?, language: Language
    ) throws -> Result {
        let t = HistoryText(language)
        final class Box: @unchecked Sendable {
            var entries: [HistoryEntry] = []
            var index: ObjectIndex?
            /// The containers above the object, per axis (current, normal).
            var chains = [AncestorChain(), AncestorChain()]
        }
        func slot(_ axis: Axis) -> Int { axis == .current ? 0 : 1 }
        let box = Box()
        let cursor = try Timeline(path: path).events(until: limit) { event, effects, state in
            if box.index == nil, case .created(let created, _) = event.payload, created == id {
                box.index = state.registry.index(of: id)
            }
            let about = event.payload.object == id
            if about, state.skipped.last?.seq == event.seq, let error = state.skipped.last?.error {
                box.entries.append(
                    HistoryEntry(
                        kind: "skipped", seq: event.seq, at: event.at, actor: event.actor, object: id.rawValue,
                        text: t.skipped(error)))
                return
            }
            guard let x = box.index else { return }
            for case .parentChanged(let y, let axis, _, _) in effects {
                let tree = state.projection(axis).parents
                if y == x {
                    box.chains[slot(axis)].rebuild(from: tree.parent(x), tree)
                } else {
                    box.chains[slot(axis)].moved(y, tree)
                }
            }
            func add(
                _ kind: String, _ text: String, object: ObjectID = id, name: String? = nil, relation: Relation? = nil,
                target: ObjectID? = nil, axes: [Axis] = [], cause: String? = nil
            ) {
                box.entries.append(
                    HistoryEntry(
                        kind: kind, seq: event.seq, at: event.at, actor: event.actor, object: object.rawValue,
                        name: name, relation: relation?.token, target: target?.rawValue, axes: axes, cause: cause,
                        text: text, origin: event.origin))
            }
            switch event.payload {
            case .created(_, let name) where about:
                add("event", t.created(name), name: name)
            case .renamed(_, let name) where about:
                for case .renamed(x, let from, _) in effects {
                    add("event", t.renamed(from, name) + (event.undoes.map { t.undid($0) } ?? ""), name: name)
                }
            case .placed(let p) where about:
                let target = p.target.flatMap { state.registry.index(of: $0) } ?? .world
                let changed = effects.contains {
                    if case .unchanged = $0 { return false }
                    return true
                }
                let containers = p.axes.axes.map { state.projection($0).parents.parent(x) }
                let undid = event.undoes.map { t.undid($0) } ?? ""
                add(
                    "event",
                    t.moved(p.relation, target, containers: containers, axes: p.axes.axes, changed: changed, state)
                        + undid, relation: p.relation, target: p.target, axes: p.axes.axes)
            case .returned where about:
                add("event", t.returned(path: t.path(x, .current, state)))
            case .seen where about:
                add("event", t.seen)
            case .archived(_, let note) where about:
                add("event", t.archived(note: note, with: nil, state))
            case .restored(let p) where about:
                add(
                    "event", t.restored(p.relation, p.target.flatMap { state.registry.index(of: $0) } ?? .world, state),
                    relation: p.relation, target: p.target, axes: p.axes.axes)
            case .refused(let refusal) where about:
                add("refused", t.refused(refusal))
            default:
                break
            }
            for case .positionalRemoved(x, let axis, let edge, because: let cause) in effects {
                switch cause {
                case .referenceArchived, .archived:
                    add(
                        "cascade", t.droppedByArchive(edge, axis, state), relation: edge.relation,
                        target: state.registry.id(edge.target), axes: [axis])
                default: break
                }
            }
            guard !about else { return }
            let moverID = event.payload.object
            guard let mover = state.registry.index(of: moverID) else { return }
            // Another object placed relative to this one.
            if case .placed(let p) = event.payload, p.target == id, state.skipped.last?.seq != event.seq {
                add(
                    "reference", t.reference(mover, p.relation, x, state), object: moverID, relation: p.relation,
                    target: id, axes: p.axes.axes, cause: moverID.rawValue)
            }
            // The cascade: this object's positional relation dropped because its reference moved.
            for case .positionalRemoved(x, let axis, let edge, because: .referenceMoved(let ref)) in effects {
                add(
                    "cascade", t.dropped(edge, axis, because: ref, state), relation: edge.relation,
                    target: state.registry.id(edge.target), axes: [axis], cause: state.registry.id(ref).rawValue)
            }
            // It went out of (or came back into) the world with a container.
            for case .archived(x, with: let root) in effects {
                add("event", t.archived(note: nil, with: root, state), cause: moverID.rawValue)
            }
            for case .restored(x, with: let root) in effects {
                add("event", t.restored(nil, root, state), cause: moverID.rawValue)
            }
            // A container above it moved (or was renamed): its path changed.
            var axesMoved: [Axis] = []
            for case .parentChanged(mover, let axis, _, _) in effects where !axesMoved.contains(axis) {
                axesMoved.append(axis)
            }
            let renamed = effects.contains {
                if case .renamed(mover, _, _) = $0 { return true }
                return false
            }
            for axis in renamed ? Axis.allCases : axesMoved where box.chains[slot(axis)].contains(mover) {
                let path = t.path(chain: box.chains[slot(axis)].chain, state)
                add(
                    "path", t.pathChanged(axis, because: mover, renamed: renamed, path: path, state), axes: [axis],
                    cause: moverID.rawValue)
            }
        }
        guard box.index != nil else { throw DomainError.unknownObject(id) }
        return Result(asOfSeq: cursor.lastSeq, entries: box.entries)
    }
}
