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
        [try decideResolved(command, state: state).payload]
    }

    /// Decides `command` and also returns the event resolved against `state`,
    /// so the caller can apply it without resolving it a second time.
    public static func decideResolved(
        _ command: Command, state: WorldState
    ) throws(DomainError) -> (payload: EventPayload, resolved: ResolvedEvent) {
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
        case .success(let resolved): return (payload, resolved)
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
            var target = ObjectIndex.world
            if let targetID = p.target {
                guard let y = state.registry.index(of: targetID) else { return .failure(.unknownObject(targetID)) }
                target = y
            }
            if let error = checkPlacement(x, p.relation, target, p.axes, in: state) { return .failure(error) }
            return .success(.placed(x, p.relation, target: target, axes: p.axes))
        }
    }

    /// The placement rules on resolved indices: refuses X == Y, anything but
    /// `in` against World, no axis, and a new parent that is X or inside X on
    /// any chosen axis. Both replay paths and the decider use it.
    @inlinable
    public static func checkPlacement(
        _ x: ObjectIndex, _ relation: Relation, _ target: ObjectIndex, _ axes: AxisSet, in state: WorldState
    ) -> DomainError? {
        if axes.isEmpty { return .emptyAxes }
        if target == x { return .selfPlacement(state.registry.id(x)) }
        if target == .world {
            return relation == .in ? nil : .relationAgainstWorld(relation)
        }
        // The trees are read in place (not copied out of the state): this runs for every replayed placement.
        if axes.contains(.current) && state.current.parents.wouldCycle(x, relation, target) {
            return .cycle(object: state.registry.id(x), target: state.registry.id(target), axis: .current)
        }
        if axes.contains(.normal) && state.normal.parents.wouldCycle(x, relation, target) {
            return .cycle(object: state.registry.id(x), target: state.registry.id(target), axis: .normal)
        }
        return nil
    }

    /// The rules for a new object on raw bytes: a valid id not in use and a valid name.
    public static func checkCreate(
        idBytes: UnsafeBufferPointer<UInt8>, nameBytes: UnsafeBufferPointer<UInt8>, in state: WorldState
    ) -> DomainError? {
        if !ObjectID.isValid(idBytes) || state.registry.index(bytes: idBytes) != nil || !ObjectName.isValid(nameBytes) {
            // The rare path: build the strings and let the full rules name the problem.
            let id = String(decoding: idBytes, as: UTF8.self)
            let name = String(decoding: nameBytes, as: UTF8.self)
            switch resolve(.created(ObjectID(unchecked: id), name: name), in: state) {
            case .failure(let error): return error
            case .success: return nil
            }
        }
        return nil
    }
}
