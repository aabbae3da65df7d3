/// Why a row of a spreadsheet cannot be imported, or why the file cannot be read at all: a
/// value, worded by the catalog in either language (`Catalog.message(_:source:)`), naming
/// the line of the file and, where it is about one, the column.
package struct ImportProblem: Error, Hashable, Sendable {
    /// The line of the file the row starts on (1-based; the header is line 1).
    package var line: Int
    /// The column, when the problem is in one cell.
    package var column: Column?
    /// What is wrong.
    package var kind: Kind

    /// A column as the file names it: its number (1-based) and its header.
    package struct Column: Hashable, Sendable {
        package var number: Int
        package var header: String
    }

    /// What is wrong.
    package enum Kind: Hashable, Sendable {
        /// The bytes are not CSV (fatal: reading stops there).
        case csv(CSVProblem)
        /// The file has no header line.
        case emptyFile
        /// A header names no column Plings knows (`suggestion`: the closest one, if any).
        case unknownColumn(String, suggestion: String?)
        /// Two headers name one column.
        case columnTwice(String)
        /// The header names neither an id nor a name column.
        case noIDOrNameColumn
        /// A cell that is not empty under no header (an empty one, or past the last).
        case cellWithoutColumn
        /// An id cell breaks the id rules.
        case invalidID(String, IDProblem)
        /// A name cell breaks the name rules.
        case invalidName(String, TextProblem)
        /// A row with neither an id nor a name.
        case noIDOrName
        /// A row for a new thing (its id unknown to the log) without a name.
        case nameMissing(id: String)
        /// The id is on an earlier row too.
        case idTwice(String, firstLine: Int)
        /// A relation cell the relation parser does not know.
        case unknownRelation(String)
        /// A relation without a container to be relative to.
        case relationWithoutContainer
        /// A container that names no thing of the file or the log (`suggestion`: an id in another case).
        case unknownReference(String, suggestion: String?)
        /// A container given by a name that several things have.
        case ambiguousName(String, count: Int)
        /// The row is about an archived thing.
        case archived(String)
        /// The row's placement on `axis` and those of `lines` need each other first: no order makes them.
        case circle(lines: [Int], axis: Axis)
        /// The container is the thing of a row (on `line`) that has an error.
        case referenceHasError(String, line: Int)
        /// A due cell that is not a day (`YYYY-MM-DD`).
        case badDue(String)
        /// A lent-since cell that is neither an RFC 3339 time nor a day.
        case badSince(String)
        /// A due day, loan note or lent-since without a borrower.
        case loanWithoutBorrower
        /// A row lent out whose container is a thing while it also gives a home: a lent thing is at World.
        case lentButPlaced
        /// The decider refused the row's command.
        case refused(DomainError)
    }

    package init(line: Int, column: Column? = nil, _ kind: Kind) {
        self.line = line
        self.column = column
        self.kind = kind
    }

    /// A stable, language-independent name for what is wrong (`unknown-reference`; a refusal
    /// has the domain error's code, such as `cycle`), for scripts.
    package var code: String {
        switch kind {
        case .csv(let problem):
            switch problem {
            case .utf16: return "utf-16"
            case .invalidUTF8: return "invalid-utf-8"
            case .quoteInPlainCell: return "quote-in-cell"
            case .textAfterQuote: return "text-after-quote"
            case .unclosedQuote: return "unclosed-quote"
            case .loneCarriageReturn: return "lone-carriage-return"
            case .recordTooLong: return "row-too-long"
            case .readFailed: return "read-failed"
            }
        case .emptyFile: return "empty-file"
        case .unknownColumn: return "unknown-column"
        case .columnTwice: return "column-twice"
        case .noIDOrNameColumn: return "no-id-or-name-column"
        case .cellWithoutColumn: return "cell-without-column"
        case .invalidID: return "invalid-id"
        case .invalidName: return "invalid-name"
        case .noIDOrName: return "no-id-or-name"
        case .nameMissing: return "name-missing"
        case .idTwice: return "id-twice"
        case .unknownRelation: return "unknown-relation"
        case .relationWithoutContainer: return "relation-without-container"
        case .unknownReference: return "unknown-reference"
        case .ambiguousName: return "ambiguous-name"
        case .archived: return "archived"
        case .circle: return "circle"
        case .referenceHasError: return "reference-has-error"
        case .badDue: return "bad-due"
        case .badSince: return "bad-since"
        case .loanWithoutBorrower: return "loan-without-borrower"
        case .lentButPlaced: return "lent-but-placed"
        case .refused(let error): return error.code
        }
    }

    /// Whether the problem stops the reading of the file (the rows after it are not read).
    package var isFatal: Bool {
        switch kind {
        case .csv(let problem):
            if case .invalidUTF8 = problem { return false }
            return true
        case .emptyFile, .unknownColumn, .columnTwice, .noIDOrNameColumn: return true
        default: return false
        }
    }
}
