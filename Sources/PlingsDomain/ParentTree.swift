/// Projector: the parent forest of one axis. Every object has exactly one
/// parent edge; objects without a parent sit at World.
@usableFromInline package struct ParentTree: Sendable, Equatable {
    /// The axis this tree is of.
    @usableFromInline package let axis: Axis

    /// One object's parent edge and how many objects have it as their
    /// parent: what a placement reads and writes of an object sits together
    /// in 12 bytes (one cache line, not three).
    @usableFromInline
    struct Node: Sendable, Equatable {
        @usableFromInline var parent: ObjectIndex
        /// How many objects have this one as their parent (derived from the parents).
        @usableFromInline var childCount: Int32
        @usableFromInline var relation: Relation

        @usableFromInline static let atWorld = Node(parent: .world, childCount: 0, relation: .in)

        @usableFromInline
        init(parent: ObjectIndex, childCount: Int32, relation: Relation) {
            self.parent = parent
            self.childCount = childCount
            self.relation = relation
        }
    }

    @usableFromInline var nodes: [Node] = []

    @usableFromInline package init(axis: Axis) { self.axis = axis }

    /// Number of objects the tree knows.
    @usableFromInline package var count: Int { nodes.count }

    /// The parent edge of `x`.
    @inlinable
    package func edge(_ x: ObjectIndex) -> ParentEdge {
        let node = nodes[Int(x)]
        return ParentEdge(node.relation, node.parent)
    }

    /// The parent of `x` (or `.world`); World's own parent is World.
    @inlinable
    package func parent(_ x: ObjectIndex) -> ObjectIndex {
        x == .world ? .world : nodes[Int(x)].parent
    }

    /// Whether `ancestor` is `x` itself or lies on `x`'s parent chain.
    /// - Complexity: O(depth of `x`).
    @inlinable
    package func isSelfOrAncestor(_ ancestor: ObjectIndex, of x: ObjectIndex) -> Bool {
        var node = x
        var steps = 0
        while node != .world {
            if node == ancestor { return true }
            node = nodes[Int(node)].parent
            steps += 1
            if steps > nodes.count { return true }  // a cycle would be damage; treat as blocked
        }
        return ancestor == .world
    }

    /// Whether placing `x` with `relation` against `target` would make `x` its
    /// own ancestor: the new parent is `x` or lies inside `x`.
    @inlinable
    package func wouldCycle(_ x: ObjectIndex, _ relation: Relation, _ target: ObjectIndex) -> Bool {
        let newParent = edgeFor(relation, against: target).parent
        if newParent == .world { return false }
        // An object with nothing inside it is an ancestor of nothing but itself.
        if nodes[Int(x)].childCount == 0 { return newParent == x }
        return isSelfOrAncestor(x, of: newParent)
    }

    /// How many objects have `x` as their parent on this axis (archived ones included).
    /// - Complexity: O(1).
    @inlinable
    package func childCount(_ x: ObjectIndex) -> Int { Int(nodes[Int(x)].childCount) }

    /// The chain of ancestors from the top (just below World) down to the parent of `x`.
    @usableFromInline package func path(to x: ObjectIndex) -> [ObjectIndex] {
        var chain: [ObjectIndex] = []
        var node = parent(x)
        while node != .world, chain.count <= nodes.count {
            chain.append(node)
            node = nodes[Int(node)].parent
        }
        return chain.reversed()
    }

    /// The objects whose parent is `x` (World for `.world`), in creation order.
    /// - Complexity: O(n); views call it, replay never does.
    @usableFromInline package func children(of x: ObjectIndex) -> [ObjectIndex] {
        var result: [ObjectIndex] = []
        for (index, node) in nodes.enumerated() where node.parent == x { result.append(ObjectIndex(index)) }
        return result
    }

    /// The parent edge that placing with `relation` against `target` gives on this axis.
    @inlinable
    package func edgeFor(_ relation: Relation, against target: ObjectIndex) -> ParentEdge {
        relation.isParentCreating ? ParentEdge(relation, target) : ParentEdge(.in, parent(target))
    }

    /// A new object starts at World.
    @usableFromInline package mutating func appendObject() {
        nodes.append(.atWorld)
    }

    /// Sets the parent edge of `x`, reporting the change. Returns whether it changed.
    @discardableResult
    @usableFromInline package mutating func set(_ x: ObjectIndex, to edge: ParentEdge, effects: inout EffectLog) -> Bool
    {
        let old = self.edge(x)
        guard old != edge else { return false }
        if old.parent != .world { nodes[Int(old.parent)].childCount -= 1 }
        if edge.parent != .world { nodes[Int(edge.parent)].childCount += 1 }
        nodes[Int(x)].parent = edge.parent
        nodes[Int(x)].relation = edge.relation
        effects.add(.parentChanged(x, axis, from: old, to: edge))
        return true
    }

    /// The raw arrays: parents and relation raw values.
    @usableFromInline package var raw: (parents: [ObjectIndex], relations: [UInt8]) {
        (nodes.map(\.parent), nodes.map(\.relation.rawValue))
    }

    /// Rebuilds a tree from raw arrays; nil when a relation value is not one of the three parent relations.
    @usableFromInline package init?(axis: Axis, parents: [ObjectIndex], relations: [UInt8]) {
        guard parents.count == relations.count else { return nil }
        var nodes: [Node] = []
        nodes.reserveCapacity(parents.count)
        for (p, raw) in zip(parents, relations) {
            guard let r = Relation(rawValue: raw), r.isParentCreating, p >= -1, Int(p) < parents.count
            else { return nil }
            nodes.append(Node(parent: p, childCount: 0, relation: r))
        }
        for p in parents where p != .world { nodes[Int(p)].childCount += 1 }
        self.axis = axis
        self.nodes = nodes
    }

    /// Reserves room for `count` more objects.
    @usableFromInline package mutating func reserve(_ count: Int) {
        nodes.reserveCapacity(nodes.count + count)
    }
}
