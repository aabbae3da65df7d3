import PlingsPlatform

/// The snapshots of one log, kept in the folder `<log>.plings-cache/` beside
/// it, one file per snapshot: `snapshot-<seq>-<at in ms>.bin`. Everything in
/// it can be deleted at any time; answers stay the same, only slower.
package struct SnapshotCache: Sendable {
    package let logPath: String
    package var directory: String { logPath + ".plings-cache" }

    package init(logPath: String) { self.logPath = logPath }

    /// A snapshot file found in the cache, by what its name says.
    package struct Entry: Sendable, Hashable {
        package var seq: Int64
        package var at: Timestamp
        package var path: String
    }

    /// The snapshot files, oldest first.
    package func entries() -> [Entry] { entries(named: "snapshot-") }

    /// The files `<kind><seq>-<at in ms>.bin` of the folder (`kind` is `snapshot-` or `timeline-`), oldest first.
    func entries(named kind: String) -> [Entry] {
        var result: [Entry] = []
        for name in folder.names() where name.hasPrefix(kind) && name.hasSuffix(".bin") {
            let parts = name.dropFirst(kind.count).dropLast(4).split(separator: "-")
            guard parts.count == 2, let seq = Int64(parts[0]), let at = Int64(parts[1]) else { continue }
            result.append(Entry(seq: seq, at: Timestamp(milliseconds: at), path: directory + "/" + name))
        }
        return result.sorted { $0.seq < $1.seq }
    }

    private var folder: CacheFolder { CacheFolder(logPath: logPath) }

    /// Loads and checks one snapshot against the log: its checksum and format,
    /// that its name says what its contents say (seq and time), and that the
    /// log's line ending at the snapshot's offset has the hash the snapshot
    /// recorded. Nil when any of that fails.
    package func load(_ entry: Entry, log: LogFile) -> Snapshot? {
        checked(entry, log: log) { source in Snapshot.decode(source).map { ($0, $0.cursor, $0.state.lastSeq) } }
    }

    /// What `body` reads from the file of `entry` (the value, the cursor and
    /// state seq the file says it holds), kept under the checks of `load`:
    /// the name says what the contents say, and the log still has the line
    /// the cursor ends on. Nil when any of that fails.
    func checked<T>(
        _ entry: Entry, log: LogFile, _ body: (SnapshotSource) -> (value: T, cursor: LogCursor, stateSeq: Int64)?
    ) -> T? {
        checkedFile(entry, log: log) { source in
            body(source).flatMap { $0.stateSeq == entry.seq ? ($0.value, $0.cursor) : nil }
        }
    }

    /// What `body` reads from the file of `entry` (a snapshot or the object
    /// timeline: the value and the cursor the file says it ends at), when the
    /// name says what the contents say and the log still has the line the
    /// cursor ends on. Nil when any of that fails.
    func checkedFile<T>(_ entry: Entry, log: LogFile, _ body: (SnapshotSource) -> (value: T, cursor: LogCursor)?)
        -> T?
    {
        let name = String(entry.path.dropFirst(directory.count + 1))
        let read = folder.withFile(name, limit: Self.maxSnapshotBytes) { fd, size in body(.file(fd, size: size)) }
        guard let read, read.cursor.lastSeq == entry.seq, read.cursor.lastAt == entry.at else { return nil }
        return matches(read.cursor, log: log) ? read.value : nil
    }

    /// What `body` makes of the log, opened under a shared lock, and its size,
    /// when the log's identity is the one Plings recorded (the condition on
    /// which a cache file may answer without reading the log); nil otherwise.
    func withVouchedLog<T>(_ body: (LogFile, Int64) -> T?) -> T? {
        guard let file = try? LogFile.open(logPath, create: false), (try? file.lock(exclusive: false)) != nil else {
            return nil
        }
        defer { file.unlock() }
        guard let identity = try? file.identity(), LogIdentityRecord(logPath: logPath).read() == identity,
            let size = try? file.size()
        else { return nil }
        return body(file, size)
    }

    /// The largest snapshot file read (a larger one is ignored as damaged).
    static let maxSnapshotBytes = 1 << 32

    /// Whether the log still has, ending at `cursor.offset`, the line with `cursor.lastHash`.
    package func matches(_ cursor: LogCursor, log: LogFile) -> Bool {
        if cursor.offset == 0 { return cursor.lastSeq == 0 }
        return LineFormat.endsLine(in: log, at: cursor.offset, hash: cursor.lastHash)
    }

    /// The newest valid snapshot at or before `limit` (the newest of all when
    /// nil), and the files that were found stale or damaged on the way.
    package func nearest(
        atOrBefore limit: ReplayLimit?, log: LogFile
    ) -> (snapshot: Snapshot?, rejected: [String]) {
        var rejected: [String] = []
        for entry in entries().reversed() {
            if let limit {
                switch limit {
                case .seq(let s): if entry.seq > s { continue }
                case .time(let t): if entry.at > t { continue }
                }
            }
            if let snapshot = load(entry, log: log) { return (snapshot, rejected) }
            rejected.append(entry.path)
        }
        return (nil, rejected)
    }

    /// Writes a snapshot atomically: a new temporary file (never through a
    /// link), fsync, rename, fsync of the folder. Temporary files that killed
    /// processes left behind are swept first.
    /// With `table` false the registry's id table is left out (see `Snapshot.encoded`).
    /// - Returns: the file's size.
    @discardableResult
    package func write(_ snapshot: Snapshot, table: Bool = true) throws(LogError) -> Int {
        try write(snapshot.encodedParts(table: table), cursor: snapshot.cursor)
    }

    /// Writes a snapshot already encoded (`Snapshot.encodedParts`) taken at `cursor`, as `write(_:table:)` does.
    /// - Returns: the file's size.
    @discardableResult
    func write(_ parts: (header: [UInt8], body: [UInt8]), cursor: LogCursor) throws(LogError) -> Int {
        folder.sweepTemporaryFiles()
        let (header, body) = parts
        let name = "snapshot-\(cursor.lastSeq)-\(cursor.lastAt.milliseconds).bin"
        try folder.writeAtomically(name, durable: true) { (fd, temp) throws(LogError) in
            try LogError.io(temp, .writing) { () throws(SystemErrno) in
                try fd.writeAll(header)
                try fd.writeAll(body)
            }
        }
        return header.count + body.count
    }

    /// Deletes snapshot files of this cache (never anything outside it, never a folder).
    /// - Returns: how many were removed.
    @discardableResult
    package func remove(_ paths: [String]) -> Int {
        var removed = 0
        for path in paths where path.hasPrefix(directory + "/") {
            let name = String(path.dropFirst(directory.count + 1))
            if !name.contains("/") && folder.remove(name) { removed += 1 }
        }
        return removed
    }

    /// Total bytes of the cache: the snapshot files, the object timeline and the head index.
    package func totalSize() -> Int64 { Self.size(of: entries() + timelineEntries() + indexEntries()) }

    /// The bytes of the files of `entries` (those gone meanwhile count nothing).
    static func size(of entries: [Entry]) -> Int64 {
        entries.reduce(0) { total, entry in total + ((try? Platform.status(entry.path).size) ?? 0) }
    }
}
