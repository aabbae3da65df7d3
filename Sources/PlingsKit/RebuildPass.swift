/// One rebuild's replay: decides at each spacing point whether a snapshot is
/// due (so that the cache stays within its budget), writes it, and keeps count.
struct RebuildPass {
    let rebuild: Rebuild
    let dryRun: Bool
    /// The log's size when the rebuild started.
    let logBytes: Int64
    let cache: SnapshotCache
    /// The seqs of the snapshots written by this pass.
    private(set) var written: Set<Int64> = []
    private(set) var bytesWritten: Int64 = 0
    /// Snapshots due (written, or with `dryRun` that would be).
    private(set) var planned = 0
    private var lastOffset: Int64 = 0
    /// The size of the last snapshot written and the objects it held.
    private var lastWritten: (bytes: Int, objects: Int)?
    /// The object timeline's size, and the seq it ends at (0 when none was written).
    private(set) var timelineBytes: Int64 = 0
    private var timelineWritten: Int64 = 0
    /// The seq the head index was written at (0 when none was).
    private var indexWritten: Int64 = 0
    /// The first write that failed; the replay goes on without writing, then the rebuild throws it.
    private(set) var failure: LogError?
    /// Cache files not written because a folder sits at their name (`LogError.cacheNameTaken`):
    /// the folder is not Plings's, so it is left as it is, and the rebuild goes on without that file.
    private(set) var notWritten: [String] = []

    init(rebuild: Rebuild, dryRun: Bool, logBytes: Int64) {
        self.rebuild = rebuild
        self.dryRun = dryRun
        self.logBytes = logBytes
        cache = SnapshotCache(logPath: rebuild.path)
    }

    /// Takes the replay at a spacing point: a snapshot is due when enough of
    /// the log has been read since the last one to pay for its size.
    ///
    /// For a point of the log chosen at random, the replay from the nearest
    /// snapshot is shortest, for a given total size, when the snapshots' density
    /// goes as one over the square root of their size; snapshots that grow with
    /// the log then have gaps of (2/3) · size / budget · √(log size / position),
    /// which adds up to `budget` times the log.
    mutating func consider(_ r: Replayer) {
        let since = Double(r.cursor.offset - lastOffset)
        let position = Double(max(r.cursor.offset, 1))
        let gap = 2 * expectedSize(r.state) / (3 * rebuild.budget) * (Double(max(logBytes, 1)) / position).squareRoot()
        // Near the end the head's own snapshot (written by `finish`) is the one to start from.
        let left = Double(logBytes - r.cursor.offset)
        guard r.cursor.lines % rebuild.minimumSpacing == 0, since >= gap, left >= gap / 2 else { return }
        lastOffset = r.cursor.offset
        planned += 1
        if dryRun || failure != nil { return }
        do throws(LogError) {
            try write(r.state, r.cursor, table: false)
        } catch {
            if case .cacheNameTaken(let path) = error { notWritten.append(path) } else { failure = error }
        }
    }

    /// The size the next snapshot will have: the last one written, per
    /// object, times the objects now (the layout's estimate before any is
    /// written, or in a dry run).
    private func expectedSize(_ state: WorldState) -> Double {
        guard let (bytes, objects) = lastWritten, objects > 0 else { return Double(Rebuild.estimatedSize(state)) }
        return Double(bytes) * Double(max(state.registry.count, 1)) / Double(objects)
    }

