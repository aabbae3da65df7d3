/// Builds the history of one object from a replay: the events about it, and
/// what happened to it without an event naming it — a positional relation
/// dropped by the cascade, a container above it moving — taken from the
/// projectors' effects and the state after each event, not from a second
/// copy of the placement rules.
public enum ObjectHistory {
    /// The history of `id` up to `limit`, oldest first.
    /// - Throws: `DomainError.unknownObject` when the object never existed by then.
    public static func build(
        _ id: ObjectID, path: String, until limit: ReplayLimit?, language: Language
    ) throws -> [HistoryEntry] {
        let t = HistoryText(language)
        final class Box: @unchecked Sendable { var entries: [HistoryEntry] = []; var index: ObjectIndex? }
        let box = Box()
        _ = try Timeline(path: path).events(until: limit) { event, effects, state in
            if box.index == nil, case .created(let created, _) = event.payload, created == id {
                box.index = state.registry.index(of: id)
            }
            let about = event.payload.object == id
            if about, state.skipped.last?.seq == event.seq, let error = state.skipped.last?.error {
                box.entries.append(
                    HistoryEntry(
                        kind: "skipped", seq: event.seq, at: event.at, actor: event.actor, text: t.skipped(error)))
                return
            }
            guard let x = box.index else { return }
            func add(_ kind: String, _ text: String, cause: String? = nil) {
                box.entries.append(
                    HistoryEntry(kind: kind, seq: event.seq, at: event.at, actor: event.actor, text: text, cause: cause)
                )
            }
            switch event.payload {
            case .created(_, let name) where about:
                add("event", t.created(name))
            case .renamed(_, let name) where about:
                for case .renamed(x, let from, _) in effects {
                    add("event", t.renamed(from, name) + (event.undoes.map { t.undid($0) } ?? ""))
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
                        + undid)
            case .returned where about:
                add("event", t.returned(path: t.path(x, .current, state)))
            case .seen where about:
                add("event", t.seen)
            case .archived(_, let note) where about:
                add("event", t.archived(note: note, with: nil, state))
            case .restored(let p) where about:
                add("event", t.restored(p.relation, p.target.flatMap { state.registry.index(of: $0) } ?? .world, state))
            default:
                break
            }
            for case .positionalRemoved(x, let axis, let edge, because: let cause) in effects {
                switch cause {
                case .referenceArchived, .archived: add("cascade", t.droppedByArchive(edge, axis, state))
                default: break
                }
            }
            guard !about else { return }
            let moverID = event.payload.object
            guard let mover = state.registry.index(of: moverID) else { return }
            // Another object placed relative to this one.
            if case .placed(let p) = event.payload, p.target == id, state.skipped.last?.seq != event.seq {
                add("reference", t.reference(mover, p.relation, x, state), cause: moverID.rawValue)
            }
            // The cascade: this object's positional relation dropped because its reference moved.
            for case .positionalRemoved(x, let axis, let edge, because: .referenceMoved(let ref)) in effects {
                add("cascade", t.dropped(edge, axis, because: ref, state), cause: state.registry.id(ref).rawValue)
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
            for axis in renamed ? Axis.allCases : axesMoved
            where state.projection(axis).parents.isSelfOrAncestor(mover, of: state.projection(axis).parents.parent(x)) {
                add(
                    "path", t.pathChanged(axis, because: mover, renamed: renamed, path: t.path(x, axis, state), state),
                    cause: moverID.rawValue)
            }
        }
        guard box.index != nil else { throw DomainError.unknownObject(id) }
        return box.entries
    }
}
