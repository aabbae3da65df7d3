/// The library's front door: a log file and the projections replayed from it.
///
/// Reading replays the log into a `WorldState`. Appending takes the file's
/// exclusive lock, reads whatever other processes appended meanwhile,
/// re-decides the command against that state, and writes the event lines
/// with one write and one fdatasync. A torn tail left by a crash is moved to
/// the quarantine file before the first append after it.
public final class Store {
    public let path: String
    private var replayer: Replayer
    /// The projections as of `cursor`.
    public var state: WorldState { replayer.state }
    /// Where reading has come to.
    public var cursor: LogCursor { replayer.cursor }
    /// A torn tail seen on the last read (ignored by reads, repaired by the next append).
    public private(set) var tornTail: TornTail?
    /// The snapshot the state started from, if any.
    public private(set) var fromSnapshot: Int64?
    private let clock: @Sendable () -> Timestamp
    /// The log, kept open for appends.
    private var writer: LogFile?

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
    private func reload(_ file: LogFile) throws(StoreError) {
        let snapshot = SnapshotCache(logPath: path).nearest(atOrBefore: nil, log: file).snapshot
        replayer = Replayer(path: path, state: snapshot?.state ?? WorldState(), cursor: snapshot?.cursor ?? LogCursor())
        do { tornTail = try replayer.run(file) } catch { throw .log(error) }
    }

    private func catchUp(_ file: LogFile) throws(LogError) {
        tornTail = try replayer.run(file)
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
    }

    /// Decides `command` against the latest state and appends its events.
    /// - Parameters:
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
        public var outcome: Outcome
        public var rejected: [(index: Int, error: DomainError)]
    }

    /// Decides every command in order against the evolving state and appends
    /// all resulting events with one write and one fdatasync.
    public func executeBatch(
        _ commands: [Command], actor: String? = nil, commandID: String? = nil,
        expectedSeq: Int64? = nil,
        policy: BatchPolicy, recordEffects: Bool = true
    ) throws(StoreError) -> BatchResult {
        if let actor, let problem = Actor.problem(with: actor) {
            throw .domain(.invalidName(actor, "the actor \(problem)"))
        }
        if let commandID, let problem = CommandID.problem(with: commandID) {
            throw .domain(.invalidID(commandID, "the command id \(problem)"))
        }
        let file: LogFile
        do throws(LogError) {
            // The file stays open between appends, unless the path now names another file.
            if let open = writer, open.isStill(atPath: path) {
                file = open
            } else {
                guard let opened = try LogFile.open(path, create: true) else {
                    throw .io(path: path, operation: "creating", errno: 2)
                }
                file = opened
                writer = opened
            }
            try file.lock(exclusive: true)
        } catch {
            throw .log(error)
        }
        defer { file.unlock() }
        do { try catchUp(file) } catch { throw .log(error) }
        var quarantined: String?
        if let torn = tornTail {
            do {
                quarantined = try file.quarantine(torn, now: clock())
            } catch { throw .log(error) }
            tornTail = nil
        }
        if let commandID, let seq = state.commandIDs[commandID] {
            return BatchResult(
                outcome: Outcome(events: [], effects: [], duplicateOf: seq, quarantinedTo: quarantined),
                rejected: [])
        }
        if let expectedSeq, expectedSeq != cursor.lastSeq {
            throw .log(.conflict(expected: expectedSeq, actual: cursor.lastSeq))
        }
        let at = max(clock(), cursor.lastAt)
        // Events are applied to the live state as they are decided, so later
        // commands of the batch see earlier ones. Should the batch be refused
        // or the write fail, the state is replayed again from the log.
        var effects = EffectLog(recording: recordEffects)
        var events: [Event] = []
        var rejected: [(Int, DomainError)] = []
        var bytes: [UInt8] = []
        var seq = cursor.lastSeq
        var hash = cursor.lastHash
        var failure: StoreError?
        bytes.reserveCapacity(commands.count * 300)
        for (index, command) in commands.enumerated() {
            let decided: (payload: EventPayload, resolved: ResolvedEvent)
            do {
                decided = try Decider.decideResolved(command, state: replayer.state)
            } catch {
                if policy == .stop {
                    failure = .domain(error)
                    break
                }
                rejected.append((index, error))
                continue
            }
            seq += 1
            let event = Event(
                seq: seq, at: at, actor: actor, commandID: events.isEmpty ? commandID : nil, payload: decided.payload)
            replayer.state.apply(event, resolved: decided.resolved, effects: &effects)
            hash = LineFormat.encode(event, prev: hash, appendingTo: &bytes)
            events.append(event)
        }
        if failure == nil && !events.isEmpty {
            do { try file.append(bytes) } catch { failure = .log(error) }
        }
        if let failure {
            if !events.isEmpty { try reload(file) }
            throw failure
        }
        if !events.isEmpty {
            replayer.moved(
                to: LogCursor(
                    offset: cursor.offset + Int64(bytes.count), lines: cursor.lines + events.count,
                    lastSeq: seq, lastAt: at, lastHash: hash))
        }
        let effectList = effects.items
        return BatchResult(
            outcome: Outcome(
                events: events, effects: effectList, duplicateOf: nil, quarantinedTo: quarantined),
            rejected: rejected)
    }
}
