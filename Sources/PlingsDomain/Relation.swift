/// How an object is placed relative to another one, independent of axis.
///
/// Parent-creating relations make the target the object's parent: the object
/// follows the target when it moves. Positional relations make the object a
/// sibling of the target, inside the target's container, and only describe
/// where it sits next to the target: they do not follow.
public enum Relation: UInt8, Sendable, CaseIterable, Hashable {
    /// Inside the target (parent-creating).
    case `in` = 0
    /// On top of the target (parent-creating).
    case on = 1
    /// Attached to the target (parent-creating).
    case attachedTo = 2
    /// Under the target (positional).
    case under = 3
    /// Above the target (positional).
    case above = 4
    /// To the left of the target (positional).
    case leftOf = 5
    /// To the right of the target (positional).
    case rightOf = 6
    /// Next to the target (positional).
    case nextTo = 7
    /// Depth: in front of the reference (added after v1; raw value 8 keeps
    /// the older raw values and tokens unchanged).
    case inFrontOf = 8
    /// Depth: behind the reference.
    case behind = 9
    /// Diagonal (line version 3): under and to the left of the reference.
    case underLeftOf = 10
    /// Diagonal: under and to the right of the reference.
    case underRightOf = 11
    /// Diagonal: above and to the left of the reference.
    case aboveLeftOf = 12
    /// Diagonal: above and to the right of the reference.
    case aboveRightOf = 13
    /// Diagonal: in front of and to the left of the reference.
    case inFrontOfLeftOf = 14
    /// Diagonal: in front of and to the right of the reference.
    case inFrontOfRightOf = 15
    /// Diagonal: behind and to the left of the reference.
    case behindLeftOf = 16
    /// Diagonal: behind and to the right of the reference.
    case behindRightOf = 17
    /// Diagonal: under and in front of the reference.
    case underInFrontOf = 18
    /// Diagonal: under and behind the reference.
    case underBehind = 19
    /// Diagonal: above and in front of the reference.
    case aboveInFrontOf = 20
    /// Diagonal: above and behind the reference.
    case aboveBehind = 21

    /// The two kinds of relation.
    public enum Kind: Sendable, Hashable {
        /// The target becomes the object's container; the object moves with it.
        case parentCreating
        /// The object sits beside the target, in the same container; it does not follow it.
        case positional
    }

    /// Whether the relation creates a parent edge or a positional edge.
    public var kind: Kind { rawValue <= Relation.attachedTo.rawValue ? .parentCreating : .positional }

    /// True for `in`, `on` and `attachedTo`.
    public var isParentCreating: Bool { kind == .parentCreating }

    /// True for `under`, `above`, `leftOf`, `rightOf`, `nextTo`, `inFrontOf`, `behind` and the diagonals.
    public var isPositional: Bool { kind == .positional }

    /// The token used in the log, in JSON output and on the command line.
    public var token: String {
        switch self {
        case .in: return "in"
        case .on: return "on"
        case .attachedTo: return "attached-to"
        case .under: return "under"
        case .above: return "above"
        case .leftOf: return "left-of"
        case .rightOf: return "right-of"
        case .nextTo: return "next-to"
        case .inFrontOf: return "in-front-of"
        case .behind: return "behind"
        default: return diagonalParts.map { $0.0.token + "," + $0.1.token } ?? ""
        }
    }

    /// The wire-key suffix (`IN`, `ATTACHED_TO`, …).
    package var wireSuffix: String {
        switch self {
        case .in: return "IN"
        case .on: return "ON"
        case .attachedTo: return "ATTACHED_TO"
        case .under: return "UNDER"
        case .above: return "ABOVE"
        case .leftOf: return "LEFT_OF"
        case .rightOf: return "RIGHT_OF"
        case .nextTo: return "NEXT_TO"
        case .inFrontOf: return "IN_FRONT_OF"
        case .behind: return "BEHIND"
        default: return diagonalParts.map { $0.0.wireSuffix + "_" + $0.1.wireSuffix } ?? ""
        }
    }

    /// Parses a relation token. Accepts the canonical tokens (`attached-to`),
    /// underscores or camel case (`attached_to`, `attachedTo`) and the Swedish
    /// labels (`på`, `fastsatt-på`, `vänster-om`, …), case-insensitively.
    public init?(token: String) {
        // The canonical tokens first, without folding case.
        switch token {
        case "in": self = .in
        case "on": self = .on
        case "attached-to": self = .attachedTo
        case "under": self = .under
        case "above": self = .above
        case "left-of": self = .leftOf
        case "right-of": self = .rightOf
        case "next-to": self = .nextTo
        case "in-front-of": self = .inFrontOf
        case "behind": self = .behind
        default: self.init(folding: token)
        }
    }

    private init?(folding token: String) {
        let folded = String(token.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
        if let simple = Relation(simple: folded) {
            self = simple
        } else if let diagonal = Relation(diagonal: folded) {
            self = diagonal
        } else {
            return nil
        }
    }

    /// One of the ten relations of one word or direction, folded.
    private init?(simple folded: String) {
        switch folded {
        case "in", "i": self = .in
        case "on", "på", "pa": self = .on
        case "attached-to", "attachedto", "fastsatt-på", "fastsatt-pa", "fastsatt": self = .attachedTo
        case "under": self = .under
        case "above", "ovanför", "ovanfor": self = .above
        case "left-of", "leftof", "vänster-om", "vanster-om": self = .leftOf
        case "right-of", "rightof", "höger-om", "hoger-om": self = .rightOf
        case "next-to", "nextto", "bredvid": self = .nextTo
        case "in-front-of", "infrontof", "framför", "framfor": self = .inFrontOf
        case "behind", "bakom": self = .behind
        default: return nil
        }
    }
}
