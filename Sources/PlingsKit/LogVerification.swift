/// The check `plings verify` makes, for an app: every line of a log read
/// strictly (canonical layout, its own SHA-256, the hash chain, whole batches),
/// under the shared lock, without trusting any snapshot.
public struct LogVerification: Sendable {
    /// The lines that passed, up to the first problem.
    public var lines: Int
    /// The position after the last line that passed: its seq and hash are the log's head.
    public var head: LogCursor
    /// An incomplete last line (or batch) left by an interrupted append; not a problem.
    public var torn: TornTail?
    /// The first problem found (with its line and byte offset), nil when the log is sound.
    public var problem: LogError?
    /// Whether there is a log at the path (a missing file is an empty, sound log).
    public var exists = true
    /// With an expected head: whether the log has a line with that seq and hash (seen even when a
    /// later line has a problem: the head was there); nil without one.
    public var expectedFound: Bool?
    /// With the events replayed: the events skipped against the state, oldest first; nil otherwise.
    public var skipped: [SkippedEvent]?
    /// On a shallow device: the hub's line its copy begins after (the seq, time and hash of the
    /// hub's snapshot it was cloned from, and the offset in the hub's log); the lines were checked
    /// from there on, the first chained to its hash. Nil for a log that begins at its first line.
    public var base: LogCursor?
    /// The events that passed and were written while the writer's clock was behind the log: each
    /// keeps the clock's own reading (`Event.clock`) beside the log's time it was stamped with.
    public var clockBehindEvents = 0

    /// Whether every line passed.
    public var isSound: Bool { problem == nil }

    /// Checks the log at `path`; a missing file is an empty, sound log.
    /// - Complexity: one pass over the file, in chunks on every core (the
    ///   lines are checked, not replayed).
    public static func check(path: String) -> LogVerification {
        check(path: path, expecting: nil, replaying: false)
    }

    /// Checks the log at `path`, and whether it has the line `expected` names (its seq and hash);
    /// with `replaying`, also folds every event to find those skipped against the state.
    /// - Complexity: one pass over the file; without `replaying` in chunks on every core.
    public static func check(path: String, expecting expected: (seq: Int64, hash: Digest)?, replaying: Bool)
        -> LogVerification
    {
        var result = LogVerification(lines: 0, head: LogCursor(), torn: nil, problem: nil)
        do throws(LogError) {
            guard let file = try LogFile.open(path, create: false) else {
                result.exists = false
                if let expected { result.expectedFound = expected.seq == 0 && expected.hash == .zero }
                return result
            }
            try file.withLock(exclusive: false) { () throws(LogError) in
                result.base = try LogBase.hubCursor(forLog: path)
                if replaying {
                    try fold(file, expected, &result)
                } else {
                    try checkLines(file, expected, &result)
                }
            }
        } catch {
            result.problem = error
        }
        if let expected, expected.seq == 0 && expected.hash == .zero { result.expectedFound = true }
        return result
    }

    /// The check every reader makes, on every core, without folding events. With an expected head,
    /// first up to its seq (to see its hash), then on.
    private static func checkLines(
        _ file: LogFile, _ expected: (seq: Int64, hash: Digest)?, _ result: inout LogVerification
    ) throws(LogError) {
        var checker = ChainChecker(path: file.path, cursor: result.base.map(LogBase.start(after:)) ?? LogCursor())
        defer {
            result.lines = checker.cursor.lines
            result.head = checker.cursor
            result.clockBehindEvents = checker.clockKept
        }
        if let expected {
            result.expectedFound = false
            if expected.seq >= 1 {
                defer {
                    result.expectedFound =
                        checker.cursor.lastSeq == expected.seq && checker.cursor.lastHash == expected.hash
                }
                _ = try file.checkChain(&checker, .automatic, stoppingAfter: expected.seq)
            }
        }
        result.torn = try file.checkChain(&checker, .automatic).torn
    }

    /// The same reader, folding the events to find those skipped against the state.
    private static func fold(
        _ file: LogFile, _ expected: (seq: Int64, hash: Digest)?, _ result: inout LogVerification
    ) throws(LogError) {
        var replayer = try Timeline.start(file.path)
        defer {
            result.lines = replayer.cursor.lines
            result.head = replayer.cursor
            result.skipped = replayer.state.skipped
        }
        if let expected {
            result.expectedFound = false
            if expected.seq >= 1 {
                defer {
                    result.expectedFound =
                        replayer.cursor.lastSeq == expected.seq && replayer.cursor.lastHash == expected.hash
                    result.clockBehindEvents = replayer.clockKept
                }
                try replayer.run(file, limit: .seq(expected.seq))
            }
        }
        // Each run counts its own lines.
        defer { result.clockBehindEvents += replayer.clockKept }
        result.torn = try replayer.run(file)
    }
}
