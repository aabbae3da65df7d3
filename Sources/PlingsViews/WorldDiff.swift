import PlingsDomain

/// What changed between two points of the log.
public struct WorldDiff: Sendable, Hashable {
    public struct Move: Sendable, Hashable {
        public var id: String
        public var name: String
        public var axis: String
        public var from: Location
        public var to: Location
    }
    public struct Rename: Sendable, Hashable {
        public var id: String
        public var from: String
        public var to: String
    }
    public struct EdgeChange: Sendable, Hashable {
        public var id: String
        public var name: String
        public var axis: String
        public var relation: String
        public var target: String
        public var targetName: String
    }

    public var fromSeq: Int64
    public var toSeq: Int64
    public var appeared: [ObjectRef]
    public var renamed: [Rename]
    public var moved: [Move]
    public var positionalAppeared: [EdgeChange]
    public var positionalDropped: [EdgeChange]

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

    public func render(_ language: Language) -> String {
        let sv = language == .sv
        let t = Texts(language)
        var lines = [sv ? "Skillnad #\(fromSeq) → #\(toSeq)" : "Changes #\(fromSeq) → #\(toSeq)"]
        func path(_ loc: Location) -> String { loc.pathText(language) }
        for o in appeared { lines.append("+ \(Printable.quote(o.name)) (\(o.id)) \(sv ? "skapad" : "created")") }
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
                + "\(Relation(token: e.relation)?.label(language).lowercased() ?? e.relation) \(Printable.quote(e.targetName))"
        }
        for e in positionalAppeared { lines.append("+ " + edge(e)) }
        for e in positionalDropped { lines.append("- " + edge(e)) }
        if lines.count == 1 { lines.append(sv ? "(inga ändringar)" : "(no changes)") }
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
        }
    }
}
