import PlingsKit
import PlingsPlatform

extension Device {
    /// Moves the pending commands of the device whose mirror is `oldLogPath`
    /// to the end of this device's queue, each with its time on the old
    /// device, and empties the old queue: the way out for a queue that can
    /// no longer be pushed (the old device's name was also used by another
    /// device, or it was restored from a backup), after a fresh clone.
    ///
    /// The commands are queued here first and dropped there after, so a
    /// crash in between leaves them in both queues, never in neither.
    /// - Returns: the entries queued here.
    /// - Throws: `SyncError.notADevice` when either log is not a device;
    ///   `SyncError.samePendingQueue` when both are this device.
    @discardableResult
    public func movePending(from oldLogPath: String) throws(SyncError) -> [SyncProtocol.Pushed] {
        let old = try Device(logPath: oldLogPath)
        if Self.sameFile(old.logPath, logPath) { throw .samePendingQueue(logPath) }
        // Under the old device's sync lock: a sync of it never pushes what is being moved away.
        return try old.withSyncLock { () throws(SyncError) in try move(from: old) }
    }

    private func move(from old: Device) throws(SyncError) -> [SyncProtocol.Pushed] {
        let entries = try old.withLock { () throws(SyncError) in
            try old.refresh()
            return old.pending.entries
        }
        guard let last = entries.last else { return [] }
        var moved: [SyncProtocol.Pushed] = []
        var start = 0
        // One append per run of commands with the same time on the device.
        while start < entries.count {
            var end = start + 1
            while end < entries.count && entries[end].dat == entries[start].dat { end += 1 }
            var commands: [Command] = []
            for entry in entries[start..<end] { commands.append(try entry.command.command()) }
            let at = Timestamp(parsing: entries[start].dat) ?? SystemClock.now()
            moved += try enqueueUnchecked(commands, at: at)
            start = end
        }
        try old.withLock { () throws(SyncError) in
            try old.refresh()
            try old.pending.drop(through: last.dseq)
        }
        return moved
    }

    /// Whether two paths name one file (the same path, or one file reached twice).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        guard let x = try? Platform.status(a), let y = try? Platform.status(b) else { return false }
        return x.isSameFile(as: y)
    }
}
