/// A ``Store`` that many tasks can share: an actor that owns one store, so
/// commands from any task are decided and appended one at a time, in the
/// order they reach it.
///
/// Appends do blocking file I/O (a write and a data sync of a few
/// milliseconds); the actor runs them on the cooperative thread pool, one at
/// a time, like a lock would. Other processes appending to the same log are
/// seen on the next command (the log's lock orders them) or on ``refresh()``;
/// ``events(after:every:)`` yields their events as they arrive.
///
/// Its methods throw untyped errors, each a ``StoreError`` (docs/adr/0010): an
/// app catches them with `catch let error as StoreError`, beside the other
/// errors of its `do` block. ``Store`` throws `StoreError` typed.
public actor LiveStore {
    /// The log file's path.
    public nonisolated let path: String
    private let store: Store

    /// Opens the log at `path` and replays it (see ``Store/init(path:useSnapshots:clock:)``).
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    public init(
        path: String, useSnapshots: Bool = true, clock: @escaping @Sendable () -> Timestamp = SystemClock.now
    ) throws {
        self.path = path
        store = try Store(path: path, useSnapshots: useSnapshots, clock: clock)
    }

    /// The projections as of ``cursor`` (without reading the log again).
    public var state: WorldState { store.state }

    /// Where reading has come to.
    public var cursor: LogCursor { store.cursor }

    /// Reads what other processes appended since the last read, and returns the state after it.
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    @discardableResult
    public func refresh() throws -> WorldState {
        try store.refresh()
        return store.state
    }

    /// Decides `command` against the latest state and appends its events durably
    /// (see ``Store/execute(_:actor:commandID:expectedSeq:)``).
    /// - Throws: `StoreError.domain` when refused (nothing appended), `StoreError.log` on I/O or damage.
    @discardableResult
    public func execute(
        _ command: Command, actor: String? = nil, commandID: String? = nil, expectedSeq: Int64? = nil
    ) throws -> Store.Outcome {
        try store.execute(command, actor: actor, commandID: commandID, expectedSeq: expectedSeq)
    }

    /// Decides every command in order and appends all their events with one write and one data sync
    /// (see ``Store/executeBatch(_:actor:commandID:expectedSeq:policy:recordEffects:)``).
    /// - Throws: `StoreError.domain` when a command is refused under `.stop`, `StoreError.log` on I/O or damage.
    public func executeBatch(
        _ commands: [Command], actor: String? = nil, policy: Store.BatchPolicy
    ) throws -> Store.BatchResult {
        try store.executeBatch(commands, actor: actor, policy: policy)
    }

    /// The events appended to the log after `start`, by this or any other
    /// process, as they arrive (see ``EventStream``).
    public nonisolated func events(
        after start: LogCursor = LogCursor(), every interval: Duration = .milliseconds(100)
    ) -> EventStream {
        EventStream(path: path, after: start, every: interval)
    }
}
