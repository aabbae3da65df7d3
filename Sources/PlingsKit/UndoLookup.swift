/// Finds what `plings undo` needs in the log: the event to undo (a given
/// seq, or the last one by an actor) and the state just before it, and
/// builds the decider's `UndoBasis` from them.
public enum UndoLookup {
    /// The basis for undoing event `seq`, or — when `seq` is nil — the last
    /// event recorded by `actor` (by nobody in particular when `actor` is nil).
    /// - Throws: `DomainError.cannotUndo` when there is no such event or it
    ///   cannot be undone; `StoreError` when the log cannot be read.
    public static func basis(seq: Int64?, actor: String?, path: String) throws -> UndoBasis {
        var found: [Event] = []
        _ = try Timeline(path: path).events(until: seq.map { .seq($0) }) { event, _, _ in
            if let seq {
                if event.seq == seq { found = [event] }
            } else if event.actor == actor, isUndoable(event.payload) {
                // Plain `undo`: the last event by this actor that changed something undo can restore.
                found = [event]
            }
        }
        guard let target = found.first else {
            throw DomainError.cannotUndo(seq: seq ?? 0, seq == nil ? .nothingByActor : .unknownEvent)
        }
        if target.undoes != nil { found = try undoBatch(around: target, path: path) }
        guard let event = found.first else { throw DomainError.cannotUndo(seq: target.seq, .unknownEvent) }
        let before = try Timeline(path: path).state(at: .seq(event.seq - 1)).state
        switch UndoBasis.make(undoing: found, before: before) {
        case .success(let basis): return basis
        case .failure(let error): throw error
        }
    }

    /// The events of the undo batch `event` belongs to: the run of
    /// consecutive events about the same object that undo the same event
    /// (one per axis when the axes were in different places).
    static func undoBatch(around event: Event, path: String) throws -> [Event] {
        var run: [Event] = []
        _ = try Timeline(path: path).events(until: .seq(event.seq + 1)) { e, _, _ in
            let same = e.undoes == event.undoes && e.payload.object == event.payload.object
            if same, let last = run.last, last.seq == e.seq - 1 {
                run.append(e)
            } else if same && e.seq <= event.seq {
                run = [e]
            } else if e.seq <= event.seq {
                run = []
            }
        }
        return run
    }

    /// Whether plain `undo` may pick an event of this kind (a creation, a sighting or a refusal
    /// changed nothing it could restore).
    static func isUndoable(_ payload: EventPayload) -> Bool {
        switch payload {
        case .placed, .renamed, .returned: return true
        default: return false
        }
    }
}
