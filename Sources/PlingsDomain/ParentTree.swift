/// Projector: the parent forest of one axis. Every object has exactly one
/// parent edge; objects without a parent sit at World.
public struct ParentTree: Sendable, Equatable {
    /// The axis this tree is of.
    public let axis: Axis
    @usableFromInline var parents: [ObjectIndex] = []
    @usableFromInline var relations: [Relation] = []
    /// How many objects have each object as their parent (derived from `parents`).
    @usableFromInline var childCounts: [Int32] = []

    package init(axis: Axis) { self.axis = axis }

    /// Number of objects the tree knows.
    public var count: Int { parents.count }

    /// The parent edge of `x`.
    @inlinable
    public func edge(_ x: ObjectIndex) -> ParentEdge {
        ParentEdge(relations[Int(x)], parents[Int(x)])
    }

    /// The parent of `x` (or `.world`); World's own parent is World.
    @inlinable
    public func parent(_ x: ObjectIndex) -> ObjectIndex {
        x == .world ? .world : parents[Int(x)]
    }

    /// Whether `ancestor` is `x` itself or lies on `x`'s parent chain.
    /// - Complexity: O(depth of `x`).
    @inlinable
    public func isSelfOrAncestor(_ ancestor: ObjectIndex, of x: ObjectIndex) -> Bool {
        var node = x
        var steps = 0
        while node != .world {
            if node == ancestor { return true }
            node = parents[Int(node)]
            steps += 1
            if steps > parents.count { return true }  // a cycle would be damage; treat as blocked
        }
        return ancestor == .world
    }

    /// Whether placing `x` with `relation` against `target` would make `x` its
    /// own ancestor: the new parent is `x` or lies inside `x`.
    @inlinable
    public func wouldCycle(_ x: ObjectIndex, _ relation: Relation, _ target: ObjectIndex) -> Bool {
        let newParent = edgeFor(relation, against: target).parent
        if newParent == .world { return false }
        // An object with nothing inside it is an ancestor of nothing but itself.
        if childCounts[Int(x)] == 0 { return newParent == x }
        return isSelfOrAncestor(x, of: newParent)
    }

    /// How many objects have `x` as their parent on this axis (archived ones included).
    /// - Complexity: O(1).
    @inlinable
    public func childCount(_ x: ObjectIndex) -> Int { Int(childCounts[Int(x)]) }

    /// The chain of ancestors from the top (just below World) down to the parent of `x`.
    public func path(to x: ObjectIndex) -> [ObjectIndex] {
        var chain: [ObjectIndex] = []
        var node = parent(x)
        while node != .world, chain.count <= parents.count {
            chain.append(node)
            node = parents[Int(node)]
        }
        return chain.reversed()
    }

    /// The objects whose parent is `x` (World for `.world`), in creation order.
    /// - Complexity: O(n); views call it, replay never does.
    public func children(of x: ObjectIndex) -> [ObjectIndex] {
        var result: [ObjectIndex] = []
        for (index, parent) in parents.enumerated() where parent == x { result.append(ObjectIndex(index)) }
        return result
    }

    /// The parent edge that placing with `relation` against `target` gives on this axis.
    @inlinable
    public func edgeFor(_ relation: Relation, against target: ObjectIndex) -> ParentEdge {
        relation.isParentCreating ? ParentEdge(relation, target) : ParentEdge(.in, parent(target))
    }

    /// A new object starts at World.
    package mutating func appendObject() {
        parents.append(.world)
        relations.append(.in)
        childCounts.append(0)
    }

    /// Sets the parent edge of `x`, reporting the change. Returns whether it changed.
    @discardableResult
    @usableFromInline package mutating func set(_ x: ObjectIndex, to edge: ParentEdge, effects: inout EffectLog) -> Bool
    {
        let old = self.edge(x)
        guard old != edge else { return false }
        if old.parent != .world { childCounts[Int(old.parent)] -= 1 }
        if edge.parent != .world { childCounts[Int(edge.parent)] += 1 }
        parents[Int(x)] = edge.parent
        relations[Int(x)] = edge.relation
        effects.add(.parentChanged(x, axis, from: old, to: edge))
        return true
    }

    /// The raw arrays: parents and relation raw values.
    package var raw: (parents: [ObjectIndex], relations: [UInt8]) { (parents, relations.map(\.rawValue)) }

    /// Rebuilds a tree from raw arrays; nil when a relation value is not one of the three parent relations.
    package init?(axis: Axis, parents: [ObjectIndex], relations: [UInt8]) {
        guard parents.count == relations.count else { return nil }
        var rels: [Relation] = []
        rels.reserveCapacity(relations.count)
        for raw in relations {
            guard let r = Relation(rawValue: raw), r.isParentCreating else { return nil }
            rels.append(r)
        }
        for p in parents where p < -1 || Int(p) >= parents.count { return nil }
        self.axis = axis
        self.parents = parents
        self.relations = rels
        var counts = [Int32](repeating: 0, count: parents.count)
        for p in parents where p != .world { counts[Int(p)] += 1 }
        self.childCounts = counts
    }

    /// Reserves room for `count` more objects.
    package mutating func reserve(_ count: Int) {
        parents.reserveCapacity(parents.count + count)
        relations.reserveCapacity(relations.count + count)
        childCounts.reserveCapacity(childCounts.count + count)
    }
}
