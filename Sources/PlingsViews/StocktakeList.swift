import PlingsDomain

/// What `plings stocktake` lists: the things in a place that nobody has seen
/// or placed since a time, the longest unseen first.
public struct StocktakeList: Sendable, Hashable {
    /// One thing to check.
    public struct Item: Sendable, Hashable {
        /// The thing's id.
        public var id: ObjectID
        /// Its name.
        public var name: String
        /// The seq of the last event that placed it or saw it.
        public var lastSeq: Int64
        /// That event's time.
        public var lastAt: Timestamp
        /// The seq of its last `seen` event, if any.
        public var seenSeq: Int64?
        /// Where it is now.
        public var current: Location
    }

    /// The things to check, the longest unseen first.
    public var items: [Item]

    /// The things inside `container` (everything when nil) not seen or placed since `since` (ever, when nil).
    /// - Throws: `DomainError.unknownObject` when no object has the id `container`.
    public init(inside container: ObjectID? = nil, since: Timestamp? = nil, in state: WorldState)
        throws(DomainError)
    {
        var place = ObjectIndex.world
        if let container {
            guard let x = state.registry.index(of: container) else { throw .unknownObject(container) }
            place = x
        }
        items = Stocktake.list(inside: place, since: since, in: state).map { item in
            Item(
                id: state.registry.id(item.object), name: state.registry.name(item.object), lastSeq: item.seq,
                lastAt: item.at, seenSeq: item.seenSeq, current: Location(item.object, axis: .current, state: state))
        }
    }
}
