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

    public init(_ relation: Relation, _ parent: ObjectIndex) {
        self.relation = relation
        self.parent = parent
    }

    /// At the root.
    public static let world = ParentEdge(.in, .world)

    public var isWorld: Bool { parent == .world }
}

/// An object's outbound positional edge on one axis: "under Bord".
public struct PositionalEdge: Sendable, Hashable {
    public var relation: Relation
    public var target: ObjectIndex

    public init(_ relation: Relation, _ target: ObjectIndex) {
        self.relation = relation
        self.target = target
    }
}
