import PlingsKit

/// What is wrong with a page of lines the hub sent (`SyncError.badPage`): its first line that
/// does not check out against the device's mirror, as `verify` would say of it.
public enum PageProblem: Sendable, Hashable {
    /// The line cannot be read (not JSON, a missing member, bad UTF-8, …).
    case line(LineProblem)
    /// The line carries seq `found` where `expected` was due.
    case seqOutOfOrder(expected: Int64, found: Int64)
    /// The line's `prev` is not the hash of the line before it.
    case chainBroken(seq: Int64)
    /// The line does not match its own hash.
    case hashMismatch(seq: Int64)
    /// The line is dated before the line above it.
    case timeWentBack(seq: Int64)
    /// The page ends inside its first batch: no line of it can be taken.
    case noWholeBatch

    /// The page problem a check of the hub's lines found, with where (line, byte offset in the
    /// hub's log); nil for an error that is not one of a line's (a line of a newer Plings among them).
    static func of(_ error: LogError) -> (line: Int, offset: Int64, problem: PageProblem)? {
        switch error {
        case .damaged(_, _, _, .newerVersion): return nil
        case .damaged(_, let line, let offset, let problem): return (line, offset, .line(problem))
        case .seqOutOfOrder(_, let line, let offset, let expected, let found):
            return (line, offset, .seqOutOfOrder(expected: expected, found: found))
        case .chainBroken(_, let line, let offset, let seq): return (line, offset, .chainBroken(seq: seq))
        case .hashMismatch(_, let line, let offset, let seq): return (line, offset, .hashMismatch(seq: seq))
        case .timeWentBack(_, let line, let offset, let seq): return (line, offset, .timeWentBack(seq: seq))
        default: return nil
        }
    }
}
