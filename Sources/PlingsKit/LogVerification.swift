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

    /// Whether every line passed.
    public var isSound: Bool { problem == nil }

    /// Checks the log at `path`; a missing file is an empty, sound log.
    /// - Complexity: one pass over the file, in chunks on every core (the
    ///   lines are checked, not replayed).
    public static func check(path: String) -> LogVerification {
        var checker = ChainChecker(path: path)
        do throws(LogError) {
            guard let file = try LogFile.open(path, create: false) else {
                return LogVerification(lines: 0, head: LogCursor(), torn: nil, problem: nil)
            }
            let torn = try file.withLock(exclusive: false) { () throws(LogError) in
                try file.checkChain(&checker, .automatic).torn
            }
            return LogVerification(lines: checker.cursor.lines, head: checker.cursor, torn: torn, problem: nil)
        } catch {
            return LogVerification(lines: checker.cursor.lines, head: checker.cursor, torn: nil, problem: error)
        }
    }
}
