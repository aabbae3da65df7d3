import PlingsDomain

/// The fixed words of the views, in Swedish and English.
package struct Texts: Sendable {
    package let language: Language
    package init(_ language: Language) { self.language = language }
    var sv: Bool { language == .sv }
    package var world: String { sv ? "Världen" : "World" }
    package var current: String { sv ? "Nuvarande plats" : "Current location" }
    package var normal: String { sv ? "Hemplats" : "Home" }
    package var away: String { sv ? "Borta från hemplatsen" : "Away from home" }
    package var yes: String { sv ? "ja" : "yes" }
    package var no: String { sv ? "nej" : "no" }
    package var contents: String { sv ? "Innehåll" : "Contents" }
    package var empty: String { sv ? "(tomt)" : "(empty)" }
    package var belongsElsewhere: String { sv ? "Hör hemma här men är borta" : "Belongs here but is elsewhere" }
    package var lastSeen: String { sv ? "Senast sedd" : "Last seen" }
    package var archived: String { sv ? "Arkiverad" : "Archived" }
    /// A point of the log in a heading: "#14", or "(before the first event)" for seq 0, which names no event.
    package func point(_ seq: Int64) -> String {
        seq > 0 ? "#\(seq)" : (sv ? "(före första händelsen)" : "(before the first event)")
    }
    package func axisName(_ axis: Axis) -> String {
        switch (axis, language) {
        case (.current, .sv): return "nuvarande"
        case (.normal, .sv): return "hem"
        case (.current, .en): return "current"
        case (.normal, .en): return "home"
        }
    }

    // MARK: - Relations in views (card, tree, away)

    /// The heading of things placed relative to the shown object: "Under den" / "Under it".
    package func inboundLabel(_ relation: Relation) -> String {
        relation.sentenceLabel(language) + (sv ? " den" : " it")
    }

    /// What follows a contained thing's name in the card and the tree: nothing for `in`, " [på]" otherwise.
    package func heldBy(_ relation: String?) -> String {
        guard let rel = relation.flatMap(Relation.init(token:)), rel != .in else { return "" }
        return " [\(rel.label(language).lowercased())]"
    }

    /// An outbound positional relation inline after a name: " — under Bord".
    package func inlinePositional(_ p: PositionalRef) -> String {
        " — \(Relation(token: p.relation)?.label(language).lowercased() ?? p.relation) \(Printable.quote(p.targetName))"
    }

    /// Lines deeper than this are drawn with their depth instead of more indentation.
    package static let maxIndent = 32

    /// "[djup 40] " / "[depth 40] " before a line whose indentation is cut.
    package func depthMark(_ depth: Int) -> String { sv ? "[djup \(depth)] " : "[depth \(depth)] " }
}
