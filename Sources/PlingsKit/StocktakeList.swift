import PlingsViews

/// What `Query.stocktake` lists: the things inside a container not handled
/// since a time, longest untouched first.
public struct StocktakeList: Sendable, Hashable {
    /// One thing to check.
    public struct Item: Sendable, Hashable {
        /// Its id.
        public var id: ObjectID
        /// Its name.
        public var name: String
        /// The seq of the last event that handled it.
        public var lastSeq: Int64
        /// The time of that event.
        public var lastAt: Timestamp
        /// The seq of its last `seen`, or nil when never seen.
        public var seenSeq: Int64?
        /// Where it is now, its path shortened as history shows it (`Location.elided`).
        public var current: Location
    }

    /// The last event the list reflects.
    public var asOfSeq: Int64
    /// The things, longest untouched first.
    public var items: [Item]
}
