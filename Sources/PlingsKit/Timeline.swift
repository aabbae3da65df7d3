/// Answers "what did the world look like after event N (or at time T)":
/// starts from the nearest valid snapshot at or before the point and replays
/// only the rest of the log. With no snapshot, or with snapshots off, it
/// replays from the start; the answer is the same.
public struct Timeline: Sendable {
    /// The log's path.
    public let path: String
    /// Whether snapshots from the cache folder may be used to start from (answers are the same either way).
    public var useSnapshots: Bool

    /// The timeline of the log at `path`.
    public init(path: String, useSnapshots: Bool = true) {
        self.path = path
        self.useSnapshots = useSnapshots
    }

    /// A state and how it was reached.
    public struct Point: Sendable {
        /// The world at that point.
        public var state: WorldState
        /// The position in the log after the last event replayed.
        public var cursor: LogCursor
        /// The seq of the snapshot it started from, if any.
        public var fromSnapshot: Int64?
        /// Snapshot files that were stale or damaged and were ignored.
        public var ignored: [String]
        /// A torn tail at the end of the log (ignored).
        public var torn: TornTail?
        /// The log's identity when it was read (nil for a missing log).
        package var identity: LogIdentity?
    }

    /// The state after the last event within `limit` (the whole log when nil).
    ///
    /// Snapshots are used only while the log's identity is the one Plings
    /// left after its last append or full read; otherwise every line is read
    /// and checked from the start (and, when that passes, the identity is
    /// recorded again), so a snapshot never hides a change to the log.
    public func state(at limit: ReplayLimit? = nil) throws(StoreError) -> Point {
        do {
            guard let file = try LogFile.open(path, create: false) else {
                // No lines yet: the empty world, or on a shallow device whose clone stopped before it made
                // the mirror, the base's.
                try LogBase.check(limit, forLog: path)
                let start = try LogBase.start(forLog: path)
                return Point(state: start.state, cursor: start.cursor, fromSnapshot: nil, ignored: [], torn: nil)
            }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            try LogBase.check(limit, forLog: path)
            let origin = try origin(file, for: limit)
            var replayer = origin.replayer
            let torn = try replayer.run(file, limit: limit)
            // A view of the past answers only for a log every line of which checks out, with or without
            // snapshots; when the identity vouches for the log, that was settled before.
            if limit != nil && !origin.trusted { try file.checkChain(from: replayer.cursor) }
            let identity = try file.identity()
            return Point(
                state: replayer.state, cursor: replayer.cursor, fromSnapshot: origin.fromSnapshot,
                ignored: origin.ignored, torn: torn,
                identity: identity)
        } catch {
            throw .log(error)
        }
    }

    /// The states after the last event within `from` and after the last within `to` (the head when
    /// nil), as `state(at:)` gives each, by one replay: from the nearest valid snapshot at or before
    /// `from` (or the start) on to `from`, and the same replay on to `to`, so that the events
    /// between the two points are read once and nothing before `from` is read twice.
    ///
    /// Nil when the log has no lines yet, or when `to` comes before `from`: the caller then asks
    /// for each state on its own (which says why).
    /// - Throws: as `state(at:)`.
    package func states(from: ReplayLimit, to: ReplayLimit?) throws(StoreError) -> (from: WorldState, to: WorldState)? {
        do {
            guard let file = try LogFile.open(path, create: false) else { return nil }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            try LogBase.check(from, forLog: path)
            let origin = try origin(file, for: from)
            var replayer = origin.replayer
            try replayer.run(file, limit: from)
            // As `state(at:)`: every line after the point checks out, unless the identity vouched for them.
            if !origin.trusted { try file.checkChain(from: replayer.cursor) }
            try LogBase.check(to, forLog: path)
            let a = replayer.state
            // `to` comes at or after `from` when the last event `from` reached is within it.
            if let to, a.lastSeq > 0, !to.allows(seq: a.lastSeq, at: a.lastAt) { return nil }
            try replayer.run(file, limit: to)
            return (a, replayer.state)
        } catch {
            throw .log(error)
        }
    }

    /// Where a replay up to `limit` of the open, locked `file` starts: the newest valid snapshot at
    /// or before `limit` when snapshots may be used and the log's identity vouches for them (a log
    /// changed by anything but Plings's appends is checked line by line first, and its identity
    /// recorded again), else the start of the log.
    private func origin(_ file: LogFile, for limit: ReplayLimit?) throws(LogError) -> (
        replayer: Replayer, fromSnapshot: Int64?, ignored: [String], trusted: Bool
    ) {
        var snapshot: Snapshot?
        var ignored: [String] = []
        let record = LogIdentityRecord(logPath: path)
        var trusted = false
        if useSnapshots && !SnapshotCache(logPath: path).entries().isEmpty {
            let before = try file.identity()
            trusted = record.read() == before
            if !trusted {
                // Changed by something other than Plings's appends: check every line before any snapshot counts.
                _ = try file.checkChain(from: LogBase.startCursor(forLog: path))
                record.write(before)
                trusted = true
            }
        }
        if trusted {
            let found = SnapshotCache(logPath: path).nearest(atOrBefore: limit, log: file)
            ignored = found.rejected
            snapshot = found.snapshot
        }
        if let snapshot {
            return (
                Replayer(path: path, state: snapshot.state, cursor: snapshot.cursor), snapshot.cursor.lastSeq,
                ignored, trusted
            )
        }
        return (try Self.start(path), nil, ignored, trusted)
    }

    /// A replayer at the start of the log at `path`: the empty world, or a shallow device's base (`LogBase`).
    static func start(_ path: String) throws(LogError) -> Replayer {
        let start = try LogBase.start(forLog: path)
        return Replayer(path: path, state: start.state, cursor: start.cursor)
    }

    /// Replays from the start (or `limit`-bounded), handing each event and
    /// its effects to `observe`. Used by history, diff and the log view,
    /// which need every event rather than a state.
    public func events(
        until limit: ReplayLimit? = nil, _ observe: @escaping (Event, [Effect], WorldState) -> Void
    ) throws(StoreError) -> LogCursor {
        try replayAll(until: limit, observe: observe, changes: nil)
    }

    /// Replays from the start (or `limit`-bounded), handing each event as
    /// folded (`FoldedEvent`, whose `event()` decodes it when needed), its
    /// effects and the state after it to `observe`: the fast route of the
    /// replay, for views that need a few events of many.
    package func changes(
        until limit: ReplayLimit? = nil, _ observe: @escaping (FoldedEvent, [Effect], WorldState) -> Void
    ) throws(StoreError) -> LogCursor {
        try replayAll(until: limit, observe: nil, changes: observe)
    }

    /// Opens the log, takes its shared lock and replays it from the start
    /// (`limit`-bounded) for `events` and `changes`; a replay up to a point
    /// then checks the chain past it.
    private func replayAll(
        until limit: ReplayLimit?, observe: ((Event, [Effect], WorldState) -> Void)?,
        changes: ((FoldedEvent, [Effect], WorldState) -> Void)?
    ) throws(StoreError) -> LogCursor {
        do {
            guard let file = try LogFile.open(path, create: false) else { return LogCursor() }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            try LogBase.check(limit, forLog: path)
            var replayer = try Self.start(path)
            try replayer.run(file, limit: limit, observe: observe, changes: changes)
            if limit != nil { try file.checkChain(from: replayer.cursor) }
            return replayer.cursor
        } catch {
            throw .log(error)
        }
    }
}
