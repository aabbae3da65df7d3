/// Why bytes are not CSV that `CSVReader` reads: each names the line (1-based) where it was
/// found and, where there is one, the cell (1-based).
package enum CSVProblem: Error, Hashable, Sendable {
    /// The input starts with a UTF-16 byte-order mark.
    case utf16
    /// A cell's bytes are not UTF-8.
    case invalidUTF8(line: Int, cell: Int)
    /// A quote inside a cell that does not start with one.
    case quoteInPlainCell(line: Int, cell: Int)
    /// Something other than the separator or a line end after a quoted cell's closing quote.
    case textAfterQuote(line: Int, cell: Int)
    /// A quoted cell that opens on `line` and is never closed.
    case unclosedQuote(line: Int, cell: Int)
    /// A carriage return that is not followed by a line feed, outside quotes.
    case loneCarriageReturn(line: Int)
    /// A record longer than `limit` bytes.
    case recordTooLong(line: Int, limit: Int)
    /// The input could not be read (`errno`).
    case readFailed(Int32)

    /// The line the problem is on (1 for a UTF-16 file, 0 for a failed read).
    package var line: Int {
        switch self {
        case .utf16: return 1
        case .invalidUTF8(let line, _), .quoteInPlainCell(let line, _), .textAfterQuote(let line, _),
            .unclosedQuote(let line, _), .loneCarriageReturn(let line), .recordTooLong(let line, _):
            return line
        case .readFailed: return 0
        }
    }

    /// The cell the problem is in (1-based), when it is in one.
    package var cell: Int? {
        switch self {
        case .invalidUTF8(_, let cell), .quoteInPlainCell(_, let cell), .textAfterQuote(_, let cell),
            .unclosedQuote(_, let cell):
            return cell
        default: return nil
        }
    }
}
