import PlingsPlatform

/// Replays a whole log once and writes snapshots along the way, spaced so
/// that the snapshot cache stays within a share of the log's size.
public struct Rebuild: Sendable {
    /// The log's path.
    public let path: String
    /// The share of the log's size that the snapshots before the head may
    /// take. The head's own snapshot and the object timeline come on top
    /// (about 3% and 7–8% of the log for the benchmark's worlds), so the
    /// whole cache stays within a quarter of the log.
    public var budget = 0.13
    /// Fewest events between two snapshots.
    public var minimumSpacing = 1000
    /// Fold version-1 lines from their bytes (tests turn it off to compare the two routes' files).
    package var fastPath = true
    /// The object timeline's records gather by ranges of `1 << timelineRangeShift` objects
    /// (tests make them small to compare the files made with many ranges and with one).
    package var timelineRangeShift = TimelineBucket.shift

    /// A rebuild of the log at `path`, with the default budget and spacing.
    public init(path: String) { self.path = path }

    /// What a rebuild did (or, with `dryRun`, would do).
    public struct Report: Sendable, Codable {
        /// Events replayed.
        public var events: Int64
        /// Objects in the world at the end.
        public var objects: Int
        /// The log's size in bytes.
        public var logBytes: Int64
        /// Snapshots written (or, in a dry run, that would be).
        public var snapshots: Int
        /// Their total size in bytes.
        public var snapshotBytes: Int64
        /// The object timeline's size in bytes (0 in a dry run); it counts in the cache's share of the log too.
        public var timelineBytes: Int64
        /// Old snapshot and timeline files removed.
        public var removed: Int
        /// Wall-clock time taken.
        public var seconds: Double
        /// Replay speed.
        public var eventsPerSecond: Double
        /// Whether nothing was written.
        public var dryRun: Bool
        /// Events that could not be applied (recorded, not fatal).
        public var skipped: Int
        /// Cache files not written because a folder sits at their name (never Plings's, so left as
        /// it is): their paths. The rest of the cache was written; views work without these.
        public var notWritten: [String] = []
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
    /// - Throws: `StoreError.log` when the log is missing, damaged or unreadable, or a snapshot cannot be written.
    public func run(
        dryRun: Bool, progress: ((Int64, Int64, Int64) -> Void)? = nil
    ) throws(StoreError) -> Report {
        let started = Monotonic.seconds()
        do throws(LogError) {
            guard let file = try LogFile.open(path, create: false) else {
                throw LogError.io(path: path, operation: .opening, .noSuchFile)
            }
            try file.lock(exclusive: false)
            defer { file.unlock() }
            let total = try file.size()
            // A file that is not a log is refused before its cache folder is made beside it.
            if !LogOwnership.mayBeOurs(try file.bytes(at: 0, length: 64)) { throw LogError.notALog(path: path) }
            var pass = RebuildPass(rebuild: self, dryRun: dryRun, logBytes: total)
            var replayer = try Timeline.start(path)
            replayer.fastPath = fastPath
            let timeline = dryRun ? nil : try pass.cache.timelineBuilder(rangeShift: timelineRangeShift)
            let changes = timeline.map { builder in
                { (event: FoldedEvent, effects: [Effect], state: WorldState) in builder.observe(event, effects, state) }
            }
            try replayer.run(file, changes: changes, interval: minimumSpacing) { r in
                progress?(r.cursor.offset, total, r.cursor.lastSeq)
                pass.consider(r)
            }
            if let failure = pass.failure { throw failure }
            try pass.finish(replayer)
            if let timeline { try pass.writeTimeline(timeline, replayer) }
            progress?(replayer.cursor.offset, total, replayer.cursor.lastSeq)
            var removed = 0
            if !dryRun {
                removed = pass.removeStale()
                // Every line was just read and checked: record the log as it is now.
                LogIdentityRecord(logPath: path).write(try file.identity())
            }
            return pass.report(replayer, logBytes: total, removed: removed, seconds: Monotonic.seconds() - started)
        } catch {
            throw .log(error)
        }
    }
}
