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
    /// - Complexity: one pass over the file.
    public static func check(path: String) -> LogVerification {
        var lines = 0
        var head = LogCursor()
        do throws(LogError) {
            guard let file = try LogFile.open(path, create: false) else {
                return LogVerification(lines: 0, head: head, torn: nil, problem: nil)
            }
            let result = try file.withLock(exclusive: false) { () throws(LogError) in
                try file.read(from: LogCursor()) { line, _ in
                    lines += 1
                    head.lastSeq = line.event.seq
                    head.lastAt = line.event.at
                    head.lastHash = line.hash
                }
            }
            return LogVerification(lines: lines, head: result.cursor, torn: result.torn, problem: nil)
        } catch {
            head.lines = lines
            return LogVerification(lines: lines, head: head, torn: nil, problem: error)
        }
    }
}
