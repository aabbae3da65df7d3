/// Resolves the rows of an `ImportTable` against a state: each row's id (given, or made from
/// its name by `GeneratedID`), the thing of the log it is about, and what its container cells
/// name. A container cell is, in this order: World (`world`, `Världen`, any case); the id of a
/// row of the file; the id of a thing in the log; the name of exactly one row of the file; the
/// name of exactly one thing in the log (not archived). Anything else is a problem of the row.
struct ImportResolver {
    private let table: ImportTable
    private let state: WorldState
    private(set) var entries: [ImportPlan.Entry] = []
    private(set) var generated: [ImportPlan.Generated] = []
    private(set) var problems: [ImportProblem] = []
    /// The entry of each id of the file.
    private var entryByID: [String: Int32] = [:]
    /// Every id the file gives or has made, lowercased.
    private var taken: Set<String> = []
    /// The next suffix to try for a base (`GeneratedID.candidate`).
    private var nextSuffix: [String: Int] = [:]
    /// Lazily: the log's ids by their lowercase form; the entries and the log's things by name
    /// (-2: more than one).
    private var logByLowercase: [String: ObjectIndex]?
    private var entryByName: [String: Int32]?
    private var logByName: [String: ObjectIndex]?

    init(_ table: ImportTable, _ state: WorldState) {
        self.table = table
        self.state = state
    }

    mutating func resolve() {
        let rows = table.rows
        entries.reserveCapacity(rows.count)
        for id in table.badRowIDs.keys { taken.insert(id.lowercased()) }
        for row in rows { if let id = row.id { taken.insert(id.lowercased()) } }
        for row in rows { entries.append(entry(for: row)) }
        for i in entries.indices where !entries[i].bad {
            let row = rows[i]
            entries[i].current = place(row.current, i, row.line, .container)
            entries[i].home = place(row.home, i, row.line, .homeContainer)
            if let loan = row.loan {
                // A lent thing is at World on the current axis: the one place a lent row gives is its home.
                entries[i].loan = loan
                if entries[i].home == nil { entries[i].home = entries[i].current }
                if entries[i].home != nil { entries[i].current = ImportPlan.Place(target: nil, row: -1, relation: .in) }
            }
            // One place given counts for both axes, as `plings place` places on both by default.
            if entries[i].current == nil { entries[i].current = entries[i].home }
            if entries[i].home == nil { entries[i].home = entries[i].current }
        }
        markReferrersOfBadRows()
    }

    /// The entry of `row`: its id and the thing of the log it is about.
    private mutating func entry(for row: ImportRow) -> ImportPlan.Entry {
        let index = Int32(entries.count)
        var id: String
        if let given = row.id {
            id = given
        } else {
            id = makeID(from: row.name ?? "")
            generated.append(ImportPlan.Generated(line: row.line, id: id, name: row.name ?? ""))
        }
        var entry = ImportPlan.Entry(line: row.line, id: ObjectID(unchecked: id), name: row.name)
        if let first = entryByID[id] {
            problems.append(problem(row.line, .id, .idTwice(id, firstLine: entries[Int(first)].line)))
            entry.bad = true
            return entry
        }
        entryByID[id] = index
        if let x = state.registry.index(of: entry.id) {
            entry.existing = x
            if state.status.isArchived(x) {
                problems.append(problem(row.line, .id, .archived(id)))
                entry.bad = true
            }
            // A name that is already the thing's needs no rename.
            if entry.name == state.registry.name(x) { entry.name = nil }
        } else if row.name == nil {
            problems.append(problem(row.line, .name, .nameMissing(id: id)))
            entry.bad = true
        }
        return entry
    }

    /// The id for a row without one (see `GeneratedID`).
    private mutating func makeID(from name: String) -> String {
        let base = GeneratedID.base(for: name)
        var n = nextSuffix[base] ?? 1
        while true {
            let candidate = GeneratedID.candidate(base, n)
            n += 1
            if taken.contains(candidate) || ObjectID.problem(with: candidate) != nil { continue }
            if let known = logID(lowercased: candidate) {
                let same = state.registry.id(known).rawValue == candidate && state.registry.name(known) == name
                if !same || state.status.isArchived(known) { continue }
            }
            nextSuffix[base] = n
            taken.insert(candidate)
            return candidate
        }
    }

    /// The thing of the log whose id is `lowercased` in lower case, if any.
    private mutating func logID(lowercased: String) -> ObjectIndex? {
        if state.registry.count == 0 { return nil }
        if let x = state.registry.index(of: ObjectID(unchecked: lowercased)) { return x }
        if logByLowercase == nil {
            var map: [String: ObjectIndex] = [:]
            for x in state.registry.indices { map[state.registry.id(x).rawValue.lowercased()] = x }
            logByLowercase = map
        }
        return logByLowercase?[lowercased]
    }

    // MARK: - Containers

