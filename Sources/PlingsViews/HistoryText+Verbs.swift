import PlingsDomain

/// History sentences of the everyday verbs.
extension HistoryText {
    /// "Returned home (Saltsjön › Lillstugan › Köksbordet)".
    package func returned(path: String) -> String {
        sv ? "Tillbaka på hemplatsen (\(path))" : "Returned home (\(path))"
    }

    /// "Seen where Plings says it is".
    package var seen: String { sv ? "Sedd på sin plats" : "Seen where Plings says it is" }

    /// "Archived: sold" or "Archived with Köksbordet".
    package func archived(note: String?, with root: ObjectIndex?, _ state: WorldState) -> String {
        var text = sv ? "Arkiverad" : "Archived"
        if let root { text += (sv ? " med " : " with ") + name(root, state) }
        if let note { text += ": " + Printable.quote(note) }
        return text
    }

    /// "Restored in Vardagsrummet" or "Restored with Köksbordet".
    package func restored(_ relation: Relation?, _ target: ObjectIndex, _ state: WorldState) -> String {
        guard let relation else { return (sv ? "Återställd med " : "Restored with ") + name(target, state) }
        return (sv ? "Återställd " : "Restored ") + relation.label(language).lowercased() + " " + name(target, state)
    }

    /// A positional relation dropped because its reference left the world (or the object itself did).
    package func droppedByArchive(_ edge: PositionalEdge, _ axis: Axis, _ state: WorldState) -> String {
        let relation = "'\(edge.relation.label(language).lowercased()) \(name(edge.target, state))'"
        let axisWord = Texts(language).axisName(axis)
        return sv
            ? "Relationen \(relation) (\(axisWord)) föll bort vid en arkivering"
            : "Relation \(relation) (\(axisWord)) dropped by an archive"
    }

    /// " (undid #14)", appended to the sentence of a compensating event.
    package func undid(_ seq: Int64) -> String { sv ? " (ångrade #\(seq))" : " (undid #\(seq))" }
}
