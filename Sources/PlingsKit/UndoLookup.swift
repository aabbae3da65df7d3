/// Finds what `plings undo` needs in the log: the event to undo (a given
/// seq, or the last one by an actor) and the state just before it, and
/// builds the decider's `UndoBasis` from them.
public enum UndoLookup {
    /// Events decided after the log's last line but not written (what a dry
    /// run has predicted so far), for an undo that names one of them: the
    /// state at the log's head and the events, in order.
    package struct Pending {
        package var head: WorldState
        package var events: [Event] = []

        package init(head: WorldState) { self.head = head }

        /// The state just before event `seq` of `events`.
        func state(before seq: Int64) -> WorldState {
            var state = head
            for event in events where event.seq < seq { state.apply(event) }
            return state
        }
    }

    /// The basis for undoing event `seq`, or — when `seq` is nil — the last
    /// event recorded by `actor` (by nobody in particular when `actor` is nil).
    /// - Throws: `DomainError.cannotUndo` when there is no such event or it
    ///   cannot be undone; `StoreError` when the log cannot be read.
    public static func basis(seq: Int64?, actor: String?, path: String) throws -> UndoBasis {
        try basis(seq: seq, actor: actor, path: path, pending: nil)
    }

    /// `basis(seq:actor:path:)` over the log and then `pending`: the run's
    /// lookup and its dry run's are one, the dry run's events only not written.
    package static func basis(seq: Int64?, actor: String?, path: String, pending: Pending?) throws -> UndoBasis {
        let unwritten = pending?.events ?? []
        // The event to undo and the run of events it belongs to: among the unwritten events first.
        var found = find(seq: seq, actor: actor, in: unwritten)
        let inPending = !found.isEmpty
        if !inPending { found = try findInLog(seq: seq, actor: actor, path: path) }
        guard let target = found.first else {
            throw DomainError.cannotUndo(seq: seq ?? 0, seq == nil ? .nothingByActor : .unknownEvent)
        }
        if target.undoes != nil {
            found = inPending ? undoBatch(around: target, in: unwritten) : try undoBatch(around: target, path: path)
        }
        guard let event = found.first else { throw DomainError.cannotUndo(seq: target.seq, .unknownEvent) }
        let before =
            if let pending, inPending {
                pending.state(before: event.seq)
            } else {
                try Timeline(path: path).state(at: .seq(event.seq - 1)).state
            }
        switch UndoBasis.make(undoing: found, before: before) {
        case .success(let basis): return basis
        case .failure(let error): throw error
        }
    }

    /// The event `seq` among `events`, or (no seq) the last one by `actor` undo can restore; empty when none.
    static func find(seq: Int64?, actor: String?, in events: [Event]) -> [Event] {
        let found =
            if let seq { events.last { $0.seq == seq } } else {
                events.last { $0.actor == actor && isUndoable($0.payload) }
            }
        return found.map { [$0] } ?? []
    }

    /// `find` over the log, read from the start (up to `seq`).
    static func findInLog(seq: Int64?, actor: String?, path: String) throws -> [Event] {
        var found: [Event] = []
        _ = try Timeline(path: path).events(until: seq.map { .seq($0) }) { event, _, _ in
            found = find(seq: seq, actor: actor, in: [event]).isEmpty ? found : [event]
        }
        return found
    }

    /// The events of the undo batch `event` belongs to: the run of
    /// consecutive events about the same object that undo the same event
    /// (one per axis when the axes were in different places).
    static func undoBatch(around event: Event, path: String) throws -> [Event] {
        var run = UndoRun(around: event)
        _ = try Timeline(path: path).events(until: .seq(event.seq + 1)) { e, _, _ in run.take(e) }
        return run.events
    }

    /// The same among `events` (in order).
    static func undoBatch(around event: Event, in events: [Event]) -> [Event] {
        var run = UndoRun(around: event)
        for e in events where e.seq <= event.seq + 1 { run.take(e) }
        return run.events
    }

    /// The run of an undo batch around an event, taking events in order.
    struct UndoRun {
        let event: Event
        private(set) var events: [Event] = []

        init(around event: Event) { self.event = event }

        mutating func take(_ e: Event) {
            let same = e.undoes == event.undoes && e.payload.object == event.payload.object
            if same, let last = events.last, last.seq == e.seq - 1 {
                events.append(e)
            } else if same && e.seq <= event.seq {
                events = [e]
            } else if e.seq <= event.seq {
                events = []
            }
        }
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
