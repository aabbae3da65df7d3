/// The parent tree and the positional edges of one axis, applied together:
/// the positional projector needs to know whether the object moved on the
/// axis to decide the cascade.
@usableFromInline package struct AxisProjection: Sendable, Equatable {
    /// Each object's container on this axis.
    @usableFromInline package var parents: ParentTree
    /// Each object's positional relation on this axis (beside, under, ... another object).
    @usableFromInline package var positional: PositionalEdges

    @usableFromInline package init(axis: Axis) {
        parents = ParentTree(axis: axis)
        positional = PositionalEdges(axis: axis)
    }

    /// The axis this projection is of.
    @usableFromInline package var axis: Axis { parents.axis }

    /// Puts a projection together from its two parts.
    @usableFromInline package init(parents: ParentTree, positional: PositionalEdges) {
        self.parents = parents
        self.positional = positional
    }

    /// A new object starts at World with no edges.
    @usableFromInline package mutating func appendObject() {
        parents.appendObject()
        positional.appendObject()
    }

    /// Applies a validated placement of `x` with `relation` against `target`
    /// (`.world` allowed for `in`) on this axis: sibling inheritance for
    /// positional relations, replacement of `x`'s own positional edge, and the
    /// cascade when `x` moved.
    /// - Complexity: O(1) plus the number of edges the cascade drops.
    /// - Returns: the objects whose edge to `x` the cascade dropped.
    @inlinable @discardableResult
    package mutating func place(
        _ x: ObjectIndex, _ relation: Relation, against target: ObjectIndex, effects: inout EffectLog
    ) -> [(ObjectIndex, UInt8)] {
        let newParent = parents.edgeFor(relation, against: target)
        let newEdge: PositionalEdge? = relation.isPositional ? PositionalEdge(relation, target) : nil
        return set(x, parent: newParent, positional: newEdge, effects: &effects)
    }

    /// Sets `x`'s parent edge and outbound positional edge on this axis, with
    /// the cascade when either changed. The caller has checked that the
    /// result keeps the forest and sibling rules.
    /// - Returns: the objects whose edge to `x` the cascade dropped.
    @inlinable @discardableResult
    package mutating func set(
        _ x: ObjectIndex, parent newParent: ParentEdge, positional newEdge: PositionalEdge?, effects: inout EffectLog
    ) -> [(ObjectIndex, UInt8)] {
        let movedParent = parents.set(x, to: newParent, effects: &effects)
        let movedEdge = positional.setOutbound(x, to: newEdge, effects: &effects)
        if movedParent || movedEdge {
            return positional.dropInbound(to: x, effects: &effects)
        }
        effects.add(.unchanged(x, axis))
        return []
    }

    /// Whether placing `x` with `relation` against `target` would leave its
    /// parent edge and positional edge on this axis as they are.
    @inlinable
    package func isNoOp(_ x: ObjectIndex, _ relation: Relation, against target: ObjectIndex) -> Bool {
        let newEdge: PositionalEdge? = relation.isPositional ? PositionalEdge(relation, target) : nil
        return parents.edge(x) == parents.edgeFor(relation, against: target) && positional.outbound(x) == newEdge
    }

    /// Reserves room for `count` more objects.
    @usableFromInline package mutating func reserve(_ count: Int) {
        parents.reserve(count)
        positional.reserve(count)
    }
}
