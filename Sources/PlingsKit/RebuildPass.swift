/// One rebuild's replay: decides at each spacing point whether a snapshot is
/// due (so that the cache stays within its budget), writes it, and keeps count.
struct RebuildPass {
    let rebuild: Rebuild
    let dryRun: Bool
    let cache: SnapshotCache
    /// The seqs of the snapshots written by this pass.
    private(set) var written: Set<Int64> = []
    private(set) var bytesWritten: Int64 = 0
    /// Snapshots due (written, or with `dryRun` that would be).
    private(set) var planned = 0
    private var lastOffset: Int64 = 0
    /// The first write that failed; the replay goes on without writing, then the rebuild throws it.
    private(set) var failure: LogError?

    init(rebuild: Rebuild, dryRun: Bool) {
        self.rebuild = rebuild
        self.dryRun = dryRun
        cache = SnapshotCache(logPath: rebuild.path)
    }

    /// Takes the replay at a spacing point: a snapshot is due when enough of
    /// the log has been read since the last one to pay for its size.
    mutating func consider(_ r: Replayer) {
        let since = r.cursor.offset - lastOffset
        guard r.cursor.lines % rebuild.minimumSpacing == 0,
            Double(since) * rebuild.budget >= Double(Rebuild.estimatedSize(r.state))
        else { return }
        lastOffset = r.cursor.offset
        planned += 1
        if dryRun || failure != nil { return }
        do throws(LogError) {
            try write(r.state, r.cursor)
        } catch {
            failure = error
        }
    }

    /// The head, so that reading the present needs no replay at all.
    mutating func finish(_ r: Replayer) throws(LogError) {
        guard r.cursor.offset > lastOffset && r.cursor.lastSeq > 0 else { return }
        planned += 1
        if !dryRun { try write(r.state, r.cursor) }
    }

    private mutating func write(_ state: WorldState, _ cursor: LogCursor) throws(LogError) {
        bytesWritten += Int64(try cache.write(Snapshot(state: state, cursor: cursor)))
        written.insert(cursor.lastSeq)
    }

    /// Deletes the snapshot files this pass did not write. - Returns: how many.
    func removeStale() -> Int {
        let stale = cache.entries().filter { !written.contains($0.seq) }.map(\.path)
        cache.remove(stale)
        return stale.count
    }

    /// The report of a finished pass.
    func report(_ replayer: Replayer, logBytes: Int64, removed: Int, seconds: Double) -> Rebuild.Report {
        let estimate = Rebuild.estimatedSize(replayer.state)
        return Rebuild.Report(
            events: replayer.cursor.lastSeq, objects: replayer.state.registry.count, logBytes: logBytes,
            snapshots: planned, snapshotBytes: dryRun ? Int64(planned) * estimate / 2 + estimate / 2 : bytesWritten,
            removed: removed, seconds: seconds,
            eventsPerSecond: seconds > 0 ? Double(replayer.cursor.lastSeq) / seconds : 0, dryRun: dryRun,
            skipped: replayer.state.skipped.count)
    }
}
