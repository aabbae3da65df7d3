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

    package init(
        depth: Int, id: String, name: String, parent: String?, relation: String?, positional: [PositionalRef],
        isLast: Bool
    ) {
        (self.depth, self.id, self.name, self.parent) = (depth, id, name, parent)
        (self.relation, self.positional, self.isLast) = (relation, positional, isLast)
    }
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

    /// The tree of `axis` from rows already made (see `rows(axis:state:each:)`).
    public init(axis: Axis, asOfSeq: Int64, rows: [TreeRow]) {
        self.axis = axis.token
        self.asOfSeq = asOfSeq
        self.rows = rows
    }

    /// Builds the tree of `axis`.
    /// - Complexity: O(n log n).
    public init(axis: Axis, state: WorldState) {
        var rows: [TreeRow] = []
        rows.reserveCapacity(state.registry.count)
        Self.rows(axis: axis, state: state) { rows.append($0) }
        self.init(axis: axis, asOfSeq: state.lastSeq, rows: rows)
    }

    /// Hands the rows of the tree of `axis` to `each`, depth first, children
    /// sorted by name then id, archived things left out, as they are made;
    /// with `root`, only that object's subtree, the object itself first at depth 0.
    /// - Complexity: O(n log n).
    package static func rows(
        axis: Axis, state: WorldState, root: ObjectIndex? = nil, each: (TreeRow) throws -> Void
    ) rethrows {
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
        var stack: [(ObjectIndex, Int, Bool)] =
            root.map { [($0, 0, true)] } ?? order(roots).reversed().enumerated().map { ($1, 0, $0 == 0) }
        while let (x, depth, last) = stack.popLast() {
            let edge = projection.parents.edge(x)
            try each(
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
    }

    /// The tree as indented text.
    public func render(_ language: Language) -> String {
        OutputBuffer.collect { render(language, to: &$0) }
    }

    /// Writes the tree as indented text to `out`, line by line (see `TreeText`).
    package func render(_ language: Language, to out: inout OutputBuffer) {
        var text = TreeText(axis: Axis(token: axis) ?? .current, language: language, to: &out)
        for row in rows { text.write(row, to: &out) }
    }
}

/// Writes a tree as indented text one row at a time, as the rows are made:
/// the heading line first, then a line per row. Lines deeper than
/// `Texts.maxIndent` show their depth and only the last levels of
/// indentation, so no line grows with the depth of the tree.
package struct TreeText {
    private let t: Texts
    /// lastAt[d]: whether the open ancestor at depth d was the last of its siblings.
    private var lastAt: [Bool] = []

    /// Rows above this depth are the subtree's root, written as the heading.
    private let top: Int
    /// What follows a name for each parent relation (`heldBy`) and before a positional
    /// relation's target (`inlinePositional` of a target without a name), by raw value: the
    /// words of a row written from bytes.
    private let held: [String]
    private let beforeTarget: [String]

    /// Writes the heading line of a tree of `axis` to `out`.
    package init(axis: Axis, language: Language, to out: inout OutputBuffer) {
        self.init(language, top: 0)
        out.write("\(t.world) (\(t.axisName(axis)))\n")
    }

    /// For a subtree (`tree X`): its first row, X's, is the heading line and the rows below it
    /// are drawn one level up.
    package init(subtreeOf axis: Axis, language: Language) {
        self.init(language, top: 1)
        axisName = t.axisName(axis)
    }

    private init(_ language: Language, top: Int) {
        let t = Texts(language)
        self.t = t
        self.top = top
        let relations = (0...UInt8.max).map { Relation(rawValue: $0) }.prefix { $0 != nil }.compactMap { $0 }
        held = relations.map { t.heldBy($0.token) }
        beforeTarget = relations.map {
            t.inlinePositional(PositionalRef(relation: $0.token, target: "", targetName: ""))
        }
    }

    private var axisName = ""

    /// Writes the line of `row`, the next row depth first.
    package mutating func write(_ row: TreeRow, to out: inout OutputBuffer) {
        guard row.depth >= top else {
            out.write("\(Printable.quote(row.name)) (\(row.id)) (\(axisName))\n")
            return
        }
        branch(depth: row.depth - top, isLast: row.isLast, to: &out)
        out.write("\(Printable.quote(row.name)) (\(row.id))\(t.heldBy(row.relation))")
        for p in row.positional { out.write(t.inlinePositional(p)) }
        out.write("\n")
    }

    /// Writes the line of `row`, the next row depth first, as `write(TreeRow(row), to:)`
    /// would, from its bytes.
    package mutating func write(_ row: TreeRowBytes, to out: inout OutputBuffer) {
        guard row.depth >= top else {
            out.write(quoting: row.name)
            out.write(literal: " (")
            out.write(decoding: row.id)
            out.write(") (\(axisName))\n")
            return
        }
        branch(depth: row.depth - top, isLast: row.isLast, to: &out)
        out.write(quoting: row.name)
        out.write(literal: " (")
        out.write(decoding: row.id)
        out.write(literal: ")")
        if let relation = row.relation { out.write(held[Int(relation.rawValue)]) }
        if let p = row.positional {
            out.write(beforeTarget[Int(p.relation.rawValue)])
            out.write(quoting: p.targetName)
        }
        out.write(literal: "\n")
    }

    /// Writes the start of a row's line at `depth` below the heading: the depth mark of a deep
    /// row, the indentation of its open ancestors and its branch; then the row is the open one
    /// at its depth.
    private mutating func branch(depth: Int, isLast: Bool, to out: inout OutputBuffer) {
        lastAt.removeSubrange(min(depth, lastAt.count)...)
        if depth > Texts.maxIndent { out.write(t.depthMark(depth)) }
        for d in max(0, depth - Texts.maxIndent)..<depth { out.write(literal: lastAt[d] ? "   " : "│  ") }
        out.write(literal: isLast ? "└─ " : "├─ ")
        lastAt.append(isLast)
    }
}

/// Writes a tree as JSON one row at a time, as the rows are made:
/// `{"asOfSeq":…,"axis":…,"roots":[{…,"children":[…]}]}`, nesting by depth
/// without recursion.
package struct TreeJSON {
    /// The rows whose `children` array is open.
    private var open = 0

    /// Writes the tree's members before its rows (`axis` its token), after those `first` writes
    /// (a point's, at `--at`).
    package init(
        axis: String, asOfSeq: Int64, to w: inout JSONWriter, first: (inout JSONWriter) -> Void = { _ in }
    ) {
        w.beginObject()
        first(&w)
        w.field("asOfSeq", asOfSeq)
        w.field("axis", axis)
        w.key("roots")
        w.beginArray()
    }

    /// Writes `row`, the next row depth first.
    package mutating func write(_ row: TreeRow, to w: inout JSONWriter) {
        object(depth: row.depth, to: &w) {
            $0.beginObject()
            row.write(to: &$0)
        }
    }

    /// Writes `row`, the next row depth first, as `write(TreeRow(row), to:)` would, from its
    /// bytes: the keys and punctuation as literals.
    package mutating func write(_ row: TreeRowBytes, to w: inout JSONWriter) {
        object(depth: row.depth, to: &w) { w in
            w.start(encoded: "{\"id\":")
            w.string(utf8: row.id)
            w.after(encoded: ",\"name\":", then: .value)
            w.string(utf8: row.name)
            w.after(encoded: ",\"parent\":", then: .value)
            w.string(utf8: row.parent)
            if let relation = row.relation {
                w.after(encoded: ",\"relation\":", then: .value)
                w.string(relation.token)
                w.after(encoded: ",\"positional\":[", then: .value)
            } else {
                w.after(encoded: ",\"relation\":null,\"positional\":[", then: .value)
            }
            if let p = row.positional {
                w.start(encoded: "{\"relation\":")
                w.string(p.relation.token)
                w.after(encoded: ",\"target\":", then: .value)
                w.string(utf8: p.target)
                w.after(encoded: ",\"targetName\":", then: .value)
                w.string(utf8: p.targetName)
                w.after(encoded: "}", then: .more)
            }
            w.after(encoded: "]", then: .more)
        }
    }

    /// Writes a row's object at `depth`: closes the rows open below that depth, writes what
    /// `fields` writes of the row (its opening brace and its own members), and opens its
    /// `children`.
    private mutating func object(depth: Int, to w: inout JSONWriter, _ fields: (inout JSONWriter) -> Void) {
        close(above: depth, &w)
        fields(&w)
        w.after(encoded: ",\"children\":[", then: .value)
        open += 1
    }

    /// Closes the open rows until `depth` are open.
    private mutating func close(above depth: Int, _ w: inout JSONWriter) {
        while open > depth {
            w.after(encoded: "]}", then: .more)
            open -= 1
        }
    }

    /// Closes what is open after the last row.
    package mutating func finish(_ w: inout JSONWriter) {
        close(above: 0, &w)
        w.endArray()
        w.endObject()
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
    /// Writes `{"asOfSeq":…,"axis":…,"roots":[{…,"children":[…]}]}` (see `TreeJSON`).
    package func write(to w: inout JSONWriter) {
        var json = TreeJSON(axis: axis, asOfSeq: asOfSeq, to: &w)
        for row in rows { json.write(row, to: &w) }
        json.finish(&w)
    }
}
