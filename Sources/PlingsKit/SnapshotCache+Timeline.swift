import PlingsPlatform

extension SnapshotCache {
    /// The object timeline files (`timeline-<seq>-<at in ms>.bin`), oldest first; `rebuild` leaves one.
    package func timelineEntries() -> [Entry] {
        var result: [Entry] = []
        for name in CacheFolder(logPath: logPath).names() where name.hasPrefix("timeline-") && name.hasSuffix(".bin") {
            let parts = name.dropFirst(9).dropLast(4).split(separator: "-")
            guard parts.count == 2, let seq = Int64(parts[0]), let at = Int64(parts[1]) else { continue }
            result.append(Entry(seq: seq, at: Timestamp(milliseconds: at), path: directory + "/" + name))
        }
        return result.sorted { $0.seq < $1.seq }
    }

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

    /// What `body` reads from the timeline file of `entry`, under the checks
    /// a snapshot gets (`checked`): the name says what the header says, and
    /// the log still has the line the cursor ends on. Nil when any of that fails.
    func checkedTimeline<T>(_ entry: Entry, log: LogFile, _ body: (SnapshotSource) -> (value: T, cursor: LogCursor)?)
        -> T?
    {
        let name = String(entry.path.dropFirst(directory.count + 1))
        let read = CacheFolder(logPath: logPath).withFile(name, limit: Self.maxSnapshotBytes) { fd, size in
            body(.file(fd, size: size))
        }
        guard let read, read.cursor.lastSeq == entry.seq, read.cursor.lastAt == entry.at else { return nil }
        return matches(read.cursor, log: log) ? read.value : nil
    }

    /// Total bytes of the object timeline files.
    package func timelineSize() -> Int64 {
        timelineEntries().reduce(0) { total, entry in total + ((try? Platform.status(entry.path).size) ?? 0) }
    }
}
