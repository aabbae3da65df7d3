import PlingsDomain

/// One line of an object's history.
public struct HistoryEntry: Sendable, Hashable, Codable {
    /// What kind of entry: `event` (an event about the object), `reference`
    /// (another object was placed relative to it), `cascade` (one of its
    /// positional relations was dropped because its reference moved), `path`
    /// (a container above it moved or was renamed), `skipped` (an event about
    /// it was invalid and ignored on replay).
    public var kind: String
    public var seq: Int64
    public var at: String
    public var actor: String?
    public var text: String
    /// For derived entries: the object whose event caused it.
    public var cause: String?

    public init(kind: String, seq: Int64, at: Timestamp, actor: String?, text: String, cause: String? = nil) {
        self.kind = kind
        self.seq = seq
        self.at = at.rfc3339
        self.actor = actor
        self.text = text
        self.cause = cause
    }

    /// `#57  2026-06-28T15:36:37.000Z  paul  Flyttad under Bord …`
    public func render() -> String {
        let who = actor.map { "  " + Printable.quote($0) } ?? ""
        return "#\(seq)  \(at)\(who)  \(text)"
    }
}

/// Sentences for history entries, built from projection state and effects.
public struct HistoryText: Sendable {
    public let language: Language
    public init(_ language: Language) { self.language = language }
    var sv: Bool { language == .sv }

    public func name(_ x: ObjectIndex, _ state: WorldState) -> String {
        x == .world ? Texts(language).world : Printable.quote(state.registry.name(x))
    }

    public func axes(_ axes: [Axis]) -> String {
        switch (axes.count == 2, axes.first == .current, sv) {
        case (true, _, true): return "både nuvarande och hem"
        case (true, _, false): return "both current and home"
        case (false, true, true): return "bara nuvarande"
        case (false, true, false): return "current only"
        case (false, false, true): return "ny hemplats"
        case (false, false, false): return "new home"
        }
    }

    public func created(_ name: String) -> String {
        sv ? "Skapad som '\(Printable.quote(name))'" : "Created as '\(Printable.quote(name))'"
    }

    public func renamed(_ from: String, _ to: String) -> String {
        sv
            ? "Nytt namn: '\(Printable.quote(from))' → '\(Printable.quote(to))'"
            : "Renamed '\(Printable.quote(from))' → '\(Printable.quote(to))'"
    }

    /// "Flyttad under Bord (i Vardagsrummet), både nuvarande och hem".
    public func moved(
        _ relation: Relation, _ target: ObjectIndex, containers: [ObjectIndex], axes: [Axis], changed: Bool,
        _ state: WorldState
    ) -> String {
        var text = (sv ? "Flyttad " : "Moved ") + relation.label(language).lowercased() + " " + name(target, state)
        if relation.isPositional {
            let inWord = sv ? "i" : "in"
            let places = Array(Set(containers)).sorted().map { name($0, state) }
            text += " (\(inWord) \(places.joined(separator: " / ")))"
        }
        text += ", " + self.axes(axes)
        if !changed { text += sv ? " — ingen ändring" : " — no change" }
        return text
    }

    public func reference(_ other: ObjectIndex, _ relation: Relation, _ x: ObjectIndex, _ state: WorldState) -> String {
        let label = relation.label(language).lowercased()
        return sv
            ? "\(name(other, state)) placerades \(label) \(name(x, state))"
            : "\(name(other, state)) was placed \(label) \(name(x, state))"
    }

    public func dropped(_ edge: PositionalEdge, _ axis: Axis, because mover: ObjectIndex, _ state: WorldState) -> String
    {
        let relation = "'\(edge.relation.label(language).lowercased()) \(name(edge.target, state))'"
        let axisWord = Texts(language).axisName(axis)
        return sv
            ? "Relationen \(relation) (\(axisWord)) föll bort eftersom \(name(mover, state)) flyttades"
            : "Relation \(relation) (\(axisWord)) dropped because \(name(mover, state)) moved"
    }

    public func pathChanged(_ axis: Axis, because mover: ObjectIndex, renamed: Bool, path: String, _ state: WorldState)
        -> String
    {
        let axisWord = Texts(language).axisName(axis)
        if renamed {
            return sv
                ? "Sökvägen (\(axisWord)) ändrades: \(name(mover, state)) fick nytt namn; nu \(path)"
                : "Path (\(axisWord)) changed: \(name(mover, state)) was renamed; now \(path)"
        }
        return sv
            ? "Sökvägen (\(axisWord)) ändrades eftersom \(name(mover, state)) flyttades; nu \(path)"
            : "Path (\(axisWord)) changed because \(name(mover, state)) moved; now \(path)"
    }

    public func skipped(_ error: DomainError) -> String {
        (sv ? "Ignorerad vid uppspelning: " : "Ignored on replay: ") + error.message(language)
    }

    public func path(_ x: ObjectIndex, _ axis: Axis, _ state: WorldState) -> String {
        let chain = state.projection(axis).parents.path(to: x)
        return chain.isEmpty ? Texts(language).world : chain.map { name($0, state) }.joined(separator: " › ")
    }
}
