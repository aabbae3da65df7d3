/// The library's front door: a log file and the projections replayed from it.
///
/// Reading replays the log into a `WorldState`. Appending takes the file's
/// exclusive lock, reads whatever other processes appended meanwhile,
/// re-decides the command against that state, and writes the event lines
/// with one write and one fdatasync. A torn tail left by a crash is moved to
/// the quarantine file before the first append after it.
public final class Store {
    /// The log's path.
    public let path: String
    var replayer: Replayer
    /// The projections as of `cursor`.
    public var state: WorldState { replayer.state }
    /// Where reading has come to.
    public var cursor: LogCursor { replayer.cursor }
    /// A torn tail seen on the last read (ignored by reads, repaired by the next append).
    public internal(set) var tornTail: TornTail?
    /// The snapshot the state started from, if any.
    public private(set) var fromSnapshot: Int64?
    let clock: @Sendable () -> Timestamp
    /// The log, kept open for appends.
    private var writer: LogFile?
    /// The log's identity after the last read or append of this store.
    var identity: LogIdentity?
    /// The identity record, kept open between this store's appends.
    lazy var identityRecord = IdentityRecordWriter(logPath: path)

    /// Opens the log at `path` and replays it, starting from the newest valid
    /// snapshot when `useSnapshots` is on. A missing file is an empty log (it
    /// is created by the first append).
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    public init(
        path: String, useSnapshots: Bool = true, clock: @escaping @Sendable () -> Timestamp = SystemClock.now
    ) throws(StoreError) {
        self.path = path
        self.clock = clock
        let point = try Timeline(path: path, useSnapshots: useSnapshots).state()
        replayer = Replayer(path: path, state: point.state, cursor: point.cursor)
        tornTail = point.torn
        fromSnapshot = point.fromSnapshot
        identity = point.identity
    }

    /// Opens the log at `path` from a start already read: a shallow device's base (`LogBase`)
    /// its clone decoded and checked, so the base is not decoded a second time. The lines after
    /// it are read and checked as `init(path:)` reads them.
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    package init(
        path: String, from base: LogBase, clock: @escaping @Sendable () -> Timestamp = SystemClock.now
    ) throws(StoreError) {
        self.path = path
        self.clock = clock
        replayer = Replayer(path: path, state: base.state, cursor: base.cursor)
        try refresh()
    }

    /// Reads lines appended since the last read (by this or another process).
    public func refresh() throws(StoreError) {
        do {
            guard let file = try LogFile.open(path, create: false) else { return }
            try file.withLock(exclusive: false) { () throws(LogError) in try catchUp(file) }
        } catch {
            throw .log(error)
        }
    }

    /// Replays the state again from the log (after a refused batch or a failed write).
    /// Called holding the lock on `file`, so it reads through that descriptor.
    func reload(_ file: LogFile, useSnapshots: Bool = true) throws(StoreError) {
        let snapshot = useSnapshots ? SnapshotCache(logPath: path).nearest(atOrBefore: nil, log: file).snapshot : nil
        do {
            if let snapshot {
                replayer = Replayer(path: path, state: snapshot.state, cursor: snapshot.cursor)
            } else {
                replayer = try Timeline.start(path)
            }
            tornTail = try replayer.run(file)
            identity = try file.identity()
        } catch { throw .log(error) }
    }

    func catchUp(_ file: LogFile) throws(LogError) {
        tornTail = try replayer.run(file)
        identity = try file.identity()
    }

    /// What an append did.
    public struct Outcome: Sendable {
        /// The events appended (empty when the command id was seen before).
        public var events: [Event]
        /// The effects of applying them.
        public var effects: [Effect]
        /// The seq of the earlier event with the same command id, when the
        /// command was a retry and nothing was appended.
        public var duplicateOf: Int64?
        /// Where a torn tail was moved, if this append repaired one.
        public var quarantinedTo: String?
        /// What the decider told about the commands (a relation not kept, an edge an undo does not restore).
        public var notes: [DecisionNote] = []
        /// The positions of the commands that changed nothing (nothing appended for them).
        public var unchanged: [Int] = []
        /// The clock's reading when it was behind the log's last time by more than
        /// `Store.clockTolerance`: the events are stamped with the log's last time instead, as a
        /// log's times never go back, and each keeps this reading as its `clock` (nil when the
        /// clock was right, or nothing was appended).
        public var clockBehind: Timestamp? = nil
    }