    /// The head, so that reading the present needs no replay at all; a hub's log (not a device's mirror)
    /// also publishes it for shallow clones (`PublishedSnapshot`).
    mutating func finish(_ r: Replayer) throws(LogError) {
        guard r.cursor.lastSeq > 0 else { return }
        let head = r.cursor.offset > lastOffset
        if head { planned += 1 }
        let publishes = !DeviceMark.isMirror(logPath: rebuild.path)
        guard !dryRun, head || publishes else { return }
        let snapshot = Snapshot(state: r.state, cursor: r.cursor)
        let cache = self.cache
        if head {
            let parts = snapshot.encodedParts(table: true)
            // The head index names the snapshot by the checksum of its block checksums (in its header).
            let seal = SnapshotReader.word(parts.header, SnapshotHeader.checksumOffset - 8)
            let writeSnapshot = { () throws(LogError) in try cache.write(parts, cursor: r.cursor) }
            let writeIndex = { () throws(LogError) in try cache.writeIndex(r.state, cursor: r.cursor, seal: seal) }
            // Without its snapshot, the head index has nothing to index.
            if let size = try Self.unlessTaken(&notWritten, writeSnapshot) {
                bytesWritten += Int64(size)
                written.insert(r.cursor.lastSeq)
                if try Self.unlessTaken(&notWritten, writeIndex) != nil { indexWritten = r.cursor.lastSeq }
            }
        }
        if publishes {
            // Without the id table (a device rebuilds it as it reads): a third smaller to send.
            let published = snapshot.encodedParts(table: false)
            try PublishedSnapshot.write(header: published.header, body: published.body, forLog: rebuild.path)
        }
    }

    /// Writes the object timeline of the whole log (see `TimelineFile`), for cards at past points.
    mutating func writeTimeline(_ builder: TimelineBuilder, _ r: Replayer) throws(LogError) {
        // Seqs run 1, 2, 3, … (a chain rule), so the builder saw every event once; anything else writes no timeline.
        guard r.cursor.lastSeq > 0, builder.events == r.cursor.lastSeq else { return }
        let cache = self.cache
        let state = r.state
        let cursor = r.cursor
        let writeTimeline = { () throws(LogError) in try cache.writeTimeline(builder, state: state, cursor: cursor) }
        guard let size = try Self.unlessTaken(&notWritten, writeTimeline) else { return }
        timelineBytes = Int64(size)
        timelineWritten = r.cursor.lastSeq
    }

    /// What `write` gives, or nil when a folder sits at the cache file's name: its path is added
    /// to `notWritten` and the folder left as it is (see `LogError.cacheNameTaken`).
    private static func unlessTaken<T>(_ notWritten: inout [String], _ write: () throws(LogError) -> T)
        throws(LogError) -> T?
    {
        do {
            return try write()
        } catch {
            guard case .cacheNameTaken(let path) = error else { throw error }
            notWritten.append(path)
            return nil
        }
    }

    /// Writes one snapshot; the past's leave the id table out (rebuilt when read), the head's keeps it.
    private mutating func write(_ state: WorldState, _ cursor: LogCursor, table: Bool) throws(LogError) {
        let size = try cache.write(Snapshot(state: state, cursor: cursor), table: table)
        bytesWritten += Int64(size)
        if !table { lastWritten = (size, state.registry.count) }
        written.insert(cursor.lastSeq)
    }

    /// Deletes the snapshot, timeline and index files this pass did not write. - Returns: how many.
    func removeStale() -> Int {
        let stale =
            cache.entries().filter { !written.contains($0.seq) }.map(\.path)
            + cache.timelineEntries().filter { $0.seq != timelineWritten }.map(\.path)
            + cache.indexEntries().filter { $0.seq != indexWritten }.map(\.path)
        // A folder at a cache file's name is not Plings's (and is never unlinked): not counted.
        return cache.remove(stale.filter { !notWritten.contains($0) })
    }

    /// The report of a finished pass.
    func report(_ replayer: Replayer, logBytes: Int64, removed: Int, seconds: Double) -> Rebuild.Report {
        let estimate = Rebuild.estimatedSize(replayer.state)
        // Written, not planned: a snapshot skipped for a folder at its name is not counted.
        let snapshots = dryRun ? planned : written.count
        return Rebuild.Report(
            events: replayer.cursor.lastSeq, objects: replayer.state.registry.count, logBytes: logBytes,
            snapshots: snapshots, snapshotBytes: dryRun ? Int64(planned) * estimate / 2 + estimate / 2 : bytesWritten,
            timelineBytes: timelineBytes, removed: removed, seconds: seconds,
            eventsPerSecond: seconds > 0 ? Double(replayer.cursor.lastSeq) / seconds : 0, dryRun: dryRun,
            skipped: replayer.state.skipped.count, notWritten: notWritten)
    }
}
