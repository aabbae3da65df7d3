import PlingsDomain

/// History sentences of the everyday verbs.
extension HistoryText {
    /// "Returned home (Saltsjön › Lillstugan › Köksbordet)".
    package func returned(path: String) -> String { catalog(.historyReturned, ["path": path]) }

    /// "Seen where Plings says it is".
    package var seen: String { catalog(.historySeen) }

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

    /// " (undid #14)", appended to the sentence of a compensating event.
    package func undid(_ seq: Int64) -> String { catalog(.historyUndid, ["seq": String(seq)]) }
}
