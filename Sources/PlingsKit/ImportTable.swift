import PlingsText

/// One row of a spreadsheet to import, its cells checked one by one (the id and name rules,
/// the relation parser); what they refer to is found later (`ImportPlan`).
package struct ImportRow: Sendable, Hashable {
    /// The line of the file the row starts on.
    package var line: Int
    /// The id cell, when not empty.
    package var id: String?
    /// The name cell, when not empty.
    package var name: String?
    /// Where the thing is: the container and relation cells, when the container is not empty.
    package var current: ImportPlace?
    /// Where it belongs: the home container and home relation cells, likewise.
    package var home: ImportPlace?
    /// The loan, when the lent-to cell is not empty.
    package var loan: ImportLoan? = nil
}

/// A loan as a row gives it: the lent-to, due and loan note cells, as `plings lend` takes them.
package struct ImportLoan: Sendable, Hashable {
    /// Who has it: the id of a thing, or a name (the decider chooses, as for `lend --to`).
    package var borrower: String
    /// The day it is due back.
    package var due: CalendarDay?
    /// The note.
    package var note: String?
}

/// A container cell and its relation.
package struct ImportPlace: Sendable, Hashable {
    /// The container as written (an id or a name), or nil for World.
    package var reference: String?
    /// The relation (`in` when its cell is empty).
    package var relation: Relation
}

