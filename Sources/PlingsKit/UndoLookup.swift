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

    /// What an undo asks for: one event, the actor's last step (walking back), or the
    /// last step undo took back (walking forward again, a redo).
    public enum Request: Sendable, Hashable {
        /// Undo event `seq` (or the undo batch it begins).
        case seq(Int64)
        /// Plain `undo`: the actor's last step not yet undone (`UndoWalk.nextUndo`).
        case back
        /// `redo`: the last step the actor's undo took back (`UndoWalk.nextRedo`).
        case forward
    }

    /// What an undo will do and what its answer names.
    public struct Plan: Sendable, Hashable {
        /// The decider's basis (the command is `.undo(basis)`).
        public var basis: UndoBasis
        /// The event the answer names ("undid #48: placed Bord in Vardagsrummet"): the person's
        /// own move or rename for a step of the walk, the event named for `undo SEQ`.
        public var named: Event
    }

    /// The basis for undoing event `seq`, or — when `seq` is nil — the actor's
    /// last step not yet undone (by nobody in particular when `actor` is nil;
    /// see `UndoWalk`).
    /// - Throws: `DomainError.cannotUndo` when there is no such event or it
    ///   cannot be undone; `StoreError` when the log cannot be read.
    public static func basis(seq: Int64?, actor: String?, path: String) throws -> UndoBasis {
        try plan(seq.map { .seq($0) } ?? .back, actor: actor, path: path, pending: nil).basis
    }

    /// The plan for `request` by `actor` in the log at `path`.
    /// - Throws: `DomainError.cannotUndo` when there is no such event or step or it
    ///   cannot be undone; `StoreError` when the log cannot be read.
    public static func plan(_ request: Request, actor: String?, path: String) throws -> Plan {
        try plan(request, actor: actor, path: path, pending: nil)
    }

    /// `plan(_:actor:path:)` over the log and then `pending`: the run's
    /// lookup and its dry run's are one, the dry run's events only not written.
    package static func plan(_ request: Request, actor: String?, path: String, pending: Pending?) throws -> Plan {
        let unwritten = pending?.events ?? []
        let seq: Int64
        var named: Event?
        switch request {
        case .seq(let s): seq = s
        case .back, .forward:
            var walk = UndoWalk(actor: actor)
            _ = try Timeline(path: path).events { event, _, _ in walk.take(event) }
            for event in unwritten { walk.take(event) }
            guard let step = request == .back ? walk.nextUndo : walk.nextRedo else {
                throw DomainError.cannotUndo(seq: 0, request == .back ? .nothingByActor : .nothingToRedo)
            }
            seq = step.target
            named = step.original
        }
        // The event to undo and the run of events it belongs to: among the unwritten events first.
        var found = find(seq: seq, in: unwritten)
        let inPending = !found.isEmpty
        if !inPending { found = try findInLog(seq: seq, path: path) }
        guard let target = found.first else { throw DomainError.cannotUndo(seq: seq, .unknownEvent) }
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
        case .success(let basis): return Plan(basis: basis, named: named ?? target)
        case .failure(let error): throw error
        }
    }

    /// The event `seq` among `events`; empty when none.
    static func find(seq: Int64, in events: [Event]) -> [Event] {
        events.last { $0.seq == seq }.map { [$0] } ?? []
    }

    /// `find` over the log, read from the start up to `seq`.
    static func findInLog(seq: Int64, path: String) throws -> [Event] {
        var found: [Event] = []
        _ = try Timeline(path: path).events(until: .seq(seq)) { event, _, _ in
            if event.seq == seq { found = [event] }
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
}
