import PlingsViews

/// What `Query.find` found: the things whose names match, best first.
public struct FoundThings: Sendable, Hashable {
    /// One thing found.
    public struct Hit: Sendable, Hashable {
        /// Its id.
        public var id: ObjectID
        /// Its name.
        public var name: String
        /// How well its name matched.
        public var rank: SearchIndex.Rank
        /// Whether it is archived.
        public var archived: Bool
        /// Where it is now.
        public var current: Location
        /// Where it belongs.
        public var normal: Location
    }

    /// The last event the search reflects.
    public var asOfSeq: Int64
    /// The things found, best first.
    public var hits: [Hit]
}
