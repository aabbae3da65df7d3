import PlingsPlatform

extension SnapshotCache {
    /// The head index files (`index-<seq>-<at in ms>.bin`, see `HeadIndex`), oldest first; `rebuild` leaves one.
    package func indexEntries() -> [Entry] { entries(named: "index-") }

    /// Writes the head index of `state` at `cursor`, for the snapshot whose block table has the
    /// checksum `seal`, atomically and durably, as `write` does a snapshot.
    /// - Returns: the file's size.
    func writeIndex(_ state: WorldState, cursor: LogCursor, seal: UInt64) throws(LogError) -> Int {
        let folder = CacheFolder(logPath: logPath)
        let (header, body) = HeadIndex.encodedParts(state, cursor: cursor, seal: seal)
        let name = HeadIndex.fileName(seq: cursor.lastSeq, at: cursor.lastAt)
        try folder.writeAtomically(name, durable: true) { (fd, temp) throws(LogError) in
            try LogError.io(temp, .writing) { () throws(SystemErrno) in
                try fd.writeAll(header)
                try fd.writeAll(body)
            }
        }
        return header.count + body.count
    }

    /// What `body` gives with the head index of the snapshot of `entry` (read in `view`) set on
    /// `view` when the cache has one that opens (see `HeadIndex.init`), or without it otherwise.
    func withIndex<T>(of entry: Entry, view: SnapshotView, readBudget: Int, _ body: () -> T?) -> T? {
        var opened = false
        let name = HeadIndex.fileName(seq: entry.seq, at: entry.at)
        let value = CacheFolder(logPath: logPath).withFile(name, limit: Self.maxSnapshotBytes) { fd, size -> T? in
            opened = true
            view.headIndex = HeadIndex(
                .file(fd, size: size), of: view.header, count: view.count, readBudget: readBudget)
            defer { view.headIndex = nil }
            return body()
        }
        return opened ? value : body()
    }
}

extension SnapshotCache {
    /// Whether the head snapshot is read with its head index (`HeadIndex`): the log vouched
    /// for, the head snapshot intact and still the log's, and an index of that snapshot there
    /// whose header checks out. For the tests and the benchmark.
    package func headIndexOpens() -> Bool {
        HeadSnapshot.read(logPath: logPath, readBudget: 1 << 10, tailBudget: .max) { head in
            head.view.headIndex != nil
        } ?? false
    }
}
