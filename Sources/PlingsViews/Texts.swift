import PlingsDomain
import PlingsText

/// The words of the views in one language, looked up in the catalog once
/// (a tree of a million rows asks for them on every row).
package struct Texts: Sendable {
    package let language: Language
    /// The catalog every word comes from.
    package let catalog: Catalog
    package let world: String
    package let current: String
    package let normal: String
    package let away: String
    package let yes: String
    package let no: String
    package let contents: String
    package let empty: String
    package let belongsElsewhere: String
    package let lastSeen: String
    package let archived: String
    /// Each relation inside a sentence ("under", "höger om"), by raw value.
    private let words: [String]

    /// The texts of `language`, worded once per run (the catalog's tables are fixed): a card or a
    /// line rendered asks for them each time, and wording every relation again cost more than the rest.
    package init(_ language: Language) {
        switch language {
        case .en: self = Self.english
        case .sv: self = Self.swedish
        }
    }

    private static let english = Texts(wording: .en)
    private static let swedish = Texts(wording: .sv)

    private init(wording language: Language) {
        let t = Catalog(language)
        self.language = language
        catalog = t
        (world, current, normal, away) = (t(.viewWorld), t(.viewCurrent), t(.viewNormal), t(.viewAway))
        (yes, no, contents, empty) = (t(.viewYes), t(.viewNo), t(.viewContents), t(.viewEmpty))
        (belongsElsewhere, lastSeen, archived) = (t(.viewBelongsElsewhere), t(.viewLastSeen), t(.viewArchived))
        words = Relation.allCases.sorted { $0.rawValue < $1.rawValue }.map(t.word)
    }

    /// A point of the log in a heading: "#14", or "(before the first event)" for seq 0, which names no event.
    package func point(_ seq: Int64) -> String {
        seq > 0 ? "#\(seq)" : catalog(.viewBeforeFirstEvent)
    }

    package func axisName(_ axis: Axis) -> String { catalog.axisWord(axis) }

    /// The relation inside a sentence: "under", "höger om".
    package func word(_ relation: Relation) -> String {
        Int(relation.rawValue) < words.count ? words[Int(relation.rawValue)] : catalog.word(relation)
    }

    /// A relation's token as the views carry it (`under`), in words; the token itself when it is none.
    package func word(token: String) -> String { Relation(token: token).map(word) ?? token }

    // MARK: - Relations in views (card, tree, away)

    /// The heading of things placed relative to the shown object: "Under den" / "Under it".
    package func inboundLabel(_ relation: Relation) -> String {
        catalog(.viewInbound, ["relation": catalog.sentenceLabel(relation)])
    }

    /// What follows a contained thing's name in the card and the tree: nothing for `in`, " [på]" otherwise.
    package func heldBy(_ relation: String?) -> String {
        guard let rel = relation.flatMap(Relation.init(token:)), rel != .in else { return "" }
        return " [\(word(rel))]"
    }

    /// An outbound positional relation inline after a name: " — under Bord".
    package func inlinePositional(_ p: PositionalRef) -> String {
        " — \(word(token: p.relation)) \(Printable.quote(p.targetName))"
    }

    /// Lines deeper than this are drawn with their depth instead of more indentation.
    package static let maxIndent = 32

    /// "[djup 40] " / "[depth 40] " before a line whose indentation is cut.
    package func depthMark(_ depth: Int) -> String { catalog(.viewDepth, ["depth": String(depth)]) }
}
