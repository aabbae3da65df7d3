/// Finds what `plings undo` needs in the log: the event to undo (a given
/// seq, or the last one by an actor) and the state just before it, and
/// builds the decider's `UndoBasis` from them.
public enum UndoLookup {
    /// The basis for undoing event `seq`, or — when `seq` is nil — the last
    /// event recorded by `actor` (by nobody in particular when `actor` is nil).
    /// - Throws: `DomainError.cannotUndo` when there is no such event or it
    ///   cannot be undone; `StoreError` when the log cannot be read.
    public static func basis(seq: Int64?, actor: String?, path: String) throws -> UndoBasis {
        final class Found: @unchecked Sendable { var events: [Event] = [] }
        let found = Found()
        _ = try Timeline(path: path).events(until: seq.map { .seq($0) }) { event, _, _ in
            if let seq {
                if event.seq == seq { found.events = [event] }
            } else if event.actor == actor {
                found.events = [event]
            }
        }
        guard let event = found.events.first else { throw DomainError.cannotUndo(seq: seq ?? 0, .unknownEvent) }
        let before = try Timeline(path: path).state(at: .seq(event.seq - 1)).state
        switch UndoBasis.make(undoing: found.events, before: before) {
        case .success(let basis): return basis
        case .failure(let error): throw error
        }
    }
}
