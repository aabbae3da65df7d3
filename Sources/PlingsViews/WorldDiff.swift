import PlingsDomain
import PlingsText

/// What changed between two points of the log.
public struct WorldDiff: Sendable, Hashable {
    /// An object that moved on one axis.
    public struct Move: Sendable, Hashable {
        /// The object's id.
        public var id: String
        /// The object's name.
        public var name: String
        /// The axis it moved on.
        public var axis: String
        /// Where it was.
        public var from: Location
        /// Where it is.
        public var to: Location
    }
    /// An object that was renamed.
    public struct Rename: Sendable, Hashable {
        /// The object's id.
        public var id: String
        /// The earlier name.
        public var from: String
        /// The later name.
        public var to: String
    }
    /// A positional relation that appeared or was dropped.
    public struct EdgeChange: Sendable, Hashable {
        /// The object's id.
        public var id: String
        /// The object's name.
        public var name: String
        /// The axis.
        public var axis: String
        /// The relation's token.
        public var relation: String
        /// The id of the object it is relative to.
        public var target: String
        /// That object's name.
        public var targetName: String
    }

    /// The earlier point's last seq.
    public var fromSeq: Int64
    /// The later point's last seq.
    public var toSeq: Int64
    /// Objects created between the two points.
    public var appeared: [ObjectRef]
    /// Objects renamed.
    public var renamed: [Rename]
    /// Objects whose container changed, per axis.
    public var moved: [Move]
    /// Positional relations that appeared.
    public var positionalAppeared: [EdgeChange]
    /// Positional relations that were dropped.
    public var positionalDropped: [EdgeChange]
    /// Objects that left the world (archived) between the two points,
    /// among them those created and archived in between.
    public var archived: [ObjectRef]
    /// Objects archived at the earlier point and back in the world at the later one.
    public var restored: [ObjectRef]

    /// Compares `a` (earlier) with `b` (later). Objects only ever appear, so
    /// the first `a.registry.count` indices are the same objects in both.
    public init(from a: WorldState, to b: WorldState) {
        let shared = min(a.registry.count, b.registry.count)
        self.init(from: StateReading(a), to: StateReading(b), changed: (0..<shared).lazy.map { ObjectIndex($0) })
    }

    /// Compares `a` (earlier) with `b` (later), looking only at the objects of
    /// both in `changed` (ascending) and at those only `b` has: the diff of the
    /// two worlds when every other object of both is the same in each (its name,
    /// parent and positional edges, archive).
    /// - Complexity: O(k) reads for the k objects looked at, plus their paths where they moved.
    package init<R: DiffReading>(from a: R, to b: R, changed: some Collection<ObjectIndex>) {
        fromSeq = a.lastSeq
        toSeq = b.lastSeq
        let shared = min(a.objectCount, b.objectCount)
        let new = (shared..<b.objectCount).map { ObjectIndex($0) }
        appeared = new.map { ObjectRef(id: b.id($0), name: b.name($0)) }
        renamed = []
        moved = []
        positionalAppeared = []
        positionalDropped = []
        (archived, restored) = ([], [])
        for x in changed where a.isArchived(x) != b.isArchived(x) {
            let ref = ObjectRef(id: b.id(x), name: b.name(x))
            if b.isArchived(x) { archived.append(ref) } else { restored.append(ref) }
        }
        for x in new where b.isArchived(x) { archived.append(ObjectRef(id: b.id(x), name: b.name(x))) }
        for x in new {
            for axis in Axis.allCases {
                if let e = b.outbound(x, axis) { positionalAppeared.append(Self.edgeChange(x, axis, e, b)) }
            }
        }
        for x in changed { compare(x, a, b) }
    }

