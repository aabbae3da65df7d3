import PlingsText

/// The world as rows of a spreadsheet, one per thing that is not archived, in the order the
/// things were made: what `plings export` writes and `plings import` reads back. A place is
/// a thing's positional relation when it has one (its container follows from the
/// reference's), else its parent edge; nil at World.
package struct WorldRows: Sequence, Sendable {
    /// One thing's row.
    package struct Row: Sendable, Hashable {
        package var id: ObjectID
        package var name: String
        /// Where it is: the reference and the relation, nil at World.
        package var current: (target: ObjectID, relation: Relation)?
        /// Where it belongs, likewise.
        package var home: (target: ObjectID, relation: Relation)?
        /// Its loan, when it is lent out (the borrower as `WorldRows.borrower` writes it).
        package var loan: ImportLoan? = nil
        /// When the loan began (written, not read back: an imported loan begins at the import).
        package var lentSince: Timestamp? = nil

        package static func == (a: Row, b: Row) -> Bool {
            a.id == b.id && a.name == b.name && a.current?.target == b.current?.target
                && a.current?.relation == b.current?.relation && a.home?.target == b.home?.target
                && a.home?.relation == b.home?.relation && a.loan == b.loan
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(name)
        }
    }

    package let state: WorldState

    package init(_ state: WorldState) { self.state = state }

    /// The header of the spreadsheet, in `text`'s language.
    package static func header(_ text: Catalog) -> [String] { ImportColumn.allCases.map { $0.header(text) } }

    /// A row's cells, in the order of `ImportColumn`: a container is an id; a relation the token
    /// of `text`'s language; both empty when both places are World (an import leaves a new
    /// thing there), World's name when only this one is; the loan's borrower, since when (RFC
    /// 3339), due day and note, empty when the thing is not lent.
    package static func cells(_ row: Row, _ text: Catalog) -> [String] {
        func place(_ place: (target: ObjectID, relation: Relation)?, other: Bool) -> [String] {
            guard let place else { return other ? [text(.viewWorld), ""] : ["", ""] }
            return [place.target.rawValue, text.token(place.relation)]
        }
        let loan = [
            row.loan?.borrower ?? "", row.lentSince?.rfc3339 ?? "", row.loan?.due?.description ?? "",
            row.loan?.note ?? "",
        ]
        return [row.id.rawValue, row.name] + place(row.current, other: row.home != nil)
            + place(row.home, other: row.current != nil) + loan
    }

    /// The loan of `x` as a row writes it, nil when `x` is not lent. The borrower is what
    /// `plings lend --to` takes back: a thing's id, or the name; a thing archived since is
    /// written by its name (an export has no row for it, so an import would not know the id).
    package static func loan(_ x: ObjectIndex, _ state: WorldState) -> ImportLoan? {
        guard let record = state.status.loan(x) else { return nil }
        let borrower: String
        switch record.holder {
        case .thing(let y):
            borrower = state.status.isArchived(y) ? state.registry.name(y) : state.registry.id(y).rawValue
        case .name(let name):
            borrower = name
        }
        return ImportLoan(borrower: borrower, due: record.due, note: record.note)
    }

    /// The whole spreadsheet as CSV, handed to `sink` in pieces of about 64 KiB.
    package func csv(_ text: Catalog, to sink: (String) -> Void) {
        var out = ""
        CSVWriter.record(Self.header(text), to: &out)
        for row in self {
            CSVWriter.record(Self.cells(row, text), to: &out)
            if out.utf8.count >= 1 << 16 {
                sink(out)
                out = ""
            }
        }
        sink(out)
    }

    package func makeIterator() -> AnyIterator<Row> {
        var x: ObjectIndex = 0
        let state = self.state
        return AnyIterator {
            while Int(x) < state.registry.count {
                defer { x += 1 }
                if state.status.isArchived(x) { continue }
                return Row(
                    id: state.registry.id(x), name: state.registry.name(x), current: Self.place(x, .current, state),
                    home: Self.place(x, .normal, state), loan: Self.loan(x, state), lentSince: state.status.loan(x)?.at)
            }
            return nil
        }
    }

    /// Where `x` is on `axis`, as a row writes it.
    static func place(_ x: ObjectIndex, _ axis: Axis, _ state: WorldState) -> (target: ObjectID, relation: Relation)? {
        let projection = state.projection(axis)
        if let edge = projection.positional.outbound(x) { return (state.registry.id(edge.target), edge.relation) }
        let edge = projection.parents.edge(x)
        if edge.parent == .world { return nil }
        return (state.registry.id(edge.parent), edge.relation)
    }
}