/// The rows of a spreadsheet: its header mapped to columns, each row's cells checked, and
/// what is wrong, by line and column.
package struct ImportTable: Sendable {
    /// The column of each cell position, nil under an empty header.
    package var columns: [ImportColumn?] = []
    /// The headers as the file writes them.
    package var headers: [String] = []
    /// The rows whose cells passed their checks.
    package var rows: [ImportRow] = []
    /// How many rows were read (the header and blank lines aside).
    package var rowsRead = 0
    /// What was wrong, in the order found.
    package var problems: [ImportProblem] = []
    /// The id cells of rows with a problem, by id, with their lines: a container naming one is
    /// said to be a row with an error rather than unknown.
    package var badRowIDs: [String: Int] = [:]

    /// The column as the file names it, for a problem in cell `index` (0-based).
    package func column(at index: Int) -> ImportProblem.Column {
        ImportProblem.Column(number: index + 1, header: index < headers.count ? headers[index] : "")
    }

    /// The position of `column` in the file, if it has it.
    package func position(of column: ImportColumn) -> Int? { columns.firstIndex(of: column) }

    /// Reads the header and every row, checking each cell. A problem that makes the rest
    /// unreadable (the header, bytes that are not CSV) ends the reading.
    /// - Parameter text: the catalog whose headers a suggestion for an unknown column comes from.
    package static func read(_ reader: inout CSVReader, _ text: Catalog) -> ImportTable {
        var table = ImportTable()
        do throws(CSVProblem) {
            guard try reader.next() else {
                table.problems.append(ImportProblem(line: 1, .emptyFile))
                return table
            }
            table.readHeader(reader, text)
            if table.problems.contains(where: \.isFatal) { return table }
            while try reader.next() { table.readRow(reader) }
        } catch {
            let column = error.cell.map { table.column(at: $0 - 1) }
            table.problems.append(ImportProblem(line: error.line, column: column, .csv(error)))
        }
        return table
    }

    private mutating func readHeader(_ reader: CSVReader, _ text: Catalog) {
        let line = reader.line
        for i in 0..<reader.count {
            guard let header = try? reader.string(i) else {
                problems.append(
                    ImportProblem(line: line, .csv(.invalidUTF8(line: line, cell: i + 1))))
                return
            }
            headers.append(header)
            if header.isEmpty {
                columns.append(nil)
                continue
            }
            guard let column = ImportColumn(header: header) else {
                let names = ImportColumn.allCases.map { $0.header(text) }
                let near = EditDistance.suggestion(for: header.lowercased(), among: names)
                problems.append(
                    ImportProblem(line: line, column: self.column(at: i), .unknownColumn(header, suggestion: near)))
                columns.append(nil)
                continue
            }
            if columns.contains(column) {
                problems.append(ImportProblem(line: line, column: self.column(at: i), .columnTwice(header)))
            }
            columns.append(column)
        }
        if !columns.contains(.id) && !columns.contains(.name) {
            problems.append(ImportProblem(line: line, .noIDOrNameColumn))
        }
    }

    private mutating func readRow(_ reader: CSVReader) {
        rowsRead += 1
        let line = reader.line
        var cells = [String?](repeating: nil, count: ImportColumn.allCases.count)
        let before = problems.count
        for i in 0..<reader.count {
            guard i < columns.count, let column = columns[i] else {
                if !reader.bytes(i).isEmpty {
                    problems.append(ImportProblem(line: line, column: self.column(at: i), .cellWithoutColumn))
                }
                continue
            }
            do throws(CSVProblem) {
                let value = try reader.string(i)
                cells[column.rawValue] = value.isEmpty ? nil : value
            } catch {
                problems.append(ImportProblem(line: line, column: self.column(at: i), .csv(error)))
            }
        }
        if problems.count == before, let row = check(cells, line: line) {
            rows.append(row)
        } else if let id = cells[ImportColumn.id.rawValue], badRowIDs[id] == nil {
            badRowIDs[id] = line
        }
    }

    /// The row from its cells, or nil with its problems recorded.
    private mutating func check(_ cells: [String?], line: Int) -> ImportRow? {
        let before = problems.count
        func cell(_ c: ImportColumn) -> String? { cells[c.rawValue] }
        func at(_ c: ImportColumn) -> ImportProblem.Column? { position(of: c).map { column(at: $0) } }
        if let id = cell(.id), let problem = ObjectID.problem(with: id) {
            problems.append(ImportProblem(line: line, column: at(.id), .invalidID(id, problem)))
        }
        if let name = cell(.name), let problem = ObjectName.problem(with: name) {
            problems.append(ImportProblem(line: line, column: at(.name), .invalidName(name, problem)))
        }
        if cell(.id) == nil && cell(.name) == nil {
            problems.append(ImportProblem(line: line, column: at(.name) ?? at(.id), .noIDOrName))
        }
        let current = place(cell(.container), cell(.relation), line, (at(.container), at(.relation)))
        let home = place(cell(.homeContainer), cell(.homeRelation), line, (at(.homeContainer), at(.homeRelation)))
        var loan: ImportLoan?
        var due: CalendarDay?
        if let text = cell(.due) {
            due = CalendarDay(parsing: text)
            if due == nil { problems.append(ImportProblem(line: line, column: at(.due), .badDue(text))) }
        }
        // When the loan began: checked, not recorded (the log's loan begins at the import).
        if let text = cell(.lentSince), Timestamp(parsing: text) == nil {
            problems.append(ImportProblem(line: line, column: at(.lentSince), .badSince(text)))
        }
        if let borrower = cell(.lentTo) {
            loan = ImportLoan(borrower: borrower, due: due, note: cell(.loanNote))
            // A lent thing is at World on the current axis: a row giving both places says World for it.
            if current?.reference != nil, home != nil {
                problems.append(ImportProblem(line: line, column: at(.container), .lentButPlaced))
            }
        } else if cell(.due) != nil || cell(.loanNote) != nil || cell(.lentSince) != nil {
            let column = cell(.lentSince) != nil ? at(.lentSince) : cell(.due) != nil ? at(.due) : at(.loanNote)
            problems.append(ImportProblem(line: line, column: column, .loanWithoutBorrower))
        }
        guard problems.count == before else { return nil }
        return ImportRow(line: line, id: cell(.id), name: cell(.name), current: current, home: home, loan: loan)
    }

    /// A container and relation pair; nil when both are empty (or with a problem recorded).
    private mutating func place(
        _ container: String?, _ relationText: String?, _ line: Int,
        _ columns: (container: ImportProblem.Column?, relation: ImportProblem.Column?)
    ) -> ImportPlace? {
        var relation = Relation.in
        if let relationText {
            guard let parsed = Relation(token: relationText) else {
                problems.append(ImportProblem(line: line, column: columns.relation, .unknownRelation(relationText)))
                return nil
            }
            relation = parsed
        }
        guard let container else {
            if relationText != nil {
                problems.append(ImportProblem(line: line, column: columns.relation, .relationWithoutContainer))
            }
            return nil
        }
        return ImportPlace(reference: ObjectID.isWorldToken(container) ? nil : container, relation: relation)
    }
}
