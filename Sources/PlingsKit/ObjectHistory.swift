/// Builds the history of one object from a replay: the events about it, and
/// what happened to it without an event naming it — a positional relation
/// dropped by the cascade, a container above it moving — taken from the
/// projectors' effects and the state after each event, not from a second
/// copy of the placement rules.
public enum ObjectHistory {
    /// The history of `id` up to `limit`, oldest first.
    /// - Throws: `DomainError.unknownObject` when the object never existed by then.
    public static func build(
        _ id: ObjectID, path: String, until limit: ReplayLimit?, language: Language
    ) throws -> [HistoryEntry] {
        var builder = HistoryBuilder(id: id, text: HistoryText(language))
        _ = try Timeline(path: path).events(until: limit) { event, effects, state in
            builder.observe(event, effects, state)
        }
        guard builder.index != nil else { throw DomainError.unknownObject(id) }
        return builder.entries
    }
}
