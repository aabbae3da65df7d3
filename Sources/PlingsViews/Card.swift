import PlingsDomain
import PlingsText

/// The detail card of one object: what the phone shows when a tag is scanned.
public struct Card: Sendable, Hashable {
    /// The last event applied to the state the card was built from.
    public var asOfSeq: Int64
    /// The object's id.
    public var id: String
    /// The object's name.
    public var name: String
    /// Whether the current location differs from the normal one.
    public var away: Bool
    /// Where the object is now.
    public var current: Location
    /// Where the object belongs (its home).
    public var normal: Location
    /// What is in, on or attached to the object now (current axis).
    public var contents: [RelatedRef]
    /// What belongs in, on or attached to the object (normal axis).
    public var belongings: [RelatedRef]
    /// The last `seen` event (seq and RFC 3339 time), if any.
    public var lastSeen: EventRef?
    /// The `archived` event when the object is out of the world, with its note.
    public var archived: ArchiveRef?
    /// The loan the object is on, when it is lent (its current location is then the loan).
    public var loan: LoanRef?

    /// Builds the card of `x`.
    /// - Complexity: O(n) to find the contents among n objects, O(k log k)
    ///   to sort k of them; everything else O(depth).
    public init(_ x: ObjectIndex, state: WorldState) {
        self.init(x, reading: StateReading(state))
    }

    /// Builds the card of `x` from what `world` reads (a whole state, or a snapshot read lazily).
    package init(_ x: ObjectIndex, reading world: some CardReading) {
        id = world.id(x)
        name = world.name(x)
        away = world.isAway(x)
        current = Location(x, axis: .current, reading: world)
        normal = Location(x, axis: .normal, reading: world)
        // An archived object lists what was archived with it (as their cards say they are inside it);
        // an object in the world, what is in the world.
        let archivedBy = world.archive(x)?.seq
        func children(_ axis: Axis) -> [RelatedRef] {
            world.children(of: x, axis).filter { c in
                world.isArchived(c) ? archivedBy != nil && world.archive(c)?.seq == archivedBy : archivedBy == nil
            }.map {
                RelatedRef(id: world.id($0), name: world.name($0), relation: world.edge($0, axis).relation.token)
            }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        }
        contents = children(.current)
        belongings = children(.normal)
        asOfSeq = world.lastSeq
        let seen = world.seen(x)
        lastSeen = seen.seq == 0 ? nil : EventRef(seq: seen.seq, at: Timestamp(milliseconds: seen.at).rfc3339)
        loan = world.loan(x).map { LoanRef($0, reading: world) }
        archived = world.archive(x).map { record in
            ArchiveRef(
                seq: record.seq, at: record.at.rfc3339, note: record.note,
                with: record.root == x ? nil : world.id(record.root))
        }
    }

    /// The belongings that are not among the contents now.
    /// - Complexity: O(k) for k contents and belongings.
    public var missing: [RelatedRef] {
        let present = Set(contents.map(\.id))
        return belongings.filter { !present.contains($0.id) }
    }

    /// Says the loan's days in `clock`'s zone and whether it is overdue on its today.
    public mutating func mark(_ clock: LoanClock) {
        loan?.mark(clock)
    }

    /// The card as text for a person, in `language`.
    public func render(_ language: Language) -> String {
        OutputBuffer.collect { render(language, to: &$0) }
    }

    /// Writes the card as text for a person, in `language`, to `out`.
    package func render(_ language: Language, to out: inout OutputBuffer) {
        let t = Texts(language)
        out.write("\(Printable.quote(name)) (\(id))\n")
        if let archived {
            let with = archived.with.map { t.catalog(.viewArchivedWith, ["id": $0]) } ?? ""
            let note = archived.note.map { " — " + Printable.quote($0) } ?? ""
            out.write("\(t.archived): #\(archived.seq) \(archived.at)\(with)\(note)\n")
        }
        for (k, (title, loc)) in [(t.current, current), (t.normal, normal)].enumerated() {
            if let loan, k == 0 {
                // Lent: the current location is the loan ("lent to Anna since 3 May, due 1 June (overdue)").
                out.write("\(title): \(loan.phrase(language))\n")
                for line in loc.detailLines(language) { out.write(line + "\n") }
                continue
            }
            out.write("\(title): \(loc.pathText(language))\n")
            for line in loc.detailLines(language) { out.write(line + "\n") }
        }
        out.write("\(t.away): \(away ? t.yes : t.no)\n")
        if let lastSeen { out.write("\(t.lastSeen): #\(lastSeen.seq) \(lastSeen.at)\n") }
        if contents.isEmpty {
            out.write("\(t.contents): \(t.empty)\n")
        } else {
            out.write("\(t.contents):\n")
            for c in contents { out.write("  \(Printable.quote(c.name)) (\(c.id))\(t.heldBy(c.relation))\n") }
        }
        let missing = self.missing
        if !missing.isEmpty {
            out.write("\(t.belongsElsewhere):\n")
            for b in missing { out.write("  \(Printable.quote(b.name)) (\(b.id))\n") }
        }
    }
}