    /// The changes of `x`, an object of both: its name, and on each axis its parent edge and positional edge.
    private mutating func compare<R: DiffReading>(_ x: ObjectIndex, _ a: R, _ b: R) {
        if !b.sameName(x, as: a) { renamed.append(Rename(id: b.id(x), from: a.name(x), to: b.name(x))) }
        for axis in Axis.allCases {
            if a.edge(x, axis) != b.edge(x, axis) {
                moved.append(
                    Move(
                        id: b.id(x), name: b.name(x), axis: axis.token, from: Location(x, axis: axis, reading: a),
                        to: Location(x, axis: axis, reading: b)))
            }
            let ea = a.outbound(x, axis)
            let eb = b.outbound(x, axis)
            if ea != eb {
                if let ea { positionalDropped.append(Self.edgeChange(x, axis, ea, a, name: b.name(x))) }
                if let eb { positionalAppeared.append(Self.edgeChange(x, axis, eb, b)) }
            }
        }
    }

    /// The positional edge `e` of `x` on `axis` as the diff lists it, its target named as `world` names it
    /// (and `x` as `name` says, `world`'s name of it when nil).
    private static func edgeChange<R: DiffReading>(
        _ x: ObjectIndex, _ axis: Axis, _ e: PositionalEdge, _ world: R, name: String? = nil
    ) -> EdgeChange {
        EdgeChange(
            id: world.id(x), name: name ?? world.name(x), axis: axis.token, relation: e.relation.token,
            target: world.id(e.target), targetName: world.name(e.target))
    }

    /// The diff as text in `language`.
    public func render(_ language: Language) -> String {
        let t = Texts(language)
        let c = t.catalog
        var lines = [c(.diffHeading, ["from": t.point(fromSeq), "to": t.point(toSeq)])]
        func path(_ loc: Location) -> String { loc.pathText(t) }
        let created = c(.diffCreated)
        for o in appeared { lines.append("+ \(Printable.quote(o.name)) (\(o.id)) \(created)") }
        for r in renamed {
            lines.append("~ \(r.id): '\(Printable.quote(r.from))' → '\(Printable.quote(r.to))'")
        }
        for m in moved {
            lines.append(
                "→ \(Printable.quote(m.name)) (\(m.id)) [\(t.axisName(Axis(token: m.axis) ?? .current))]: "
                    + "\(path(m.from)) → \(path(m.to))")
        }
        func edge(_ e: EdgeChange) -> String {
            "\(Printable.quote(e.name)) (\(e.id)) [\(t.axisName(Axis(token: e.axis) ?? .current))]: "
                + "\(t.word(token: e.relation)) \(Printable.quote(e.targetName))"
        }
        for e in positionalAppeared { lines.append("+ " + edge(e)) }
        for e in positionalDropped { lines.append("- " + edge(e)) }
        let (gone, back) = (c(.diffArchived), c(.diffRestored))
        for o in archived { lines.append("- \(Printable.quote(o.name)) (\(o.id)) \(gone)") }
        for o in restored { lines.append("+ \(Printable.quote(o.name)) (\(o.id)) \(back)") }
        if lines.count == 1 { lines.append(c(.diffNone)) }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension WorldDiff.Move: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("name", name)
            $0.field("axis", axis)
            $0.key("from")
            from.write(to: &$0)
            $0.key("to")
            to.write(to: &$0)
        }
    }
}

extension WorldDiff.Rename: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("from", from)
            $0.field("to", to)
        }
    }
}

extension WorldDiff.EdgeChange: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("name", name)
            $0.field("axis", axis)
            $0.field("relation", relation)
            $0.field("target", target)
            $0.field("targetName", targetName)
        }
    }
}

extension WorldDiff: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("fromSeq", fromSeq)
            $0.field("toSeq", toSeq)
            $0.field("appeared", appeared)
            $0.field("renamed", renamed)
            $0.field("moved", moved)
            $0.field("positionalAppeared", positionalAppeared)
            $0.field("positionalDropped", positionalDropped)
            $0.field("archived", archived)
            $0.field("restored", restored)
        }
    }
}
