import PlingsDomain

/// An object that is not where it belongs.
public struct AwayEntry: Sendable, Hashable {
    /// The object's id.
    public var id: String
    /// The object's name.
    public var name: String
    /// Where it is now.
    public var current: Location
    /// Where it belongs.
    public var normal: Location
    /// The event since which it has been away.
    public var sinceSeq: Int64
    /// When it left its home, as RFC 3339 text.
    public var since: String
}

/// Every object whose current location differs from its normal one: the axis
/// diff, oldest absence first.
public struct AwayList: Sendable, Hashable {
    /// The last event the list reflects.
    public var asOfSeq: Int64
    /// The objects away from home, longest away first.
    public var away: [AwayEntry]

    /// The objects away from home in `state`.
    public init(_ state: WorldState) {
        asOfSeq = state.lastSeq
        away = state.registry.indices.filter { state.away($0).seq > 0 && !state.status.isArchived($0) }.map { x in
            AwayEntry(
                id: state.registry.id(x).rawValue, name: state.registry.name(x),
                current: Location(x, axis: .current, state: state), normal: Location(x, axis: .normal, state: state),
                sinceSeq: state.away(x).seq,
                since: Timestamp(milliseconds: state.away(x).at).rfc3339)
        }.sorted { ($0.sinceSeq, $0.id) < ($1.sinceSeq, $1.id) }
    }

    /// The list as text in `language`.
    public func render(_ language: Language) -> String {
        let t = Texts(language)
        if away.isEmpty { return t.catalog(.awayNone) + "\n" }
        var lines: [String] = []
        func place(_ loc: Location) -> String {
            var text = loc.pathText(language)
            if let rel = loc.relation.flatMap(Relation.init(token:)), rel != .in, let parent = loc.path.last {
                text += " (\(t.word(rel)) \(Printable.quote(parent.name)))"
            }
            for p in loc.positional { text += ", \(t.word(token: p.relation)) " + Printable.quote(p.targetName) }
            return text
        }
        let (isAt, belongs, since) = (t.catalog(.awayIsAt), t.catalog(.awayBelongs), t.catalog(.awaySince))
        for entry in away {
            lines.append("\(Printable.quote(entry.name)) (\(entry.id))")
            lines.append("  \(isAt): \(place(entry.current))")
            lines.append("  \(belongs): \(place(entry.normal))")
            lines.append("  \(since) #\(entry.sinceSeq) \(entry.since)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension AwayEntry: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("name", name)
            $0.key("current")
            current.write(to: &$0)
            $0.key("normal")
            normal.write(to: &$0)
            $0.field("sinceSeq", sinceSeq)
            $0.field("since", since)
        }
    }
}

extension AwayList: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("asOfSeq", asOfSeq)
            $0.field("away", away)
        }
    }
}
