/// Builds the history of one object: the events about it, and what happened
/// to it without an event naming it — a positional relation dropped by the
/// cascade, a container above it moving — taken from the projectors' effects
/// (`HistoryFacts`) and the state after each event, not from a second copy of
/// the placement rules.
public enum ObjectHistory {
    /// An object's history: its entries, oldest first, and the last event replayed.
    public struct Result: Sendable, Hashable {
        /// The last event replayed.
        public var asOfSeq: Int64
        /// The entries, oldest first.
        public var entries: [HistoryEntry]
    }

    /// The history of `id` up to `limit`, oldest first.
    /// - Throws: `DomainError.unknownObject` when the object never existed by then.
    /// - Complexity: linear in the log, plus the length of each container
    ///   chain walked again when a container above the object moves.
    public static func build(
        _ id: ObjectID, path: String, until limit: ReplayLimit?, language: Language
    ) throws -> Result {
        switch fromCache(id, path: path, until: limit, text: HistoryText(language)) {
        case .result(let result): return result
        case .unknown: throw DomainError.unknownObject(id)
        case nil: return try replayed(id, path: path, until: limit, language: language)
        }
    }

    /// `build` by a replay of the whole log, without the cache.
    package static func replayed(
        _ id: ObjectID, path: String, until limit: ReplayLimit?, language: Language
    ) throws -> Result {
        guard let result = try replayed([id], path: path, until: limit, languages: [language])[0][0] else {
            throw DomainError.unknownObject(id)
        }
        return result
    }

    /// `replayed` of each of `ids` in each of `languages`, all from one
    /// replay of the log: for each id, a result per language (in the order
    /// given), nil when the object never existed by then.
    package static func replayed(
        _ ids: [ObjectID], path: String, until limit: ReplayLimit?, languages: [Language]
    ) throws -> [[Result?]] {
        var builders = ids.map { id in languages.map { HistoryBuilder(id: id, text: HistoryText($0)) } }
        let cursor = try Timeline(path: path).changes(until: limit) { event, effects, state in
            for i in builders.indices {
                for j in builders[i].indices { builders[i][j].observe(event, effects, state) }
            }
        }
        return builders.map { row in
            row.map { builder in builder.index.map { _ in Result(asOfSeq: cursor.lastSeq, entries: builder.entries) } }
        }
    }
}
