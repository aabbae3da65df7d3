import PlingsDomain

/// What can go wrong reading or writing a log file. Every case names where.
public enum LogError: Error, Sendable, Hashable {
    /// A system call failed.
    case io(path: String, operation: String, errno: Int32)
    /// A line could not be read.
    case damaged(path: String, line: Int, offset: Int64, problem: LineProblem)
    /// A line's seq is not the previous line's plus one.
    case seqOutOfOrder(path: String, line: Int, offset: Int64, expected: Int64, found: Int64)
    /// A line's `prev` is not the previous line's hash.
    case chainBroken(path: String, line: Int, offset: Int64, seq: Int64)
    /// A line's bytes do not hash to its `hash` member (checked by verify).
    case hashMismatch(path: String, line: Int, offset: Int64, seq: Int64)
    /// A line's time is earlier than the previous line's.
    case timeWentBack(path: String, line: Int, offset: Int64, seq: Int64)
    /// An append expected another last seq (optimistic concurrency).
    case conflict(expected: Int64, actual: Int64)
    /// The file is shorter than what was already read from it: it was cut or replaced.
    case shrunk(path: String, size: Int64, read: Int64)
    /// The file can be read but not written.
    case readOnly(path: String)
    /// The file is not a Plings log: it is never written.
    case notALog(path: String)
    /// The path names another file than the one read before.
    case replaced(path: String)
    /// A file beside the log (its quarantine, a device's queue or settings) is
    /// not a regular file: a symbolic link, a FIFO, a device or a folder. It is never opened through.
    case notRegular(path: String)

    /// A one-line message that says what is wrong, where, and what to do.
    public var message: String {
        switch self {
        case .io(let path, let operation, let code):
            return "\(operation) '\(Printable.quote(path))' failed: \(SystemError.describe(code))"
        case .damaged(let path, let line, let offset, let problem):
            return "\(Printable.quote(path)):\(line) (byte \(offset)): \(problem.message); "
                + "the log is damaged here and was not changed; run 'plings verify' and restore this line from a backup"
        case .seqOutOfOrder(let path, let line, let offset, let expected, let found):
            return "\(Printable.quote(path)):\(line) (byte \(offset)): seq \(found) where \(expected) was expected; "
                + "lines are missing, repeated or reordered; the log was not changed; run 'plings verify'"
        case .chainBroken(let path, let line, let offset, let seq):
            return "\(Printable.quote(path)):\(line) (byte \(offset)): seq \(seq) does not chain to the line before it "
                + "(its \"prev\" is not that line's hash); a line was edited, removed or inserted; run 'plings verify'"
        case .hashMismatch(let path, let line, let offset, let seq):
            return "\(Printable.quote(path)):\(line) (byte \(offset)): seq \(seq) does not match its own hash; "
                + "the line was changed after it was written; restore it from a backup"
        case .timeWentBack(let path, let line, let offset, let seq):
            return "\(Printable.quote(path)):\(line) (byte \(offset)): seq \(seq) is dated before the line above it; "
                + "times never decrease in a log; run 'plings verify'"
        case .conflict(let expected, let actual):
            return "the log moved on: expected the last seq to be \(expected) but it is \(actual); read again and retry"
        case .shrunk(let path, let size, let read):
            return
                "'\(Printable.quote(path))' is \(size) bytes but \(read) were already read from it: it was cut short "
                + "or replaced while open; nothing was written; open it again and run 'plings verify'"
        case .readOnly(let path):
            return "'\(Printable.quote(path))' is read-only (no permission to write it); nothing was written; "
                + "make it writable or name another log"
        case .notALog(let path):
            return "'\(Printable.quote(path))' is not a Plings log (its first line is not a log line); "
                + "nothing was written; name another file with --log or PLINGS_LOG"
        case .replaced(let path):
            return "'\(Printable.quote(path))' was replaced by another file while it was open; "
                + "nothing was written; run the command again"
        case .notRegular(let path):
            return "'\(Printable.quote(path))' is not a regular file (a symbolic link, a FIFO, a device or a folder); "
                + "Plings does not open it; move it away and run the command again"
        }
    }

    /// Where the problem is, for `verify --json`.
    public var location: (line: Int, offset: Int64)? {
        switch self {
        case .damaged(_, let line, let offset, _), .seqOutOfOrder(_, let line, let offset, _, _),
            .chainBroken(_, let line, let offset, _), .hashMismatch(_, let line, let offset, _),
            .timeWentBack(_, let line, let offset, _):
            return (line, offset)
        case .io, .conflict, .shrunk, .readOnly, .notALog, .replaced, .notRegular:
            return nil
        }
    }
}
