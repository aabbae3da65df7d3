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
    /// - Complexity: O(n × depth).
    public static func list(inside container: ObjectIndex, since: Timestamp?, in state: WorldState) -> [Item] {
        var items: [Item] = []
        let parents = state.current.parents
        for x in state.registry.indices where !state.status.isArchived(x) {
            guard container == .world || parents.isSelfOrAncestor(container, of: parents.parent(x)) else { continue }
            let (checkedSeq, at) = state.status.checked(x)
            if let since, at >= since.milliseconds { continue }
            let seen = state.status.seen(x).seq
            items.append(
                Item(
                    object: x, seq: checkedSeq, at: Timestamp(milliseconds: at),
                    seenSeq: seen == 0 ? nil : seen))
        }
        items.sort { ($0.seq, $0.object) < ($1.seq, $1.object) }
        return items
    }
}
