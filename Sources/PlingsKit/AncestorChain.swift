/// The containers above one object on one axis, nearest first, kept up to
/// date event by event: when a container above it moves, only the part of
/// the chain above that container is walked again. This keeps an object's
/// history linear even when it sits at the bottom of a deep chain whose
/// links keep moving. The parents come from a replayed tree, or from the
/// object timeline at the event's seq (`TimelinePathSweep`).
struct AncestorChain {
    /// Nearest container first, the one just below World last.
    private(set) var chain: [ObjectIndex] = []
    private var position: [ObjectIndex: Int] = [:]

    /// Whether `y` is above the object.
    func contains(_ y: ObjectIndex) -> Bool { position[y] != nil }

    /// The object itself moved: walk its whole chain again.
    /// - Complexity: O(depth).
    mutating func rebuild(from parent: ObjectIndex, _ tree: ParentTree) {
        rebuild(from: parent, limit: tree.count) { tree.parent($0) }
    }

    /// Container `y` moved (nothing when it is not above the object): keep
    /// the chain up to `y` and walk above it again.
    /// - Complexity: O(links dropped + links added).
    mutating func moved(_ y: ObjectIndex, _ tree: ParentTree) {
        moved(y, limit: tree.count) { tree.parent($0) }
    }

    /// `rebuild` with the parents `parentOf` gives (at most `limit` links).
    /// - Returns: the containers added.
    @discardableResult
    mutating func rebuild(from parent: ObjectIndex, limit: Int, _ parentOf: (ObjectIndex) -> ObjectIndex)
        -> ArraySlice<ObjectIndex>
    {
        chain.removeAll(keepingCapacity: true)
        position.removeAll(keepingCapacity: true)
        return extend(from: parent, limit: limit, parentOf)
    }

    /// `moved` with the parents `parentOf` gives (at most `limit` links).
    /// - Returns: the containers added.
    @discardableResult
    mutating func moved(_ y: ObjectIndex, limit: Int, _ parentOf: (ObjectIndex) -> ObjectIndex)
        -> ArraySlice<ObjectIndex>
    {
        guard let i = position[y] else { return [] }
        for k in (i + 1)..<chain.count { position[chain[k]] = nil }
        chain.removeSubrange((i + 1)...)
        return extend(from: parentOf(y), limit: limit, parentOf)
    }

    private mutating func extend(from start: ObjectIndex, limit: Int, _ parentOf: (ObjectIndex) -> ObjectIndex)
        -> ArraySlice<ObjectIndex>
    {
        let first = chain.count
        var node = start
        while node != .world, position[node] == nil, chain.count <= limit {
            position[node] = chain.count
            chain.append(node)
            node = parentOf(node)
        }
        return chain[first...]
    }
}
