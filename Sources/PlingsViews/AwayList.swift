import PlingsDomain

/// An object that is not where it belongs.
public struct AwayEntry: Sendable, Hashable {
    /// The object's id.
    public var id: String
    /// The object's name.
    public var name: String
    /// Where it is now (its path shortened as history shows it, `elided`).
    public var current: Location
    /// Where it belongs (likewise).
    public var normal: Location
    /// The event since which it has been away.
    public var sinceSeq: Int64
    /// When it left its home, as RFC 3339 text.
    public var since: String
    /// The loan it is on, when it is lent (it is then where the loan says).
    public var loan: LoanRef?

    /// Says the loan's days in `clock`'s zone and whether it is overdue on its today.
    public mutating func mark(_ clock: LoanClock) {
        loan?.mark(clock)
    }

    /// The entry as text in `language`: its name and id, where it is (a lent thing: to whom,
    /// since when, due when), where it belongs and since when.
    public func render(_ language: Language) -> String {
        render(Texts(language))
    }

    /// The entry as text in the words of `t` (made once for a whole list).
    package func render(_ t: Texts) -> String {
        let language = t.language
        func place(_ loc: Location) -> String {
            var text = loc.pathText(t)
            if let rel = loc.relation.flatMap(Relation.init(token:)), rel != .in, let parent = loc.path.last {
                text += " (\(t.word(rel)) \(Printable.quote(parent.name)))"
            }
            for p in loc.positional { text += ", \(t.word(token: p.relation)) " + Printable.quote(p.targetName) }
            return text
        }
        return "\(Printable.quote(name)) (\(id))\n"
            + "  \(t.catalog(.awayIsAt)): \(loan?.phrase(language) ?? place(current))\n"
            + "  \(t.catalog(.awayBelongs)): \(place(normal))\n" + "  \(t.catalog(.awaySince)) #\(sinceSeq) \(since)\n"
    }
}

extension AwayEntry {
    /// The entry of `x`, away since the event `since` (its seq and time in milliseconds), read
    /// from `world`, with its paths shortened by `current` and `normal` (one an axis).
    package init(
        _ x: ObjectIndex, since: (seq: Int64, at: Int64), reading world: some CardReading,
        current: inout ShortPaths, normal: inout ShortPaths
    ) {
        self.init(
            id: world.id(x), name: world.name(x),
            current: Location(x, axis: .current, reading: world, paths: &current),
            normal: Location(x, axis: .normal, reading: world, paths: &normal),
            sinceSeq: since.seq, since: Timestamp(milliseconds: since.at).rfc3339,
            loan: world.loan(x).map { LoanRef($0, reading: world) })
    }
}

/// Every object whose current location differs from its normal one: the axis
/// diff, oldest absence first.
public struct AwayList: Sendable, Hashable {
    /// The last event the list reflects.
    public var asOfSeq: Int64
    /// The objects away from home, longest away first.
    public var away: [AwayEntry]

    /// The list of `away`, as of `asOfSeq`.
    package init(asOfSeq: Int64, away: [AwayEntry]) {
        self.asOfSeq = asOfSeq
        self.away = away
    }

    /// The objects away from home in `state`.
    public init(_ state: WorldState) {
        asOfSeq = state.lastSeq
        var away: [AwayEntry] = []
        Self.entries(state) { away.append($0) }
        self.away = away
    }

    /// The objects away from home in `state`, longest away first, handed to `each` one at a
    /// time, so a caller writing them out never holds the list with its places. Each path is
    /// shortened as history shows it (the top two and the nearest three, `elided`; one
    /// `ShortPaths` an axis): two chains 5,000 deep that cross give a list in proportion to
    /// its things, not to their depth. With `inside`, only the things inside that object now
    /// (on the current axis, at any depth below it), as `return --all --in C` takes them.
    /// With `start` and `count`, only the entries from the `start`th (0 the first) on, at most
    /// `count` of them (a page of the list). Returns how many things the whole list has.
    /// - Complexity: O(n log n) for n objects, plus each entry's positional relations.
    @discardableResult
    package static func entries(
        _ state: WorldState, inside container: ObjectIndex? = nil, from start: Int = 0, count: Int = .max,
        each: (AwayEntry) throws -> Void
    ) rethrows -> Int {
        let registry = state.registry
        let parents = state.current.parents
        var order = registry.indices.filter { x in
            state.away(x).seq > 0 && !state.status.isArchived(x)
                && container.map { parents.isSelfOrAncestor($0, of: parents.parent(x)) } ?? true
        }.map { (seq: state.away($0).seq, id: registry.id($0).rawValue, x: $0) }
        sort(&order)
        let reading = StateReading(state)
        var current = ShortPaths(state.current.parents)
        var normal = ShortPaths(state.normal.parents)
        for (seq, _, x) in order.dropFirst(max(start, 0)).prefix(max(count, 0)) {
            try each(
                AwayEntry(
                    x, since: (seq, state.away(x).at), reading: reading, current: &current, normal: &normal))
        }
        return order.count
    }

    /// Puts things away from home in the list's order: longest away first (the seq of the event
    /// since which each is away), then by id.
    package static func sort(_ order: inout [(seq: Int64, id: String, x: ObjectIndex)]) {
        order.sort { ($0.seq, $0.id) < ($1.seq, $1.id) }
    }

    /// Says the loans' days in `clock`'s zone and which are overdue on its today.
    public mutating func mark(_ clock: LoanClock) {
        for k in away.indices { away[k].mark(clock) }
    }

    /// The list as text in `language`.
    public func render(_ language: Language) -> String {
        if away.isEmpty { return Texts(language).catalog(.awayNone) + "\n" }
        return away.map { $0.render(language) }.joined()
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
            $0.key("loan")
            if let loan { loan.write(to: &$0) } else { $0.null() }
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
