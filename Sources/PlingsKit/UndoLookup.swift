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
        guard let target = found.events.first else { throw DomainError.cannotUndo(seq: seq ?? 0, .unknownEvent) }
        if target.undoes != nil { found.events = try undoBatch(around: target, path: path) }
        guard let event = found.events.first else { throw DomainError.cannotUndo(seq: target.seq, .unknownEvent) }
        let before = try Timeline(path: path).state(at: .seq(event.seq - 1)).state
        switch UndoBasis.make(undoing: found.events, before: before) {
        case .success(let basis): return basis
        case .failure(let error): throw error
        }
    }

    /// The events of the undo batch `event` belongs to: the run of
    /// consecutive events about the same object that undo the same event
    /// (one per axis when the axes were in different places).
    static func undoBatch(around event: Event, path: String) throws -> [Event] {
        final class Run: @unchecked Sendable { var events: [Event] = [] }
        let run = Run()
        _ = try Timeline(path: path).events(until: .seq(event.seq + 1)) { e, _, _ in
            let same = e.undoes == event.undoes && e.payload.object == event.payload.object
            if same, let last = run.events.last, last.seq == e.seq - 1 {
                run.events.append(e)
            } else if same && e.seq <= event.seq {
                run.events = [e]
            } else if e.seq <= event.seq {
                run.events = []
            }
        }
        return run.events
    }
}
