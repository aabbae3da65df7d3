import PlingsPlatform

/// Replays a whole log once and writes snapshots along the way, spaced so
/// that the snapshot cache stays within a share of the log's size.
public struct Rebuild: Sendable {
    public let path: String
    /// The most the cache may take, as a share of the log's size.
    public var budget = 0.18
    /// Fewest events between two snapshots.
    public var minimumSpacing = 1000

    public init(path: String) { self.path = path }

    /// What a rebuild did (or, with `dryRun`, would do).
    public struct Report: Sendable, Codable {
        public var events: Int64
        public var objects: Int
        public var logBytes: Int64
        public var snapshots: Int
        public var snapshotBytes: Int64
        public var removed: Int
        public var seconds: Double
        public var eventsPerSecond: Double
        public var dryRun: Bool
        public var skipped: Int
    }

    /// The size a snapshot of `state` takes: the arrays `Snapshot.encoded`
    /// writes, element by element.
    public static func estimatedSize(_ state: WorldState) -> Int64 {
        let r = state.registry.raw
        let n = r.idStart.count
        // id start and length, name start and length, two axes of parent,
        // relation, positional relation and target, away since (seq and time).
        let perObject = 4 + 1 + 8 + 1 + 2 * (4 + 1 + 1 + 4) + 8 + 8
        return Int64(r.idBytes.count + r.nameBytes.count + n * perObject + r.table.count * 8 + 512)
    }

    /// Runs the rebuild. `progress` gets (bytes read, bytes in all, events so far).
    public func run(
        dryRun: Bool, progress: ((Int64, Int64, Int64) -> Void)? = nil
    ) throws(StoreError) -> Report {
        let cache = SnapshotCache(logPath: path)
        let started = Monotonic.seconds()
        do {
            guard let file = try LogFile.open(path, create: false) else {
                throw LogError.io(path: path, operation: "opening", errno: SystemErrno.noSuchFile.code)
            }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            let total = try file.size()
            var replayer = Replayer(path: path)
            var written: [String] = []
            var bytesWritten: Int64 = 0
            var planned = 0
            var lastOffset: Int64 = 0
            var failure: LogError?
            try replayer.run(file, interval: minimumSpacing) { r in
                progress?(r.cursor.offset, total, r.cursor.lastSeq)
                let since = r.cursor.offset - lastOffset
                guard r.cursor.lines % minimumSpacing == 0,
                    Double(since) * budget >= Double(Self.estimatedSize(r.state))
                else { return }
                lastOffset = r.cursor.offset
                planned += 1
                if dryRun || failure != nil { return }
                do throws(LogError) {
                    bytesWritten += Int64(try cache.write(Snapshot(state: r.state, cursor: r.cursor)))
                    written.append(r.cursor.lastSeq.description)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            // The head, so that reading the present needs no replay at all.
            if replayer.cursor.offset > lastOffset && replayer.cursor.lastSeq > 0 {
                planned += 1
                if !dryRun {
                    bytesWritten += Int64(try cache.write(Snapshot(state: replayer.state, cursor: replayer.cursor)))
                    written.append(replayer.cursor.lastSeq.description)
                }
            }
            progress?(replayer.cursor.offset, total, replayer.cursor.lastSeq)
            var removed = 0
            if !dryRun {
                let keep = Set(written)
                let stale = cache.entries().filter { !keep.contains($0.seq.description) }.map(\.path)
                cache.remove(stale)
                removed = stale.count
                // Every line was just read and checked: record the log as it is now.
                LogIdentityRecord(logPath: path).write(try file.identity())
            }
            let seconds = Monotonic.seconds() - started
            return Report(
                events: replayer.cursor.lastSeq, objects: replayer.state.registry.count, logBytes: total,
                snapshots: planned,
                snapshotBytes: dryRun
                    ? Int64(planned) * Self.estimatedSize(replayer.state) / 2 + Self.estimatedSize(replayer.state) / 2
                    : bytesWritten,
                removed: removed, seconds: seconds,
                eventsPerSecond: seconds > 0 ? Double(replayer.cursor.lastSeq) / seconds : 0, dryRun: dryRun,
                skipped: replayer.state.skipped.count)
        } catch let error as LogError {
            throw .log(error)
        } catch {
            throw .log(.io(path: path, operation: "rebuilding", errno: SystemErrno.ioError.code))
        }
    }
}