    /// What a container cell of entry `i` names, or nil with the entry marked bad.
    private mutating func place(
        _ cell: ImportPlace?, _ i: Int, _ line: Int, _ column: ImportColumn
    ) -> ImportPlan.Place? {
        guard let cell else { return nil }
        guard let text = cell.reference else { return ImportPlan.Place(target: nil, row: -1, relation: cell.relation) }
        switch reference(text) {
        case .thing(let id, let row):
            if row >= 0, entries[Int(row)].bad {
                let kind = ImportProblem.Kind.referenceHasError(text, line: entries[Int(row)].line)
                problems.append(problem(line, column, kind))
                entries[i].bad = true
                return nil
            }
            return ImportPlan.Place(target: id, row: row, relation: cell.relation)
        case .problem(let kind):
            problems.append(problem(line, column, kind))
            entries[i].bad = true
            return nil
        }
    }

    /// The thing `text` names, by the order in the type's summary.
    private enum Found {
        case thing(id: ObjectID, row: Int32)
        case problem(ImportProblem.Kind)
    }

    private mutating func reference(_ text: String) -> Found {
        if let row = entryByID[text] { return .thing(id: entries[Int(row)].id, row: row) }
        if let bad = table.badRowIDs[text] { return .problem(.referenceHasError(text, line: bad)) }
        let id = ObjectID(unchecked: text)
        if state.registry.index(of: id) != nil { return .thing(id: id, row: -1) }
        switch entryNamed(text) {
        case .some(-2): return .problem(.ambiguousName(text, count: countNamed(text)))
        case .some(let row): return .thing(id: entries[Int(row)].id, row: row)
        case nil: break
        }
        switch logNamed(text) {
        case .some(-2): return .problem(.ambiguousName(text, count: countNamed(text)))
        case .some(let x): return .thing(id: state.registry.id(x), row: -1)
        case nil: break
        }
        let lower = text.lowercased()
        let near =
            entries.first { $0.id.rawValue.lowercased() == lower }?.id
            ?? logID(lowercased: lower).map {
                state.registry.id($0)
            }
        return .problem(.unknownReference(text, suggestion: near?.rawValue))
    }

    private mutating func entryNamed(_ name: String) -> Int32? {
        if entryByName == nil {
            var map: [String: Int32] = [:]
            for (i, row) in table.rows.enumerated() {
                guard let name = row.name ?? entries[i].existing.map({ state.registry.name($0) }) else { continue }
                map[name] = map[name] == nil ? Int32(i) : -2
            }
            entryByName = map
        }
        return entryByName?[name]
    }

    private mutating func logNamed(_ name: String) -> ObjectIndex? {
        if logByName == nil {
            var map: [String: ObjectIndex] = [:]
            for x in state.registry.indices where !state.status.isArchived(x) {
                let name = state.registry.name(x)
                map[name] = map[name] == nil ? x : -2
            }
            logByName = map
        }
        return logByName?[name]
    }

    /// How many rows of the file, or else things of the log, have `name`.
    private func countNamed(_ name: String) -> Int {
        let rows = table.rows.count { $0.name == name }
        if rows > 0 { return rows }
        return state.registry.indices.count { !state.status.isArchived($0) && state.registry.name($0) == name }
    }

    // MARK: - Rows that name a bad row

    /// Marks bad every entry whose container is a bad entry's thing, and theirs in turn.
    private mutating func markReferrersOfBadRows() {
        var work = entries.indices.filter { entries[$0].bad }.map(Int32.init)
        if work.isEmpty { return }
        // Who refers to each entry, as one array sliced by entry (at most two per referrer).
        var start = [Int](repeating: 0, count: entries.count + 1)
        for entry in entries where !entry.bad {
            for row in [entry.current?.row, entry.home?.row] { if let row, row >= 0 { start[Int(row) + 1] += 1 } }
        }
        for i in entries.indices { start[i + 1] += start[i] }
        var fill = start
        var referrers = [Int32](repeating: 0, count: start[entries.count])
        for (i, entry) in entries.enumerated() where !entry.bad {
            for row in [entry.current?.row, entry.home?.row] {
                guard let row, row >= 0 else { continue }
                referrers[fill[Int(row)]] = Int32(i)
                fill[Int(row)] += 1
            }
        }
        while let bad = work.popLast() {
            for i in referrers[start[Int(bad)]..<start[Int(bad) + 1]] where !entries[Int(i)].bad {
                let entry = entries[Int(i)]
                let column: ImportColumn = entry.current?.row == bad ? .container : .homeContainer
                let text = entries[Int(bad)].id.rawValue
                problems.append(problem(entry.line, column, .referenceHasError(text, line: entries[Int(bad)].line)))
                entries[Int(i)].bad = true
                work.append(i)
            }
        }
    }

    private func problem(_ line: Int, _ column: ImportColumn, _ kind: ImportProblem.Kind) -> ImportProblem {
        let at = table.position(of: column).map { table.column(at: $0) }
        return ImportProblem(line: line, column: at, kind)
    }
}
