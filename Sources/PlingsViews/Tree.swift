import PlingsDomain

/// One object of the world tree, in depth-first order.
public struct TreeRow: Sendable, Hashable {
    /// 0 for the objects at World.
    public var depth: Int
    /// The object's id.
    public var id: String
    /// The object's name.
    public var name: String
    /// The parent's id, or nil at World.
    public var parent: String?
    /// The parent edge's relation (`in`, `on`, `attached-to`), or nil at World.
    public var relation: String?
    /// The outbound positional relations (at most one in v1).
    public var positional: [PositionalRef]
    /// Whether it is the last of its siblings.
    public var isLast: Bool
}

/// The whole world as a tree on one axis, children sorted by name then id.
///
/// The tree is kept flat, as rows in depth-first order with their depth, so
/// that building, printing and writing JSON need no recursion and a chain
/// of any depth costs memory in proportion to the number of objects only.
public struct WorldTree: Sendable, Hashable {
    /// The axis the tree shows (`current` or `normal`).
    public var axis: String
    /// The last event the tree reflects.
    public var asOfSeq: Int64
    /// Every object, depth first.
    public var rows: [TreeRow]

    /// Builds the tree of `axis`.
    /// - Complexity: O(n log n).
    public init(axis: Axis, state: WorldState) {
        let projection = state.projection(axis)
        let registry = state.registry
        let reading = StateReading(state)
        var children = [[ObjectIndex]](repeating: [], count: registry.count)
        var roots: [ObjectIndex] = []
        for x in registry.indices where !state.status.isArchived(x) {
            let p = projection.parents.parent(x)
            if p == .world { roots.append(x) } else { children[Int(p)].append(x) }
        }
        func order(_ list: [ObjectIndex]) -> [ObjectIndex] {
            list.sorted { (registry.name($0), registry.id($0)) < (registry.name($1), registry.id($1)) }
        }
        var rows: [TreeRow] = []
        rows.reserveCapacity(registry.count)
        var stack: [(ObjectIndex, Int, Bool)] = order(roots).reversed().enumerated().map { ($1, 0, $0 == 0) }
        while let (x, depth, last) = stack.popLast() {
            let edge = projection.parents.edge(x)
            rows.append(
                TreeRow(
                    depth: depth, id: registry.id(x).rawValue, name: registry.name(x),
                    parent: edge.isWorld ? nil : registry.id(edge.parent).rawValue,
                    relation: edge.isWorld ? nil : edge.relation.token,
                    positional: PositionalRef.outbound(of: x, axis, reading: reading), isLast: last))
            for (k, child) in order(children[Int(x)]).reversed().enumerated() {
                stack.append((child, depth + 1, k == 0))
            }
            children[Int(x)] = []
        }
        self.axis = axis.token
        self.asOfSeq = state.lastSeq
        self.rows = rows
    }

    /// The tree as indented text.
    public func render(_ language: Language) -> String {
        OutputBuffer.collect { render(language, to: &$0) }
    }

    /// Writes the tree as indented text to `out`, line by line. Lines deeper
    /// than `Texts.maxIndent` show their depth and only the last levels of
    /// indentation, so no line grows with the depth of the tree.
    package func render(_ language: Language, to out: inout OutputBuffer) {
        let t = Texts(language)
        out.write("\(t.world) (\(t.axisName(Axis(token: axis) ?? .current)))\n")
        // lastAt[d]: whether the open ancestor at depth d was the last of its siblings.
        var lastAt: [Bool] = []
        for row in rows {
            lastAt.removeSubrange(min(row.depth, lastAt.count)...)
            var line = row.depth > Texts.maxIndent ? t.depthMark(row.depth) : ""
            for d in max(0, row.depth - Texts.maxIndent)..<row.depth { line += lastAt[d] ? "   " : "│  " }
            line += row.isLast ? "└─ " : "├─ "
            line += "\(Printable.quote(row.name)) (\(row.id))\(t.heldBy(row.relation))"
            for p in row.positional { line += t.inlinePositional(p) }
            out.write(line + "\n")
            lastAt.append(row.isLast)
        }
    }
}

extension TreeRow: JSONWritable {
    /// The row's own fields; `WorldTree` adds `children`.
    package func write(to w: inout JSONWriter) {
        w.field("id", id)
        w.field("name", name)
        w.field("parent", parent)
        w.field("relation", relation)
        w.field("positional", positional)
    }
}

extension WorldTree: JSONWritable {
    /// Writes `{"asOfSeq":…,"axis":…,"roots":[{…,"children":[…]}]}`, nesting by
    /// depth without recursion.
    package func write(to w: inout JSONWriter) {
        w.beginObject()
        w.field("asOfSeq", asOfSeq)
        w.field("axis", axis)
        w.key("roots")
        w.beginArray()
        var open = 0
        for row in rows {
            while open > row.depth {
                w.endArray()
                w.endObject()
                open -= 1
            }
            w.beginObject()
            row.write(to: &w)
            w.key("children")
            w.beginArray()
            open += 1
        }
        while open > 0 {
            w.endArray()
            w.endObject()
            open -= 1
        }
        w.endArray()
        w.endObject()
    }
}
