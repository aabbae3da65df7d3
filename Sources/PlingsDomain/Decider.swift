/// The pure decision function: validates a command against the projections
/// and returns the events it stands for, or a typed error. No clock, file or
/// randomness: the log adds seq and time.
///
/// Replay uses the same checks (`resolve`), so an event that the decider
/// would refuse is skipped on replay rather than half-applied.
public enum Decider {
    /// Decides `command` against `state`.
    /// - Returns: the events to append; none when the command changes nothing
    ///   (use `decision(_:state:)` to tell "unchanged" apart and to get notes).
    /// - Throws: `DomainError` when the command is refused; nothing is to be appended then.
    public static func decide(_ command: Command, state: WorldState) throws(DomainError) -> [EventPayload] {
        try decision(command, state: state).events
    }

    /// Decides `command` against `state`: the events, each resolved against
    /// the state it will meet when applied in order, and notes for a person.
    /// A command that changes nothing on any axis (a placement that is
    /// already so, a rename to the same name, returning an object that is
    /// home) gives no events: `isUnchanged` is true.
    /// - Throws: `DomainError` when the command is refused.
    public static func decision(_ command: Command, state: WorldState) throws(DomainError) -> Decision {
        switch command {
        case .create(let id, let name):
            _ = try ObjectID.validated(id.rawValue)
            return try single(.created(id, name: name), state)
        case .rename(let id, let name):
            let decided = try single(.renamed(id, name: name), state)
            if case .renamed(let x, _) = decided.resolved[0], state.registry.name(x) == name { return Decision() }
            return decided
        case .place(let placement):
            let decided = try single(.placed(placement), state)
            if case .placed(let x, let relation, let target, let axes) = decided.resolved[0],
                axes.axes.allSatisfy({ state.projection($0).isNoOp(x, relation, against: target) })
            {
                return Decision()
            }
            return decided
        case .returnHome(let id):
            return try decideReturn(id, state)
        case .returnAll(let inside):
            return try decideReturnAll(inside: inside, state)
        case .undo(let basis):
            return try decideUndo(basis, state)
        case .seen(let id):
            return try single(.seen(id), state)
        case .archive(let id, let note, let withContents):
            return try decideArchive(id, note: note, withContents: withContents, state)
        case .restore(let id, let relation, let target):
            let placement = Placement(object: id, relation: relation, target: target, axes: .both)
            return try single(.restored(placement), state)
        case .lend(let id, let to, let due, let note):
            return try decideLend(id, to: to, due: due, note: note, state)
        }
    }

    /// A decision of one event, resolved against `state`.
    static func single(_ payload: EventPayload, _ state: WorldState) throws(DomainError) -> Decision {
        Decision(events: [payload], resolved: [try resolved(payload, in: state)])
    }

    /// Validates `payload` against `state` and resolves its ids to indices.
    /// A placement is all-or-nothing: every chosen axis must be valid.
    package static func resolve(_ payload: EventPayload, in state: WorldState) -> Result<ResolvedEvent, DomainError> {
        do { return .success(try resolved(payload, in: state)) } catch { return .failure(error) }
    }

    /// `resolve`, throwing.
    static func resolved(_ payload: EventPayload, in state: WorldState) throws(DomainError) -> ResolvedEvent {
        switch payload {
        case .created(let id, let name):
            if let problem = ObjectID.problem(with: id.rawValue) { throw .invalidID(id.rawValue, problem) }
            if let x = state.registry.index(of: id) {
                throw state.status.isArchived(x) ? .archivedID(id) : .duplicateID(id)
            }
            try ObjectName.validate(name)
            return .created(id, name: name)
        case .renamed(let id, let name):
            let x = try live(id, state)
            try ObjectName.validate(name)
            return .renamed(x, name: name)
        case .placed(let p):
            let x = try index(p.object, state)
            let target = try index(p.target, state)
            if let error = checkPlacement(x, p.relation, target, p.axes, in: state) { throw error }
            return .placed(x, p.relation, target: target, axes: p.axes)
        case .returned(let id):
            let x = try live(id, state)
            let home = state.normal.parents.edge(x)
            if state.current.parents.wouldCycle(x, home.relation, home.parent) {
                throw .cycle(object: id, target: state.registry.id(home.parent), axis: .current)
            }
            return .returned(x)
        case .seen(let id):
            return .seen(try live(id, state))
        case .archived(let id, let note):
            let x = try live(id, state)
            if let note, let problem = ObjectName.problem(with: note) { throw .invalidNote(note, problem) }
            return .archived(x, note: note)
        case .restored(let p):
            return try resolvedRestore(p, state)
        case .refused:
            return .refused
        case .lent(let loan):
            return try resolvedLend(loan, state)
        }
    }

