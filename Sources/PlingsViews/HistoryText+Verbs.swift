import PlingsDomain

/// History sentences of the everyday verbs.
extension HistoryText {
    /// "Returned home (Saltsjön › Lillstugan › Köksbordet)".
    package func returned(path: String) -> String { catalog(.historyReturned, ["path": path]) }

    /// "Seen where Plings says it is".
    package var seen: String { catalog(.historySeen) }

    /// "Lent to Anna, due 2027-06-01 — 'for the exhibition'".
    package func lent(_ loan: Loan, _ world: some HistoryReading) -> String {
        let due = loan.due.map { catalog(.loanDue, ["due": $0.description]) } ?? ""
        var text = catalog(.historyLent, ["borrower": Self.borrower(loan.borrower, world), "due": due])
        if let note = loan.note { text += " — " + Printable.quote(note) }
        return text
    }

    /// A borrower as a sentence names it: a thing by its name and id, a name quoted.
    package static func borrower(_ borrower: Borrower, _ world: some HistoryReading) -> String {
        switch borrower {
        case .thing(let id):
            guard let y = world.index(of: id) else { return id.rawValue }
            return "\(Printable.quote(world.name(y))) (\(id))"
        case .name(let name): return Printable.quote(name)
        }
    }

    /// "Archived: sold" or "Archived with Köksbordet".
    package func archived(note: String?, with root: ObjectIndex?, _ world: some CardReading) -> String {
        var text =
            root.map { catalog(.historyArchivedWith, ["container": name($0, world)]) } ?? catalog(.historyArchived)
        if let note { text += ": " + Printable.quote(note) }
        return text
    }

    /// "Restored in Vardagsrummet" or "Restored with Köksbordet".
    package func restored(_ relation: Relation?, _ target: ObjectIndex, _ world: some CardReading) -> String {
        guard let relation else { return catalog(.historyRestoredWith, ["container": name(target, world)]) }
        return catalog(.historyRestored, ["relation": t.word(relation), "target": name(target, world)])
    }

    /// A positional relation dropped because its reference left the world (or the object itself did).
    package func droppedByArchive(_ edge: PositionalEdge, _ axis: Axis, _ world: some CardReading) -> String {
        catalog(
            .historyDroppedByArchive,
            ["relation": t.word(edge.relation), "target": name(edge.target, world), "axis": t.axisName(axis)])
    }

    /// " (the clock said 2026-12-02T…)", appended to the sentence of an event whose time the log
    /// clamped because the writer's clock was behind it.
    package func clockSaid(_ clock: Timestamp) -> String {
        catalog(.historyClockSaid, ["clock": clock.rfc3339])
    }

    /// " (undid #14)", appended to the sentence of a compensating event.
    package func undid(_ seq: Int64) -> String { catalog(.historyUndid, ["seq": String(seq)]) }
}
