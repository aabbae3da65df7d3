/// The location audit: what inside a container nobody has seen or placed
/// since a given time, oldest first — a museum store's stocktake or a
/// household's "where has this gone". A query over the status projector.
public enum Stocktake {
    /// One object and when someone last handled it.
    public struct Item: Sendable, Hashable {
        /// The object to check.
        public var object: ObjectIndex
        /// The seq of the last event that handled it (created, placed, returned, restored or seen).
        public var seq: Int64
        /// The time of that event.
        public var at: Timestamp
        /// The seq of its last `seen`, or nil when never seen.
        public var seenSeq: Int64?
    }

    /// Everything not archived inside `container` on the current axis
    /// (recursively; World for everything) not handled at or after `since`
    /// (every object when nil), oldest first.
    /// - Complexity: O(n) to list each object's children once, then O(k log k)
    ///   for the k objects of the container's subtree (no walk up from each).
    public static func list(inside container: ObjectIndex, since: Timestamp?, in state: WorldState) -> [Item] {
        var items: [Item] = []
        func take(_ x: ObjectIndex) {
            if state.status.isArchived(x) { return }
            let (checkedSeq, at) = state.status.checked(x)
            if let since, at >= since.milliseconds { return }
            let seen = state.status.seen(x).seq
            items.append(
                Item(
                    object: x, seq: checkedSeq, at: Timestamp(milliseconds: at),
                    seenSeq: seen == 0 ? nil : seen))
        }
        if container == .world {
            for x in state.registry.indices { take(x) }
        } else {
            let children = ChildLists(state.current.parents)
            var stack = Array(children[container])
            var visited = 0
            // A cycle would be damage: no object is visited more often than there are objects.
            while let x = stack.popLast(), visited < children.count {
                visited += 1
                take(x)
                stack.append(contentsOf: children[x])
            }
        }
        items.sort { ($0.seq, $0.object) < ($1.seq, $1.object) }
        return items
    }
}

/// Every object's children on one axis, listed once from the parent tree
/// (which knows only each object's parent), for walks down a subtree.
package struct ChildLists {
    /// Where each object's children start in `children`; the object after it's start is where they end.
    private var start: [Int32]
    private var children: [ObjectIndex]

    /// Lists the children of every object of `parents` (archived ones included).
    /// - Complexity: O(n), two passes.
    package init(_ parents: ParentTree) {
        let n = parents.count
        var start = [Int32](repeating: 0, count: n + 1)
        for x in 0..<n {
            let p = parents.parent(ObjectIndex(x))
            if p != .world { start[Int(p) + 1] += 1 }
        }
        for x in 0..<n { start[x + 1] += start[x] }
        var fill = start
        var children = [ObjectIndex](repeating: .world, count: Int(start[n]))
        for x in 0..<n {
            let p = Int(parents.parent(ObjectIndex(x)))
            if p >= 0 {
                children[Int(fill[p])] = ObjectIndex(x)
                fill[p] += 1
            }
        }
        self.start = start
        self.children = children
    }

    /// The number of objects.
    package var count: Int { start.count - 1 }

    /// The children of `x` (none for World: its children are not listed), in creation order.
    package subscript(_ x: ObjectIndex) -> ArraySlice<ObjectIndex> {
        guard x >= 0, Int(x) < count else { return [] }
        return children[Int(start[Int(x)])..<Int(start[Int(x) + 1])]
    }
}