    private static func resolvedRestore(_ p: Placement, _ state: WorldState) throws(DomainError) -> ResolvedEvent {
        let x = try index(p.object, state)
        guard state.status.isArchived(x) else { throw .notArchived(p.object) }
        guard p.axes == .both else { throw .restoreNeedsBothAxes(p.object) }
        let target = try index(p.target, state)
        if let error = checkPlacement(x, p.relation, target, p.axes, in: state, restoring: true) { throw error }
        return .restored(x, p.relation, target: target)
    }

    /// The index of `id` (World for nil), or `unknownObject`.
    static func index(_ id: ObjectID?, _ state: WorldState) throws(DomainError) -> ObjectIndex {
        guard let id else { return .world }
        guard let x = state.registry.index(of: id) else { throw .unknownObject(id) }
        return x
    }

    /// The index of `id`, which must exist and not be archived.
    static func live(_ id: ObjectID, _ state: WorldState) throws(DomainError) -> ObjectIndex {
        let x = try index(id, state)
        if state.status.isArchived(x) { throw .archived(id) }
        return x
    }

    /// The placement rules on resolved indices: refuses an archived object or
    /// target (the object may be archived when `restoring`), X == Y, anything
    /// but `in` against World, no axis, and a new parent that is X or inside X
    /// on any chosen axis. Both replay paths and the decider use it.
    @inlinable
    package static func checkPlacement(
        _ x: ObjectIndex, _ relation: Relation, _ target: ObjectIndex, _ axes: AxisSet, in state: WorldState,
        restoring: Bool = false
    ) -> DomainError? {
        if axes.isEmpty { return .emptyAxes }
        if !restoring && state.status.isArchived(x) { return .archived(state.registry.id(x)) }
        if target == x { return .selfPlacement(state.registry.id(x)) }
        if target == .world {
            return relation == .in ? nil : .relationAgainstWorld(relation)
        }
        if state.status.isArchived(target) { return .archived(state.registry.id(target)) }
        // The trees are read in place (not copied out of the state): this runs for every replayed placement.
        if axes.contains(.current) && state.current.parents.wouldCycle(x, relation, target) {
            return .cycle(object: state.registry.id(x), target: state.registry.id(target), axis: .current)
        }
        if axes.contains(.normal) && state.normal.parents.wouldCycle(x, relation, target) {
            return .cycle(object: state.registry.id(x), target: state.registry.id(target), axis: .normal)
        }
        return nil
    }

    /// The rules for a new object on the UTF-8 bytes of its id and name: a
    /// valid id not in use and a valid name.
    @inlinable
    package static func checkCreate(
        idBytes: some Collection<UInt8>, nameBytes: some Collection<UInt8>, in state: WorldState
    ) -> DomainError? {
        if ObjectID.isValid(idBytes) && state.registry.index(bytes: idBytes) == nil && ObjectName.isValid(nameBytes) {
            return nil
        }
        // The rare path: build the strings and let the full rules name the problem.
        let id = ObjectID(unchecked: String(decoding: idBytes, as: UTF8.self))
        return checkCreate(id, name: String(decoding: nameBytes, as: UTF8.self), in: state)
    }

    /// The rules for a new object, by the decider's full resolution.
    @usableFromInline
    static func checkCreate(_ id: ObjectID, name: String, in state: WorldState) -> DomainError? {
        switch resolve(.created(id, name: name), in: state) {
        case .failure(let error): return error
        case .success: return nil
        }
    }
}
