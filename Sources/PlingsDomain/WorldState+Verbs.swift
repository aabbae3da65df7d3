/// The projectors of the everyday verbs: return home, archive, restore.
extension WorldState {
    /// Where returning `x` home puts it on the current axis: its normal parent
    /// edge, and its normal positional relation when the reference stands in
    /// that same container on the current axis now (else `dropped` names it).
    package func returnTarget(_ x: ObjectIndex) -> (
        parent: ParentEdge, positional: PositionalEdge?, dropped: PositionalEdge?
    ) {
        let edge = normal.parents.edge(x)
        guard let home = normal.positional.outbound(x) else { return (edge, nil, nil) }
        if home.target != x, !status.isArchived(home.target), current.parents.parent(home.target) == edge.parent {
            return (edge, home, nil)
        }
        return (edge, nil, home)
    }

    /// Applies a validated `returned`: the current location becomes the normal one, with the cascade.
    mutating func applyReturn(_ x: ObjectIndex, effects: inout EffectLog) {
        status.endLoan(x)
        let target = returnTarget(x)
        for (source, _) in current.set(x, parent: target.parent, positional: target.positional, effects: &effects) {
            updateAway(source, seq: lastSeq, at: lastAt)
        }
        updateAway(x, seq: lastSeq, at: lastAt)
        status.check(x, seq: lastSeq, at: lastAt)
    }

    /// `x` and everything not archived inside it on either axis, recursively:
    /// what archiving `x` with its contents takes out of the world. `x` comes first.
    /// - Complexity: O(1) for an empty `x`, O(n × depth) otherwise.
    package func archiveGroup(_ x: ObjectIndex) -> [ObjectIndex] {
        closure(from: x) { y, member in
            !status.isArchived(y)
                && (member(current.parents.parent(y)) || member(normal.parents.parent(y)))
        }
    }

    /// `x` and everything not archived inside it now (on the current axis), recursively. `x` comes first.
    package func contentsNow(_ x: ObjectIndex) -> [ObjectIndex] {
        closure(from: x) { y, member in !status.isArchived(y) && member(current.parents.parent(y)) }
    }

    /// `x` and what was archived with it and can come back with it: the
    /// objects archived by the same event, inside a member on some axis,
    /// whose containers on both axes are members, World or in the world. `x` comes first.
    package func restoreGroup(_ x: ObjectIndex) -> [ObjectIndex] {
        guard let seq = status.archives[x]?.seq else { return [x] }
        return closure(from: x) { y, member in
            guard status.archives[y]?.seq == seq else { return false }
            let pc = current.parents.parent(y)
            let pn = normal.parents.parent(y)
            guard member(pc) || member(pn) else { return false }
            return (pc == .world || member(pc) || !status.isArchived(pc))
                && (pn == .world || member(pn) || !status.isArchived(pn))
        }
    }

    /// The smallest set holding `x` and every object `joins` admits given the set so far.
    private func closure(
        from x: ObjectIndex, joins: (ObjectIndex, (ObjectIndex) -> Bool) -> Bool
    ) -> [ObjectIndex] {
        if current.parents.childCount(x) == 0 && normal.parents.childCount(x) == 0 { return [x] }
        var inGroup = [Bool](repeating: false, count: registry.count)
        inGroup[Int(x)] = true
        var group = [x]
        var grew = true
        while grew {
            grew = false
            for y in registry.indices where !inGroup[Int(y)] && joins(y, { p in p != .world && inGroup[Int(p)] }) {
                inGroup[Int(y)] = true
                group.append(y)
                grew = true
            }
        }
        return group
    }

    /// Applies a validated `archived`: `x` and its contents leave the world;
    /// every positional edge between them and the rest drops.
    mutating func applyArchive(_ x: ObjectIndex, note: String?, effects: inout EffectLog) {
        let group = archiveGroup(x)
        for y in group {
            status.endLoan(y)
            status.archive(y, ArchiveRecord(seq: lastSeq, at: lastAt, root: x, note: y == x ? note : nil))
            effects.add(.archived(y, with: x))
        }
        dropEdges(across: group, effects: &effects)
    }

    /// Applies a validated `restored`: `x` and what came back with it are in
    /// the world again, and `x` is placed with `relation` against `target` on both axes.
    mutating func applyRestore(_ x: ObjectIndex, _ relation: Relation, _ target: ObjectIndex, effects: inout EffectLog)
    {
        let group = restoreGroup(x)
        for y in group {
            status.restore(y)
            effects.add(.restored(y, with: x))
        }
        dropEdges(across: group, effects: &effects)
        applyPlacement(x, relation, target, .both, seq: lastSeq, at: lastAt, effects: &effects)
        for y in group { updateAway(y, seq: lastSeq, at: lastAt) }
    }

    /// Drops every positional edge, on both axes, between a member of `group`
    /// and a non-member (run after the members' archived flags are set): the
    /// cause names the side that is archived.
    private mutating func dropEdges(across group: [ObjectIndex], effects: inout EffectLog) {
        let inGroup = Set(group)
        var touched: [ObjectIndex] = []
        Self.dropEdges(across: group, inGroup, &current.positional, status, &touched, &effects)
        Self.dropEdges(across: group, inGroup, &normal.positional, status, &touched, &effects)
        for source in touched where !status.isArchived(source) { updateAway(source, seq: lastSeq, at: lastAt) }
        for y in group where !status.isArchived(y) { updateAway(y, seq: lastSeq, at: lastAt) }
    }

    private static func dropEdges(
        across group: [ObjectIndex], _ inGroup: Set<ObjectIndex>, _ edges: inout PositionalEdges,
        _ status: ObjectStatus, _ touched: inout [ObjectIndex], _ effects: inout EffectLog
    ) {
        for y in group {
            if let edge = edges.outbound(y), !inGroup.contains(edge.target) {
                let cause: Effect.RemovalCause = status.isArchived(y) ? .archived : .referenceArchived(edge.target)
                edges.removeOutbound(y, because: cause, effects: &effects)
            }
            for source in edges.inbound(y).sorted() where !inGroup.contains(source) {
                let cause: Effect.RemovalCause = status.isArchived(source) ? .archived : .referenceArchived(y)
                edges.removeOutbound(source, because: cause, effects: &effects)
                touched.append(source)
            }
        }
    }
}
