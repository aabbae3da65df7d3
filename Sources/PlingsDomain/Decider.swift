/// The pure decision function: validates a command against the projections
/// and returns the events it stands for, or a typed error. No clock, file or
/// randomness: the log adds seq and time.
///
/// Replay uses the same checks (`resolve`), so an event that the decider
/// would refuse is skipped on replay rather than half-applied.
public enum Decider {
    /// Decides `command` against `state`.
    /// - Returns: the events to append (one for every v1 command).
    /// - Throws: `DomainError` when the command is refused; nothing is to be appended then.
    public static func decide(_ command: Command, state: WorldState) throws(DomainError) -> [EventPayload] {
        let payload: EventPayload
        switch command {
        case .create(let id, let name):
            _ = try ObjectID.validated(id.rawValue)
            payload = .created(id, name: name)
        case .rename(let id, let name):
            payload = .renamed(id, name: name)
        case .place(let placement):
            payload = .placed(placement)
        }
        switch resolve(payload, in: state) {
        case .success: return [payload]
        case .failure(let error): throw error
        }
    }

    /// Validates `payload` against `state` and resolves its ids to indices.
    /// A placement is all-or-nothing: every chosen axis must be valid.
    public static func resolve(_ payload: EventPayload, in state: WorldState) -> Result<ResolvedEvent, DomainError> {
        switch payload {
        case .created(let id, let name):
            if let problem = ObjectID.problem(with: id.rawValue) { return .failure(.invalidID(id.rawValue, problem)) }
            if state.registry.index(of: id) != nil { return .failure(.duplicateID(id)) }
            do { try ObjectName.validate(name) } catch { return .failure(error) }
            return .success(.created(id, name: name))
        case .renamed(let id, let name):
            guard let x = state.registry.index(of: id) else { return .failure(.unknownObject(id)) }
            do { try ObjectName.validate(name) } catch { return .failure(error) }
            return .success(.renamed(x, name: name))
        case .placed(let p):
            guard let x = state.registry.index(of: p.object) else { return .failure(.unknownObject(p.object)) }
            if p.axes.isEmpty { return .failure(.emptyAxes) }
            let target: ObjectIndex
            if let targetID = p.target {
                guard let y = state.registry.index(of: targetID) else { return .failure(.unknownObject(targetID)) }
                if y == x { return .failure(.selfPlacement(p.object)) }
                target = y
            } else {
                if p.relation != .in { return .failure(.relationAgainstWorld(p.relation)) }
                target = .world
            }
            if target != .world {
                for axis in p.axes.axes {
                    let tree = state.projection(axis).parents
                    // The new parent must not be x or lie inside x.
                    let newParent = tree.edgeFor(p.relation, against: target).parent
                    if newParent != .world && tree.isSelfOrAncestor(x, of: newParent) {
                        return .failure(.cycle(object: p.object, target: p.target ?? p.object, axis: axis))
                    }
                }
            }
            return .success(.placed(x, p.relation, target: target, axes: p.axes))
        }
    }
}
