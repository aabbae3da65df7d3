import PlingsDomain

/// An object and its name, as views show it.
public struct ObjectRef: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
}

/// A positional relation as a card shows it: "Under Bord".
public struct PositionalRef: Sendable, Hashable, Codable {
    /// The relation's token (`under`, `right-of`, …).
    public var relation: String
    public var target: String
    public var targetName: String
}

extension PositionalRef {
    /// The outbound positional relation of `x` on a projection, as views list it (none or one).
    public static func outbound(
        of x: ObjectIndex, in projection: AxisProjection, _ registry: ObjectRegistry
    ) -> [PositionalRef] {
        guard let edge = projection.positional.outbound(x) else { return [] }
        return [
            PositionalRef(
                relation: edge.relation.token, target: registry.id(edge.target).rawValue,
                targetName: registry.name(edge.target))
        ]
    }
}

/// Where an object is on one axis.
public struct Location: Sendable, Hashable, Codable {
    /// The parent's id, or nil at World.
    public var parent: String?
    /// The parent edge's relation (`in`, `on`, `attached-to`), or nil at World.
    public var relation: String?
    /// The chain from the top (below World) down to the parent.
    public var path: [ObjectRef]
    /// The outbound positional relations (at most one in v1).
    public var positional: [PositionalRef]

    /// The path as text: `Saltsjön › Vardagsrummet`, or World at the root.
    public func pathText(_ language: Language) -> String {
        path.isEmpty ? Texts(language).world : path.map { Printable.quote($0.name) }.joined(separator: " › ")
    }

    /// Builds the location of `x` on `axis`.
    public init(_ x: ObjectIndex, axis: Axis, state: WorldState) {
        let projection = state.projection(axis)
        let edge = projection.parents.edge(x)
        let registry = state.registry
        parent = edge.isWorld ? nil : registry.id(edge.parent).rawValue
        relation = edge.isWorld ? nil : edge.relation.token
        path = projection.parents.path(to: x).map { ObjectRef(id: registry.id($0).rawValue, name: registry.name($0)) }
        positional = PositionalRef.outbound(of: x, in: projection, registry)
    }
}

/// A thing contained in another, with the relation it is held by.
public struct ContentRef: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// `in`, `on` or `attached-to`.
    public var relation: String
}

/// The detail card of one object: what the phone shows when a tag is scanned.
public struct Card: Sendable, Hashable, Codable {
    public var id: String
    public var name: String
    /// Whether the current location differs from the normal one.
    public var away: Bool
    public var current: Location
    public var normal: Location
    /// What is in, on or attached to the object now (current axis).
    public var contents: [ContentRef]
    /// What belongs in, on or attached to the object (normal axis).
    public var belongings: [ContentRef]
    /// The last event applied to the state the card was built from.
    public var asOfSeq: Int64
    /// The last `seen` event (seq and RFC 3339 time), if any.
    public var lastSeen: EventRef?
    /// The `archived` event when the object is out of the world, with its note.
    public var archived: ArchiveRef?

    /// Builds the card of `x`.
    /// - Complexity: O(n) for the contents; everything else O(depth).
    public init(_ x: ObjectIndex, state: WorldState) {
        let registry = state.registry
        id = registry.id(x).rawValue
        name = registry.name(x)
        away = state.isAway(x)
        current = Location(x, axis: .current, state: state)
        normal = Location(x, axis: .normal, state: state)
        func children(_ axis: Axis) -> [ContentRef] {
            let tree = state.projection(axis).parents
            return tree.children(of: x).filter { !state.status.isArchived($0) }.map {
                ContentRef(
                    id: registry.id($0).rawValue, name: registry.name($0), relation: tree.edge($0).relation.token)
            }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        }
        contents = children(.current)
        belongings = children(.normal)
        asOfSeq = state.lastSeq
        let seen = state.status.seenSeq[Int(x)]
        lastSeen =
            seen == 0 ? nil : EventRef(seq: seen, at: Timestamp(milliseconds: state.status.seenAt[Int(x)]).rfc3339)
        archived = state.status.archives[x].map { record in
            ArchiveRef(
                seq: record.seq, at: record.at.rfc3339, note: record.note,
                with: record.root == x ? nil : registry.id(record.root).rawValue)
        }
    }