    /// How far the clock may be behind the log's last time before an append says so (a minute:
    /// a clock set back by a time server a few milliseconds is not worth a word).
    public static let clockTolerance: Int64 = LineFormat.clockTolerance

    /// `now` when it is behind `last` by more than `clockTolerance`, else nil.
    public static func clockBehind(_ now: Timestamp, log last: Timestamp) -> Timestamp? {
        last.milliseconds > now.milliseconds && last.milliseconds - now.milliseconds > clockTolerance ? now : nil
    }

    /// Decides `command` against the latest state and appends its events.
    /// - Parameters:
    ///   - command: what to do.
    ///   - actor: who acts, recorded on the event.
    ///   - commandID: a client-chosen id; if an event with it exists already,
    ///     nothing is appended and `duplicateOf` names it.
    ///   - expectedSeq: when given, the append fails with `LogError.conflict`
    ///     unless the log's last seq is exactly this (optimistic concurrency).
    /// - Throws: `StoreError.domain` when refused (nothing appended), `StoreError.log` on I/O or damage.
    @discardableResult
    public func execute(
        _ command: Command, actor: String? = nil, commandID: String? = nil, expectedSeq: Int64? = nil
    ) throws(StoreError) -> Outcome {
        try executeBatch(
            [command], actor: actor, commandID: commandID, expectedSeq: expectedSeq, policy: .stop
        )
        .outcome
    }

    /// What to do with a refused command in a batch.
    public enum BatchPolicy: Sendable {
        /// Refuse the whole batch: nothing is appended.
        case stop
        /// Skip the refused command, report it, and go on.
        case skip
    }

    /// The result of a batch: the outcome and the refused commands by position.
    public struct BatchResult: Sendable {
        /// What the accepted commands appended.
        public var outcome: Outcome
        /// The commands refused, by their position in the batch, with the reason.
        public var rejected: [(index: Int, error: DomainError)]
    }

    /// Decides every command in order against the evolving state and appends
    /// all resulting events with one write and one fdatasync.
    public func executeBatch(
        _ commands: [Command], actor: String? = nil, commandID: String? = nil,
        expectedSeq: Int64? = nil,
        policy: BatchPolicy, recordEffects: Bool = true
    ) throws(StoreError) -> BatchResult {
        let items = commands.map { Item(command: $0, actor: actor, commandID: nil) }
        let result = try executeItems(
            items, batchCommandID: commandID, expectedSeq: expectedSeq, policy: policy, recordEffects: recordEffects)
        // A command id the log holds: a retry of the same commands is "already done"; others are refused.
        if let commandID, let seq = result.outcome.duplicateOf,
            try !CommandIDReuse.isRetry(items, commandID: commandID, seq: seq, path: path)
        {
            throw .domain(.commandIDReused(commandID, seq: seq))
        }
        return result
    }

    /// Whether `items`, given again under `commandID`, which the log first recorded at `seq`,
    /// are a retry of what was appended then ("already done") rather than other commands under
    /// a taken id (refused): what `executeBatch` decides, for a dry run to say the same.
    package func isRetry(_ items: [Item], commandID: String, seq: Int64) throws(StoreError) -> Bool {
        try CommandIDReuse.isRetry(items, commandID: commandID, seq: seq, path: path)
    }

    /// One command of a batch with its own envelope. The sync hub gives each
    /// pushed command its origin (device, device seq, time on the device).
    package struct Item: Sendable {
        package var command: Command
        package var actor: String?
        package var commandID: String?
        package var origin: Origin?
        /// For an item with an origin: what a `refused` event records of the
        /// command should it be refused (its kind and members as it had them).
        package var refusal: (@Sendable (DomainError) -> Refusal)?

        package init(
            command: Command, actor: String?, commandID: String?, origin: Origin? = nil,
            refusal: (@Sendable (DomainError) -> Refusal)? = nil
        ) {
            self.command = command
            self.actor = actor
            self.commandID = commandID
            self.origin = origin
            self.refusal = refusal
        }
    }

