import PlingsDomain

/// One node of the world tree on one axis.
public struct TreeNode: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// The parent edge's relation (`in`, `on`, `attached-to`).
    public var relation: String
    public var positional: [PositionalRef]
    public var children: [TreeNode]
}

/// The whole world as a tree on one axis, children sorted by name then id.
public struct WorldTree: Sendable, Hashable, Codable {
    public var axis: String
    public var asOfSeq: Int64
    /// The objects at World.
    public var roots: [TreeNode]

    /// Builds the tree of `axis`.
    /// - Complexity: O(n log n).
    public init(axis: Axis, state: WorldState) {
        let projection = state.projection(axis)
        let registry = state.registry
        var children = [[ObjectIndex]](repeating: [], count: registry.count)
        var roots: [ObjectIndex] = []
        for x in registry.indices where !state.status.isArchived(x) {
            let p = projection.parents.parent(x)
            if p == .world { roots.append(x) } else { children[Int(p)].append(x) }
        }
        func order(_ list: [ObjectIndex]) -> [ObjectIndex] {
            list.sorted { (registry.name($0), registry.id($0)) < (registry.name($1), registry.id($1)) }
        }
        // Built bottom-up without recursion, so a deep chain cannot overflow the stack.
        var built = [TreeNode?](repeating: nil, count: registry.count)
        var stack: [(ObjectIndex, Bool)] = order(roots).reversed().map { ($0, false) }
        while let (x, expanded) = stack.popLast() {
            if expanded {
                let positional = PositionalRef.outbound(of: x, in: projection, registry)
                let kids = order(children[Int(x)]).compactMap { built[Int($0)] }
                built[Int(x)] = TreeNode(
                    id: registry.id(x).rawValue, name: registry.name(x),
                    relation: projection.parents.edge(x).relation.token, positional: positional, children: kids)
                for k in children[Int(x)] { built[Int(k)] = nil }
            } else {
                stack.append((x, true))
                for k in children[Int(x)] { stack.append((k, false)) }
            }
        }
        self.axis = axis.token
        self.asOfSeq = state.lastSeq
        self.roots = order(roots).compactMap { built[Int($0)] }
    }

    /// The tree as indented text.
    public func render(_ language: Language) -> String {
        let t = Texts(language)
        var lines = ["\(t.world) (\(t.axisName(Axis(token: axis) ?? .current)))"]
        var stack: [(TreeNode, String, Bool)] = roots.enumerated().reversed().map { ($1, "", $0 == roots.count - 1) }
        while let (node, prefix, last) = stack.popLast() {
            var text = "\(prefix)\(last ? "└─ " : "├─ ")\(Printable.quote(node.name)) (\(node.id))"
            if let rel = Relation(token: node.relation), rel != .in { text += " [\(rel.label(language).lowercased())]" }
            for p in node.positional {
                text +=
                    " — \(Relation(token: p.relation)?.sentenceLabel(language) ?? p.relation) "
                    + Printable.quote(p.targetName)
            }
            lines.append(text)
            let childPrefix = prefix + (last ? "   " : "│  ")
            for (k, child) in node.children.enumerated().reversed() {
                stack.append((child, childPrefix, k == node.children.count - 1))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
