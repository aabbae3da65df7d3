import PlingsKit

/// A device: a log that mirrors a prefix of the hub's log byte for byte,
/// the queue of commands made here since the last sync, and the config that
/// names the hub and the device.
public final class Device {
    /// The path of the device's log (the mirror).
    public let logPath: String
    /// The hub's address and this device's name, stored beside the log.
    public let config: DeviceConfig
    /// The mirror's projections, as last folded (see `mirror`).
    private let store: Store
    /// Where the mirror's checked lines end: past `store`'s cursor after a
    /// sync wrote lines it checked without folding them.
    var head: LogCursor
    /// A torn tail after `head`, as last read.
    var tornTail: TornTail?
    /// The commands not yet on the hub, as last read.
    public internal(set) var pending: PendingQueue
    /// On a shallow device (`clone --shallow`): the hub's line its mirror begins after, the base
    /// (`LogBase`), with its offset in the hub's log; nil on a full device.
    package let base: LogCursor?

    /// Opens the device whose mirror is the log at `logPath`.
    /// - Throws: `SyncError.notADevice` when the log has no device config.
    public convenience init(logPath: String) throws(SyncError) {
        try self.init(logPath: logPath, decodedBase: nil)
    }

    /// Opens the device whose mirror is the log at `logPath`; `decodedBase` is its base as its
    /// clone has just decoded and checked it (from the bytes it wrote), so it is not read again.
    init(logPath: String, decodedBase: LogBase?) throws(SyncError) {
        guard let config = try DeviceConfig.load(forLog: logPath) else { throw .notADevice(logPath) }
        self.logPath = logPath
        self.config = config
        // A mirror cloned before the mark existed gets it now: known by the file, not by its name.
        DeviceMark.mark(logPath: logPath)
        do {
            if let decodedBase {
                store = try Store(path: logPath, from: decodedBase)
            } else {
                store = try Store(path: logPath)
            }
        } catch {
            throw .store(error)
        }
        (head, tornTail) = (store.cursor, store.tornTail)
        pending = try PendingQueue.load(forLog: logPath)
        if let decodedBase {
            base = decodedBase.hubCursor
        } else {
            do { base = try LogBase.hubCursor(forLog: logPath) } catch { throw .store(.log(error)) }
        }
    }

    /// The mirror's head as a place in the hub's log (what hello, pulls and pages name): `head`, on a
    /// shallow device moved on by where its base ends in the hub's log.
    var hubHead: LogCursor {
        guard let base else { return head }
        var cursor = head
        cursor.offset += base.offset
        cursor.lines += base.lines
        return cursor
    }

    /// The mirror, read only: every line in it came from the hub. A sync
    /// checks every line it pulls and writes it without folding it; the
    /// mirror's projections are brought up to date when first asked for.
    /// - Throws: `SyncError.store` when the mirror cannot be read.
    public var mirror: Store {
        get throws(SyncError) {
            if store.cursor.offset < head.offset {
                do { try store.refresh() } catch { throw .store(error) }
            }
            return store
        }
    }

    /// The verdicts of the mirror's world as last folded: without the lines a sync wrote since
    /// (which it read its own verdicts from as it wrote them), so nothing is folded to ask.
    var foldedVerdicts: DeviceVerdicts { store.state.devices }

    /// Whether the log at `logPath` is a device.
    public static func isDevice(logPath: String) -> Bool { DeviceMark.isMirror(logPath: logPath) }

    /// The lock every writer of the device's files holds: local commands, and sync only while
    /// it reads or writes them (never while it waits on the network).
    var lockPath: String { logPath + ".lock" }

    /// The lock a sync holds from start to end, so two syncs of one device never run at once
    /// (and a queue is not moved away under one). Local commands never take it.
    var syncLockPath: String { logPath + ".sync.lock" }

    func withLock<T>(_ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        try SyncFiles.withLock(lockPath, log: logPath, body)
    }

    func withSyncLock<T>(_ body: () throws(SyncError) -> T) throws(SyncError) -> T {
        try SyncFiles.withLock(syncLockPath, log: logPath, body)
    }

    /// Reads the mirror's new lines and the pending queue again.
    public func refresh() throws(SyncError) {
        try refreshMirror()
        pending = try PendingQueue.load(forLog: logPath, after: pending)
    }

    /// Reads the mirror's new lines again (the pending queue is read under the device's lock).
    func refreshMirror() throws(SyncError) {
        do { try store.refresh() } catch { throw .store(error) }
        (head, tornTail) = (store.cursor, store.tornTail)
    }

    /// Queues commands made on this device now. Each is decided against the
    /// optimistic state first: a command refused there is not queued.
    /// - Returns: the queued entries.
    /// - Throws: `SyncError.store(.domain)` for the first command the optimistic state refuses.
    @discardableResult
    public func enqueue(_ commands: [Command], at time: Timestamp) throws(SyncError) -> [SyncProtocol.Pushed] {
        try withLock { () throws(SyncError) in
            try refresh()
            var view = try optimistic()
            var effects = EffectLog(recording: false)
            for command in commands {
                guard WireCommand(command) != nil else { throw .notCarried }
                do throws(DomainError) {
                    try view.state.perform(command, at: time, actor: nil, effects: &effects)
                } catch {
                    throw .store(.domain(error))
                }
            }
            try skipSettled()
            return try pending.append(commands, at: time, seen: head.lastSeq)
        }
    }

    /// An empty queue starts after the highest device seq the mirror already holds for this
    /// device: a queue file lost, emptied or cut back to its header after a sync would otherwise
    /// give the next command a seq the hub has settled, and every sync would be refused as diverged.
    func skipSettled() throws(SyncError) {
        guard pending.entries.isEmpty else { return }
        try pending.start(after: try mirror.state.devices.highest(device: config.device))
    }

    /// Queues commands without deciding them first (for tests and tools that
    /// model offline work whose outcome only the hub decides).
    @discardableResult
    public func enqueueUnchecked(_ commands: [Command], at time: Timestamp) throws(SyncError) -> [SyncProtocol.Pushed] {
        try withLock { () throws(SyncError) in
            try refresh()
            try skipSettled()
            return try pending.append(commands, at: time, seen: head.lastSeq)
        }
    }
}