    /// Like `executeBatch`, with an envelope per command. An item whose own
    /// command id, or whose origin, was seen before is neither decided nor
    /// appended. With `.skip`, an item with an origin is always accounted
    /// for in the log: refused, it is appended as a `refused` event; unchanged,
    /// its event is appended anyway (it changes nothing). `admit`, when
    /// given, is asked under the exclusive lock with the caught-up state
    /// whether the batch may be decided at all: false appends nothing.
    package func executeItems(
        _ items: [Item], batchCommandID commandID: String? = nil, expectedSeq: Int64? = nil, policy: BatchPolicy,
        recordEffects: Bool = true, admit: ((WorldState) -> Bool)? = nil
    ) throws(StoreError) -> BatchResult {
        for item in items {
            if let actor = item.actor, let problem = Actor.problem(with: actor) {
                throw .domain(.invalidActor(actor, problem))
            }
            if let cid = item.commandID, let problem = CommandID.problem(with: cid) {
                throw .domain(.invalidCommandID(cid, problem))
            }
        }
        if let commandID, let problem = CommandID.problem(with: commandID) {
            throw .domain(.invalidCommandID(commandID, problem))
        }
        let (file, checked, upToDate) = try lockedAndCaughtUp()
        defer { file.unlock() }
        if let commandID, let seq = state.commandIDs[commandID] {
            return BatchResult(
                outcome: Outcome(events: [], effects: [], duplicateOf: seq, quarantinedTo: nil), rejected: [])
        }
        if let expectedSeq, expectedSeq != cursor.lastSeq {
            throw .log(.conflict(expected: expectedSeq, actual: cursor.lastSeq))
        }
        if let admit, !admit(state) {
            return BatchResult(
                outcome: Outcome(events: [], effects: [], duplicateOf: nil, quarantinedTo: nil), rejected: [])
        }
        let now = clock()
        let at = max(now, cursor.lastAt)
        // Events are applied to the live state as they are decided, so later
        // commands of the batch see earlier ones. Should the batch be refused
        // or the write fail, the state is replayed again from the log.
        var effects = EffectLog(recording: recordEffects)
        let decided = decideAll(
            items, at: at, clock: Store.clockBehind(now, log: at), commandID: commandID, policy: policy,
            effects: &effects)
        var failure = decided.failure
        var quarantined: String?
        if failure == nil && !decided.events.isEmpty {
            do throws(LogError) {
                // Only now, with a batch decided and about to be written, is a torn tail moved aside.
                if let torn = tornTail {
                    quarantined = try file.quarantine(torn, now: clock())
                    tornTail = nil
                }
                try file.append(decided.bytes, size: upToDate && quarantined == nil ? checked.size : nil)
                replayer.moved(to: decided.cursor)
                vouch(try file.identity(), endingAt: decided.cursor.offset)
            } catch {
                failure = .log(error)
            }
        }
        if let failure {
            if !decided.events.isEmpty { try reload(file) }
            throw failure
        }
        return BatchResult(
            outcome: Outcome(
                events: decided.events, effects: effects.items, duplicateOf: nil, quarantinedTo: quarantined,
                notes: decided.notes, unchanged: decided.unchanged,
                clockBehind: decided.events.isEmpty ? nil : Store.clockBehind(now, log: at)),
            rejected: decided.rejected)
    }

    func decideAll(
        _ items: [Item], at: Timestamp, clock: Timestamp?, commandID: String?, policy: BatchPolicy,
        effects: inout EffectLog, encoding: Bool = true
    ) -> Decided {
        // The state is moved out of the replayer for the batch (and back at the end), so
        // deciding against it and applying to it neither copies nor retains its arrays.
        var state = WorldState()
        swap(&state, &replayer.state)
        defer { swap(&state, &replayer.state) }
        var result = Decided.batch(
            items, in: &state, at: at, clock: clock, commandID: commandID, policy: policy, effects: &effects)
        result.cursor = cursor
        if encoding && result.failure == nil { encode(&result) }
        return result
    }

    /// The lines of a decided batch. The first line of a batch of two or more
    /// announces its length: a reader that finds fewer lines treats the batch as torn.
    private func encode(_ result: inout Decided) {
        var encoder = LineEncoder()
        result.bytes.reserveCapacity(result.events.count * 384)
        do throws(LogError) {
            result.cursor = try Self.encodeLines(result.events, after: cursor, into: &result.bytes, &encoder)
        } catch {
            result.failure = .log(error)
        }
    }

