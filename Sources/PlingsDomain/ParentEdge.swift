/// A dense index for an object, assigned in order of creation (0, 1, 2, …).
/// Projections keep their state in arrays indexed by it.
public typealias ObjectIndex = Int32

extension ObjectIndex {
    /// The index that stands for the root, World.
    public static let world: ObjectIndex = -1
}

/// An object's parent on one axis, with the relation of the edge.
public struct ParentEdge: Sendable, Hashable {
    /// `in`, `on` or `attachedTo`; `in` also when the object was placed
    /// positionally and when it sits at World.
    public var relation: Relation
    /// The parent, or `.world`.
    public var parent: ObjectIndex

    @usableFromInline package init(_ relation: Relation, _ parent: ObjectIndex) {
        self.relation = relation
        self.parent = parent
    }

    /// At the root.
    public static let world = ParentEdge(.in, .world)

    /// Whether the parent is the world (the object is at the top level).
    public var isWorld: Bool { parent == .world }
}

/// An object's outbound positional edge on one axis: "under Bord".
public struct PositionalEdge: Sendable, Hashable {
    /// The positional relation (next to, under, ...).
    public var relation: Relation
    /// The object it is relative to.
    public var target: ObjectIndex

    @usableFromInline package init(_ relation: Relation, _ target: ObjectIndex) {
        self.relation = relation
        self.target = target
    }
}
