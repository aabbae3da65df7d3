/// The decisions of the everyday verbs: return home, archive, undo.
extension Decider {
    /// `return X`: one `returned`, or nothing when X is home already (the
    /// notes say when its home relation cannot be kept).
    static func decideReturn(_ id: ObjectID, _ state: WorldState) throws(DomainError) -> Decision {
        var decided = try single(.returned(id), state)
        guard case .returned(let x) = decided.resolved[0] else { return decided }
        let target = state.returnTarget(x)
        if let dropped = target.dropped {
            decided.notes.append(
                .positionDropped(id, .current, dropped.relation, reference: state.registry.id(dropped.target)))
        }
        // A lent thing's return ends the loan, even when its home is where the loan left it (World).
        if target.parent == state.current.parents.edge(x) && target.positional == state.current.positional.outbound(x)
            && !state.status.isLent(x)
        {
            return Decision(notes: decided.notes)
        }
        return decided
    }

    /// `return --all [--in C]`: one `returned` per object that is away (inside
    /// C on the current axis, when given), containers before their contents
    /// and references before the objects placed against them, so the batch
    /// puts back as much as it can. Objects that cannot go home are noted.
    static func decideReturnAll(inside container: ObjectID?, _ state: WorldState) throws(DomainError) -> Decision {
        var scope: ObjectIndex?
        if let container { scope = try live(container, state) }
        var candidates: [(depth: Int, chain: Int, x: ObjectIndex)] = []
        for x in state.registry.indices where !state.status.isArchived(x) && state.isAway(x) {
            if let scope, !state.current.parents.isSelfOrAncestor(scope, of: state.current.parents.parent(x)) {
                continue
            }
            candidates.append(
                (depth(x, state.normal.parents), chain(x, state.normal.positional, state.registry.count), x))
        }
        candidates.sort { ($0.depth, $0.chain, $0.x) < ($1.depth, $1.chain, $1.x) }
        var decision = Decision()
        var simulated = state
        for candidate in candidates {
            let x = candidate.x
            let id = state.registry.id(x)
            switch resolve(.returned(id), in: simulated) {
            case .failure(let error):
                decision.notes.append(.notReturned(id, error))
            case .success(let resolved):
                let target = simulated.returnTarget(x)
                if let dropped = target.dropped {
                    decision.notes.append(
                        .positionDropped(id, .current, dropped.relation, reference: state.registry.id(dropped.target)))
                }
                if target.parent == simulated.current.parents.edge(x)
                    && target.positional == simulated.current.positional.outbound(x) && !simulated.status.isLent(x)
                {
                    continue
                }
                decision.events.append(.returned(id))
                decision.resolved.append(resolved)
                var none = EffectLog(recording: false)
                simulated.apply(resolved, effects: &none)
            }
        }
        return decision
    }

    private static func depth(_ x: ObjectIndex, _ tree: ParentTree) -> Int {
        var node = tree.parent(x)
        var steps = 0
        while node != .world && steps <= tree.count {
            node = tree.parent(node)
            steps += 1
        }
        return steps
    }

    private static func chain(_ x: ObjectIndex, _ edges: PositionalEdges, _ limit: Int) -> Int {
        var node = x
        var steps = 0
        while let edge = edges.outbound(node), steps <= limit {
            node = edge.target
            steps += 1
        }
        return steps
    }

    /// `archive X`: one `archived`; refused while X holds anything not
    /// archived on either axis, unless `withContents` (the contents then go
    /// with it, named in the notes).
    static func decideArchive(
        _ id: ObjectID, note: String?, withContents: Bool, _ state: WorldState
    ) throws(DomainError) -> Decision {
        var decided = try single(.archived(id, note: note), state)
        guard case .archived(let x, _) = decided.resolved[0] else { return decided }
        let group = state.archiveGroup(x)
        if group.count > 1 && !withContents { throw .notEmpty(id, count: group.count - 1) }
        if group.count > 1 {
            // Archiving takes what is inside now: something that only belongs inside would go with it unseen.
            let inside = Set(state.contentsNow(x))
            let elsewhere = group.filter { !inside.contains($0) }
            if let first = elsewhere.first {
                throw .belongsInsideElsewhere(id, thing: state.registry.id(first), count: elsewhere.count)
            }
        }
        for y in group.dropFirst() { decided.notes.append(.archivedWith(state.registry.id(y), container: id)) }
        return decided
    }

    /// `undo SEQ`: the placement on the axes SEQ changed, or the name, as it
    /// was just before SEQ, decided against today's state. Nothing when the
    /// object is already so; refused when it cannot be (an archived object,
    /// an old container now inside the object). The edges other objects lost
    /// by SEQ's cascade are noted, not restored.
    static func decideUndo(_ basis: UndoBasis, _ state: WorldState) throws(DomainError) -> Decision {
        let x = try live(basis.object, state)
        switch basis.change {
        case .name(let old):
            var decided = Decision(undoes: basis.seq)
            if state.registry.name(x) != old { decided = try single(.renamed(basis.object, name: old), state) }
            decided.undoes = basis.seq
            return decided
        case .placement(let locations):
            var decision = Decision(notes: [], undoes: basis.seq)
            var placements: [Placement] = []
            for location in locations {
                let placement = try undoPlacement(x, location, state, notes: &decision.notes)
                let target = try index(placement.target, state)
                if state.projection(location.axis).isNoOp(x, placement.relation, against: target) { continue }
                if let same = placements.firstIndex(where: {
                    $0.relation == placement.relation && $0.target == placement.target
                }) {
                    placements[same].axes.formUnion(placement.axes)
                } else {
                    placements.append(placement)
                }
            }
            for placement in placements {
                decision.events.append(.placed(placement))
                decision.resolved.append(try resolved(.placed(placement), in: state))
            }
            decision.notes.append(contentsOf: basis.lostEdges)
            return decision
        }
    }

    /// The placement that puts `x` back where `location` says on its axis:
    /// against the old reference when it still stands in the old container,
    /// else into the old container (noting the relation that is lost).
    private static func undoPlacement(
        _ x: ObjectIndex, _ location: AxisLocation, _ state: WorldState, notes: inout [DecisionNote]
    ) throws(DomainError) -> Placement {
        let id = state.registry.id(x)
        let parent = try index(location.parent, state)
        if let relation = location.positional, let referenceID = location.reference {
            let reference = try index(referenceID, state)
            if reference != x, !state.status.isArchived(reference),
                state.projection(location.axis).parents.parent(reference) == parent
            {
                return Placement(object: id, relation: relation, target: referenceID, axes: AxisSet(location.axis))
            }
            notes.append(.positionDropped(id, location.axis, relation, reference: referenceID))
        }
        return Placement(
            object: id, relation: location.parentRelation, target: location.parent, axes: AxisSet(location.axis))
    }
}
