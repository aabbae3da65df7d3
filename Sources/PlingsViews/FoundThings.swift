import PlingsDomain

/// What `plings find` lists: the things whose id or name matches a text,
/// case- and accent-insensitive, best match first.
public struct FoundThings: Sendable, Hashable {
    /// One thing found.
    public struct Hit: Sendable, Hashable {
        /// The thing's id.
        public var id: ObjectID
        /// Its name.
        public var name: String
        /// How it matched, best first: `id` (the whole id), `prefix`, `word` (a word of the name begins so) or `substring`.
        public var rank: String
        /// Whether it is archived (only listed with `archived: true`).
        public var archived: Bool
        /// Where it is now.
        public var current: Location
        /// Where it belongs.
        public var normal: Location
    }

    /// The things found, best match first, then shorter names, then creation order.
    public var hits: [Hit]

    /// Finds at most `limit` things matching `text` in `state`; archived things only when `archived`.
    /// - Complexity: O(the bytes of every id and name) plus sorting the hits.
    public init(_ text: String, in state: WorldState, limit: Int = 20, archived: Bool = false) {
        let found = SearchIndex(registry: state.registry).search(text, limit: limit) {
            archived || !state.status.isArchived($0)
        }
        hits = found.map { hit in
            Hit(
                id: state.registry.id(hit.object), name: state.registry.name(hit.object), rank: hit.rank.token,
                archived: state.status.isArchived(hit.object),
                current: Location(hit.object, axis: .current, state: state),
                normal: Location(hit.object, axis: .normal, state: state))
        }
    }
}
