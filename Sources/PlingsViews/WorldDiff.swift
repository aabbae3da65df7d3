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
        fromSeq = a.lastSeq
        toSeq = b.lastSeq
        let shared = min(a.registry.count, b.registry.count)
        appeared = (shared..<b.registry.count).map {
            ObjectRef(id: b.registry.id(ObjectIndex($0)).rawValue, name: b.registry.name(ObjectIndex($0)))
        }
        renamed = []
        moved = []
        positionalAppeared = []
        positionalDropped = []
        (archived, restored) = Self.archiveChanges(from: a, to: b)
        for i in shared..<b.registry.count {
            let x = ObjectIndex(i)
            for axis in Axis.allCases {
                if let e = b.projection(axis).positional.outbound(x) {
                    positionalAppeared.append(
                        EdgeChange(
                            id: b.registry.id(x).rawValue, name: b.registry.name(x), axis: axis.token,
                            relation: e.relation.token, target: b.registry.id(e.target).rawValue,
                            targetName: b.registry.name(e.target)))
                }
            }
        }
        for i in 0..<shared {
            let x = ObjectIndex(i)
            let id = b.registry.id(x).rawValue
            let name = b.registry.name(x)
            if a.registry.nameSlice(x) != b.registry.nameSlice(x) {
                renamed.append(Rename(id: id, from: a.registry.name(x), to: name))
            }
            for axis in Axis.allCases {
                let pa = a.projection(axis)
                let pb = b.projection(axis)
                if pa.parents.edge(x) != pb.parents.edge(x) {
                    moved.append(
                        Move(
                            id: id, name: name, axis: axis.token, from: Location(x, axis: axis, state: a),
                            to: Location(x, axis: axis, state: b)))
                }
                let ea = pa.positional.outbound(x)
                let eb = pb.positional.outbound(x)
                if ea != eb {
                    if let ea {
                        positionalDropped.append(
                            EdgeChange(
                                id: id, name: name, axis: axis.token, relation: ea.relation.token,
                                target: a.registry.id(ea.target).rawValue, targetName: a.registry.name(ea.target)))
                    }
                    if let eb {
                        positionalAppeared.append(
                            EdgeChange(
                                id: id, name: name, axis: axis.token, relation: eb.relation.token,
                                target: b.registry.id(eb.target).rawValue, targetName: b.registry.name(eb.target)))
                    }
                }
            }
        }
    }

    /// The objects archived and restored between `a` and `b` (registry order).
    private static func archiveChanges(from a: WorldState, to b: WorldState) -> ([ObjectRef], [ObjectRef]) {
        var archived: [ObjectRef] = []
        var restored: [ObjectRef] = []
        for x in b.registry.indices {
            let before = Int(x) < a.registry.count && a.status.isArchived(x)
            let after = b.status.isArchived(x)
            guard before != after else { continue }
            let ref = ObjectRef(id: b.registry.id(x).rawValue, name: b.registry.name(x))
            if after { archived.append(ref) } else { restored.append(ref) }
        }
        return (archived, restored)
    }

    /// The diff as text in `language`.
    public func render(_ language: Language) -> String {
        let t = Texts(language)
        let c = t.catalog
        var lines = [c(.diffHeading, ["from": t.point(fromSeq), "to": t.point(toSeq)])]
        func path(_ loc: Location) -> String { loc.pathText(language) }
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
