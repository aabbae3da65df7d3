import PlingsDomain

/// An object and its name, as views show it.
public struct ObjectRef: Sendable, Hashable {
    /// The object's id.
    public var id: String
    /// The object's name.
    public var name: String
}

/// A positional relation of this object to another: "Under Bord".
public struct PositionalRef: Sendable, Hashable {
    /// The relation's token (`under`, `right-of`, …).
    public var relation: String
    /// The id of the object it is relative to.
    public var target: String
    /// That object's name.
    public var targetName: String

    package init(relation: String, target: String, targetName: String) {
        (self.relation, self.target, self.targetName) = (relation, target, targetName)
    }
}

/// An object and the relation it holds to the object being shown: a thing
/// in, on or attached to it (contents), or a thing placed under, beside, …
/// it (an inbound positional relation: "Under den: Plastlåda").
public struct RelatedRef: Sendable, Hashable {
    /// The related object's id.
    public var id: String
    /// The related object's name.
    public var name: String
    /// The relation's token.
    public var relation: String
}

extension PositionalRef {
    /// The outbound positional relation of `x` on `axis`, as views list it (none or one).
    package static func outbound(of x: ObjectIndex, _ axis: Axis, reading world: some CardReading) -> [PositionalRef] {
        guard let edge = world.outbound(x, axis) else { return [] }
        return [
            PositionalRef(
                relation: edge.relation.token, target: world.id(edge.target), targetName: world.name(edge.target))
        ]
    }
}

extension RelatedRef {
    /// The objects placed relative to `x` on `axis`, by relation, then name, then id.
    /// - Complexity: O(k log k) for k such objects.
    package static func inbound(to x: ObjectIndex, _ axis: Axis, reading world: some CardReading) -> [RelatedRef] {
        world.inbound(x, axis).compactMap { source -> (UInt8, RelatedRef)? in
            guard let edge = world.outbound(source, axis) else { return nil }
            let ref = RelatedRef(id: world.id(source), name: world.name(source), relation: edge.relation.token)
            return (edge.relation.rawValue, ref)
        }.sorted { ($0.0, $0.1.name, $0.1.id) < ($1.0, $1.1.name, $1.1.id) }.map(\.1)
    }
}

/// Where an object is on one axis.
public struct Location: Sendable, Hashable {
    /// The parent's id, or nil at World.
    public var parent: String?
    /// The parent edge's relation (`in`, `on`, `attached-to`), or nil at World.
    public var relation: String?
    /// The chain from the top (below World) down to the parent; when
    /// `elided`, only its top two and its nearest three.
    public var path: [ObjectRef]
    /// Whether containers between the top two and the nearest three of a
    /// path deeper than five are left out (stocktake shows paths as history
    /// does; other views show them whole and say false).
    public var elided = false
    /// The outbound positional relations (at most one in v1).
    public var positional: [PositionalRef]
    /// The objects placed relative to this one on the axis (under it, beside it, …).
    public var inbound: [RelatedRef]

    /// The path as text: `Saltsjön › Vardagsrummet`, or World at the root;
    /// `A › B › … › X › Y › Z` when `elided`.
    public func pathText(_ language: Language) -> String {
        pathText(Texts(language))
    }

    /// The path as text in the words of `t` (made once for many paths).
    package func pathText(_ t: Texts) -> String {
        if path.isEmpty { return t.world }
        var names = path.map { Printable.quote($0.name) }
        if elided { names.insert("…", at: min(HistoryText.pathHead, names.count)) }
        return names.joined(separator: " › ")
    }

    /// Builds the location of `x` on `axis`.
    /// - Complexity: O(depth + k log k) for k inbound positional relations.
    public init(_ x: ObjectIndex, axis: Axis, state: WorldState) {
        self.init(x, axis: axis, reading: StateReading(state))
    }

    /// Builds the location of `x` on `axis` from what `world` reads.
    package init(_ x: ObjectIndex, axis: Axis, reading world: some CardReading) {
        self.init(
            x, axis: axis, reading: world,
            path: world.path(to: x, axis).map { ObjectRef(id: world.id($0), name: world.name($0)) })
    }

    /// The location made of its parts.
    package init(
        parent: String?, relation: String?, path: [ObjectRef], elided: Bool, positional: [PositionalRef],
        inbound: [RelatedRef]
    ) {
        (self.parent, self.relation, self.path, self.elided) = (parent, relation, path, elided)
        (self.positional, self.inbound) = (positional, inbound)
    }

    /// The location of `x` on `axis` with the path given.
    init(_ x: ObjectIndex, axis: Axis, reading world: some CardReading, path: [ObjectRef]) {
        let edge = world.edge(x, axis)
        parent = edge.isWorld ? nil : world.id(edge.parent)
        relation = edge.isWorld ? nil : edge.relation.token
        self.path = path
        positional = PositionalRef.outbound(of: x, axis, reading: world)
        inbound = RelatedRef.inbound(to: x, axis, reading: world)
    }

    /// The indented lines under the path: the parent relation when it is not
    /// `in` ("På Bord"), the outbound positional relation ("Under Bord") and
    /// what is placed relative to the object ("Under den: Plastlåda").
    public func detailLines(_ language: Language) -> [String] {
        let t = Texts(language)
        var lines: [String] = []
        if let rel = relation.flatMap(Relation.init(token:)), rel != .in, let parent = path.last {
            lines.append("  \(t.catalog.sentenceLabel(rel)) \(Printable.quote(parent.name))")
        }
        for p in positional {
            let label = Relation(token: p.relation).map(t.catalog.sentenceLabel) ?? p.relation
            lines.append("  \(label) \(Printable.quote(p.targetName))")
        }
        var groups: [(String, [String])] = []
        for ref in inbound {
            if let last = groups.last, last.0 == ref.relation {
                groups[groups.count - 1].1.append(Printable.quote(ref.name))
            } else {
                groups.append((ref.relation, [Printable.quote(ref.name)]))
            }
        }
        for (relation, names) in groups {
            let label = Relation(token: relation).map(t.inboundLabel) ?? relation
            lines.append("  \(label): \(names.joined(separator: ", "))")
        }
        return lines
    }
}
