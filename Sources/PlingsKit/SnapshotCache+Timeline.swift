extension SnapshotCache {
    /// The object timeline files (`timeline-<seq>-<at in ms>.bin`), oldest first; `rebuild` leaves one.
    package func timelineEntries() -> [Entry] { entries(named: "timeline-") }

    /// Writes the object timeline of the lists `builder` gathered and `state`
    /// at `cursor` (see `TimelineFile.write`), atomically and durably, as `write` does a snapshot.
    /// - Returns: the file's size.
    @discardableResult
    func writeTimeline(_ builder: TimelineBuilder, state: WorldState, cursor: LogCursor) throws(LogError) -> Int {
        let folder = CacheFolder(logPath: logPath)
        folder.sweepTemporaryFiles()
        var size = 0
        let name = "timeline-\(cursor.lastSeq)-\(cursor.lastAt.milliseconds).bin"
        try folder.writeAtomically(name, durable: true) { (fd, temp) throws(LogError) in
            size = try TimelineFile.write(builder, state: state, cursor: cursor, to: fd, path: temp)
        }
        return size
    }

    /// A builder of the object timeline that gathers its records in a scratch file of the cache folder.
    /// - Throws: `LogError` when the folder or the file cannot be made.
    func timelineBuilder(rangeShift: Int = TimelineBucket.shift) throws(LogError) -> TimelineBuilder {
        let folder = CacheFolder(logPath: logPath)
        let name = "timeline-scratch"
        return TimelineBuilder(
            spill: TimelineSpill(fd: try folder.scratchFile(for: name), path: folder.path + "/" + name))
    }

    /// Total bytes of the object timeline files.
    package func timelineSize() -> Int64 { Self.size(of: timelineEntries()) }
}
