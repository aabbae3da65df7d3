/// What importing a spreadsheet asks of a log: its rows resolved against the file and the
/// log's state (ids made from names, containers found by id or name), and the commands that
/// make the world the rows describe, in an order the decider can take them in:
///
/// - first a `create` for each row about a thing the log does not know, in the file's order
///   (so a thing's place in the registry follows the file: an export imported into an empty
///   log gives the same registry);
/// - then a `rename` for each row about a known thing whose name cell differs from its name;
/// - then the placements: one `place` on both axes where the row's two places agree (or it
///   gives only one, which then counts for both axes, as `plings place` does), else one per
///   axis; each after the placement of what it refers to on that axis (containers before
///   their contents, a reference before what stands beside it), since a thing placed beside
///   another takes that one's container as it is then, and loses the relation when that one
///   moves later. Where no order does this (rows that refer to each other in a circle), the
///   rows are refused with `circle`;
/// - a `lend` for each row with a borrower, right after its thing's placement on the current
///   axis (at World: a lent row's one place is its home), or before the placements when the
///   row places it nowhere.
///
/// Nothing here decides: `Importer` performs the commands with the one function every write
/// uses, and the decider has the last word on each.
package struct ImportPlan: Sendable {
    /// What a container cell names.
    package struct Place: Hashable, Sendable {
        /// The thing, nil for World.
        package var target: ObjectID?
        /// The entry of the file whose thing it is, or -1 (World, or a thing only the log has).
        package var row: Int32
        package var relation: Relation
    }

    /// One row of the file, resolved.
    package struct Entry: Sendable {
        package var line: Int
        package var id: ObjectID
        package var name: String?
        /// The thing in the log the row is about, if the log has it.
        package var existing: ObjectIndex?
        package var current: Place?
        package var home: Place?
        /// The loan the row gives, if any.
        package var loan: ImportLoan? = nil
        /// The row cannot be imported (its problems are in `problems`).
        package var bad = false
    }

    /// An id made from a name.
    package struct Generated: Hashable, Sendable {
        package var line: Int
        package var id: String
        package var name: String
    }

    /// A command of the import, by the entry it is about.
    package struct Step: Hashable, Sendable {
        package enum Action: Hashable, Sendable {
            case create
            case rename
            case place(AxisSet)
            case lend
        }
        package var entry: Int32
        package var action: Action
    }

    /// Every row read, resolved, in the file's order (bad ones included, flagged).
    package var entries: [Entry] = []
    /// The ids made from names, in the file's order.
    package var generated: [Generated] = []
    /// Every problem of the file and its rows, by line.
    package var problems: [ImportProblem] = []
    /// The commands, in the order they are to be performed.
    package var steps: [Step] = []
    /// How many rows the file has (the header and blank lines aside).
    package var rowsRead = 0
    /// The file's columns, to name the cell a refusal is about.
    let table: (columns: [ImportColumn?], headers: [String])

    /// Resolves `table`'s rows against `state` and orders the commands.
    /// - Complexity: O(rows) with hashing, plus O(objects) once when a cell names a thing by
    ///   its name or an id is made from a name.
    package init(_ table: ImportTable, state: WorldState) {
        self.table = (table.columns, table.headers)
        problems = table.problems
        rowsRead = table.rowsRead
        if problems.contains(where: \.isFatal) { return }
        var resolver = ImportResolver(table, state)
        resolver.resolve()
        entries = resolver.entries
        generated = resolver.generated
        problems += resolver.problems
        var order = ImportOrder(entries)
        order.run()
        for (entry, others, axis) in order.circles {
            let lines = others.map { entries[Int($0)].line }
            let column = self.column(for: Step(entry: entry, action: .place(AxisSet(axis))))
            problems.append(
                ImportProblem(line: entries[Int(entry)].line, column: column, .circle(lines: lines, axis: axis)))
            entries[Int(entry)].bad = true
        }
        steps = makeSteps(order.nodes)
        problems.sort { ($0.line, $0.column?.number ?? 0) < ($1.line, $1.column?.number ?? 0) }
    }

    /// Creates, renames, then the placements in `nodes`' order, for the entries that are not bad.
    private func makeSteps(_ nodes: [(entry: Int32, axes: AxisSet)]) -> [Step] {
        var steps: [Step] = []
        steps.reserveCapacity(entries.count + nodes.count)
        for (i, entry) in entries.enumerated() where !entry.bad && entry.existing == nil {
            steps.append(Step(entry: Int32(i), action: .create))
        }
        for (i, entry) in entries.enumerated() where !entry.bad && entry.existing != nil && entry.name != nil {
            steps.append(Step(entry: Int32(i), action: .rename))
        }
        // A loan right after its thing's placement on the current axis (which would end it), and
        // before what refers to the thing there (lending moves it, as any move, without them).
        for (i, entry) in entries.enumerated() where !entry.bad && entry.loan != nil && entry.current == nil {
            steps.append(Step(entry: Int32(i), action: .lend))
        }
        for node in nodes where !entries[Int(node.entry)].bad {
            steps.append(Step(entry: node.entry, action: .place(node.axes)))
            if node.axes.contains(.current), entries[Int(node.entry)].loan != nil {
                steps.append(Step(entry: node.entry, action: .lend))
            }
        }
        return steps
    }

    /// The command of `step`.
    package func command(_ step: Step) -> Command {
        let entry = entries[Int(step.entry)]
        switch step.action {
        case .create:
            return .create(entry.id, name: entry.name ?? entry.id.rawValue)
        case .rename:
            return .rename(entry.id, name: entry.name ?? entry.id.rawValue)
        case .place(let axes):
            let place = (axes.contains(.current) ? entry.current : entry.home) ?? entry.home ?? entry.current
            let relation = place?.relation ?? .in
            return .place(Placement(object: entry.id, relation: relation, target: place?.target, axes: axes))
        case .lend:
            let loan = entry.loan ?? ImportLoan(borrower: "", due: nil, note: nil)
            return .lend(entry.id, to: loan.borrower, due: loan.due, note: loan.note)
        }
    }

    /// The line of the row `step` comes from.
    package func line(of step: Step) -> Int { entries[Int(step.entry)].line }

    /// The cell a refusal of `step` is about: the id (or the name, for an id made from it) for a
    /// create, the name for a rename, the container (home container for the home axis alone).
    package func column(for step: Step) -> ImportProblem.Column? {
        let wanted: [ImportColumn]
        switch step.action {
        case .create: wanted = [.id, .name]
        case .rename: wanted = [.name]
        case .lend: wanted = [.lentTo]
        case .place(let axes):
            wanted = axes == .normal ? [.homeContainer, .container] : [.container, .homeContainer]
        }
        for column in wanted {
            if let i = table.columns.firstIndex(of: column) {
                return ImportProblem.Column(number: i + 1, header: table.headers[i])
            }
        }
        return nil
    }

    /// The rows that can be imported.
    package var goodRows: Int { entries.reduce(0) { $0 + ($1.bad ? 0 : 1) } }
}