    /// Appends the lines of `events`, one batch, chained after `cursor`, to `bytes`; the cursor after them.
    /// - Throws: `LogError.lineTooLong` for an event whose line a reader would refuse (`bytes` is then
    ///   not to be written): the encoder never writes a line the reader refuses.
    static func encodeLines(
        _ events: [Event], after cursor: LogCursor, into bytes: inout [UInt8], _ encoder: inout LineEncoder
    ) throws(LogError) -> LogCursor {
        var hash = cursor.lastHash
        let start = bytes.count
        for (k, event) in events.enumerated() {
            let batch = k == 0 && events.count > 1 ? events.count : nil
            let lineStart = bytes.count
            hash = encoder.encode(event, prev: hash, batch: batch, appendingTo: &bytes)
            if bytes.count - lineStart > LineFormat.maxLineBytes {
                throw .lineTooLong(seq: event.seq, bytes: bytes.count - lineStart)
            }
        }
        guard let last = events.last else { return cursor }
        return LogCursor(
            offset: cursor.offset + Int64(bytes.count - start), lines: cursor.lines + events.count,
            lastSeq: last.seq, lastAt: last.at, lastHash: hash)
    }

    /// The log, open and exclusively locked, after checking that it is still
    /// the file read before and that nothing but appends happened to it since.
    /// - Returns: the file and its identity as checked.
    func lockedWriter() throws(StoreError) -> (LogFile, LogIdentity) {
        do throws(LogError) {
            // The file stays open between appends, unless the path now names another file.
            let file: LogFile
            if let open = writer, open.isStill(atPath: path) {
                file = open
            } else {
                // The device rule, here for every caller: a mirror takes only the hub's lines (its sync
                // appends them itself). A log becomes a device only when cloned into a new file, so the
                // question is asked as the log is opened for appending, not on every append.
                if let refusal = appendRefusal() { throw refusal }
                file = try LogFile.openForAppend(path)
                writer = file
            }
            try file.lock(exclusive: true)
            do throws(LogError) {
                return (file, try checkUnchanged(file))
            } catch {
                file.unlock()
                throw error
            }
        } catch {
            throw .log(error)
        }
    }

    /// Why this log takes no appends from the store before any is tried, if it takes none: a device's
    /// mirror (`LogError.mirror`). A dry run asks it where the run would meet it.
    package func appendRefusal() -> LogError? {
        DeviceMark.isMirrorFile(logPath: path) ? .mirror(path: path) : nil
    }

    /// `lockedWriter`, then what was appended since the last read is read.
    /// - Returns: the locked file, its identity as checked, and whether it
    ///   ended where reading did (nothing to catch up on: `checked.size` is
    ///   the size to cut back to should the write fail).
    /// - Throws: as `lockedWriter`; the lock is let go when catching up fails.
    func lockedAndCaughtUp() throws(StoreError) -> (file: LogFile, checked: LogIdentity, upToDate: Bool) {
        let (file, checked) = try lockedWriter()
        // What was read is vouched for (`checkUnchanged`); when the file ends where reading
        // did, there is nothing to catch up on.
        let upToDate = checked.size == cursor.offset && tornTail == nil
        if upToDate {
            identity = checked
        } else {
            do { try catchUp(file) } catch {
                file.unlock()
                throw .log(error)
            }
        }
        return (file, checked, upToDate)
    }

    /// After a write that left the log ending at `end`: vouches for the file
    /// (identity and its record) only when it is exactly what was read plus
    /// what was written (`now`, its identity after the write); otherwise
    /// something else wrote meanwhile, and the next reader checks every line.
    func vouch(_ now: LogIdentity?, endingAt end: Int64) {
        if let now, now.size == end {
            identity = now
            identityRecord.write(now)
        } else {
            identity = nil
        }
    }

    /// Before appending on top of what was read: the file must be the one
    /// read, and any change to it since must be explained by appends (its
    /// identity as the appender left it). Otherwise the log is read again
    /// from the start, every line checked, so nothing is appended on top of damage.
    /// - Returns: the file's identity now (after the full read, if one was needed).
    private func checkUnchanged(_ file: LogFile) throws(LogError) -> LogIdentity {
        let now = try file.identity()
        if let identity, now == identity { return now }
        if let identity, cursor.offset > 0, now.device != identity.device || now.inode != identity.inode {
            throw .replaced(path: path)
        }
        if let recorded = LogIdentityRecord(logPath: path).read(), recorded == now,
            identity.map({ $0.device == now.device && $0.inode == now.inode }) ?? false
        {
            return now
        }
        do { try reload(file, useSnapshots: false) } catch {
            if case .log(let e) = error { throw e }
        }
        if let identity { return identity }
        return try file.identity()
    }
}
