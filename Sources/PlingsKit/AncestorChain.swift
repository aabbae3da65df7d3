/// The containers above one object on one axis, nearest first, kept up to
/// date event by event: when a container above it moves, only the part of
/// the chain above that container is walked again. This keeps an object's
/// history linear even when it sits at the bottom of a deep chain whose
/// links keep moving.
struct AncestorChain {
    /// Nearest container first, the one just below World last.
    private(set) var chain: [ObjectIndex] = []
    private var position: [ObjectIndex: Int] = [:]

    /// Whether `y` is above the object.
    func contains(_ y: ObjectIndex) -> Bool { position[y] != nil }

    /// The object itself moved: walk its whole chain again.
    /// - Complexity: O(depth).
    mutating func rebuild(from parent: ObjectIndex, _ tree: ParentTree) {
        chain.removeAll(keepingCapacity: true)
        position.removeAll(keepingCapacity: true)
        extend(from: parent, tree)
    }

    /// Container `y` moved (nothing when it is not above the object): keep
    /// the chain up to `y` and walk above it again.
    /// - Complexity: O(links dropped + links added).
    mutating func moved(_ y: ObjectIndex, _ tree: ParentTree) {
        guard let i = position[y] else { return }
        for k in (i + 1)..<chain.count { position[chain[k]] = nil }
        chain.removeSubrange((i + 1)...)
        extend(from: tree.parent(y), tree)
    }

    private mutating func extend(from start: ObjectIndex, _ tree: ParentTree) {
        var node = start
        while node != .world, position[node] == nil, chain.count <= tree.count {
            position[node] = chain.count
            chain.append(node)
            node = tree.parent(node)
        }
    }
}