    /// The card as text for a person, in `language`.
    public func render(_ language: Language) -> String {
        let t = Texts(language)
        var lines: [String] = []
        lines.append("\(Printable.quote(name)) (\(id))")
        func location(_ title: String, _ loc: Location) {
            lines.append("\(title): \(loc.pathText(language))")
            if let relation = loc.relation, relation != Relation.in.token, let rel = Relation(token: relation),
                let parent = loc.path.last
            {
                lines.append("  \(rel.sentenceLabel(language)) \(Printable.quote(parent.name))")
            }
            for p in loc.positional {
                let label = Relation(token: p.relation)?.sentenceLabel(language) ?? p.relation
                lines.append("  \(label) \(Printable.quote(p.targetName))")
            }
        }
        if let archived {
            let with = archived.with.map { (language == .sv ? " med " : " with ") + $0 } ?? ""
            let note = archived.note.map { " — " + Printable.quote($0) } ?? ""
            lines.append("\(t.archived): #\(archived.seq) \(archived.at)\(with)\(note)")
        }
        location(t.current, current)
        location(t.normal, normal)
        lines.append("\(t.away): \(away ? t.yes : t.no)")
        if let lastSeen { lines.append("\(t.lastSeen): #\(lastSeen.seq) \(lastSeen.at)") }
        if contents.isEmpty {
            lines.append("\(t.contents): \(t.empty)")
        } else {
            lines.append("\(t.contents):")
            for c in contents {
                let rel =
                    Relation(token: c.relation).map { $0 == .in ? "" : " (\($0.label(language).lowercased()))" } ?? ""
                lines.append("  \(Printable.quote(c.name)) (\(c.id))\(rel)")
            }
        }
        let missing = belongings.filter { b in !contents.contains { $0.id == b.id } }
        if !missing.isEmpty {
            lines.append("\(t.belongsElsewhere):")
            for b in missing { lines.append("  \(Printable.quote(b.name)) (\(b.id))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// An event by seq and time, as a card shows it.
public struct EventRef: Sendable, Hashable, Codable {
    public var seq: Int64
    public var at: String
}

/// Why an object is out of the world: the `archived` event, its note, and
/// the container it went with (nil when it was archived itself).
public struct ArchiveRef: Sendable, Hashable, Codable {
    public var seq: Int64
    public var at: String
    public var note: String?
    public var with: String?
}

/// The fixed words of the views, in Swedish and English.
public struct Texts: Sendable {
    public let language: Language
    public init(_ language: Language) { self.language = language }
    var sv: Bool { language == .sv }
    public var world: String { sv ? "Världen" : "World" }
    public var current: String { sv ? "Nuvarande plats" : "Current location" }
    public var normal: String { sv ? "Hemplats" : "Home" }
    public var away: String { sv ? "Borta från hemplatsen" : "Away from home" }
    public var yes: String { sv ? "ja" : "yes" }
    public var no: String { sv ? "nej" : "no" }
    public var contents: String { sv ? "Innehåll" : "Contents" }
    public var empty: String { sv ? "(tomt)" : "(empty)" }
    public var belongsElsewhere: String { sv ? "Hör hemma här men är borta" : "Belongs here but is elsewhere" }
    public var lastSeen: String { sv ? "Senast sedd" : "Last seen" }
    public var archived: String { sv ? "Arkiverad" : "Archived" }
    public func axisName(_ axis: Axis) -> String {
        switch (axis, language) {
        case (.current, .sv): return "nuvarande"
        case (.normal, .sv): return "hem"
        case (.current, .en): return "current"
        case (.normal, .en): return "home"
        }
    }
}
