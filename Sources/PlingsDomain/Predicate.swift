/// A relation on one axis: the unit the original graph stored as an edge type,
/// e.g. `CURRENT_UNDER` or `NORMAL_ATTACHED_TO`.
public struct Predicate: Sendable, Hashable {
    /// The axis.
    public var axis: Axis
    /// The relation.
    public var relation: Relation

    /// The predicate `relation` on `axis`.
    public init(_ axis: Axis, _ relation: Relation) {
        self.axis = axis
        self.relation = relation
    }

    /// Every predicate: ten relations on each of the two axes.
    public static let all: [Predicate] = Axis.allCases.flatMap { axis in
        Relation.allCases.map { Predicate(axis, $0) }
    }

    /// The wire key, e.g. `CURRENT_LEFT_OF`.
    package var wireKey: String { axis.wirePrefix + "_" + relation.wireSuffix }

    /// The same relation on the other axis (`CURRENT_UNDER` ↔ `NORMAL_UNDER`).
    public var counterpart: Predicate {
        Predicate(axis == .current ? .normal : .current, relation)
    }

    /// The relation's kind; the axis does not change it.
    public var kind: Relation.Kind { relation.kind }

    /// Parses a wire key such as `NORMAL_NEXT_TO`.
    package init?(wireKey: String) {
        for predicate in Predicate.all where predicate.wireKey == wireKey {
            self = predicate
            return
        }
        return nil
    }
}
