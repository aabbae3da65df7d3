/// The diagonals: one positional relation that combines two directions of
/// different dimensions — vertical (under, above), depth (in front of,
/// behind) and horizontal (left of, right of) — such as "behind and to the
/// left of" (`behind,left-of`). Twelve: three pairs of dimensions, two
/// directions in each. `next-to` names no direction and takes no part. See
/// docs/adr/0009-diagonal-relations.md.
extension Relation {
    /// The dimension a one-direction positional relation points along.
    public enum Dimension: Sendable, Hashable, CaseIterable {
        /// Under or above.
        case vertical
        /// In front of or behind.
        case depth
        /// Left of or right of.
        case horizontal
    }

    /// The dimension of `under`, `above`, `inFrontOf`, `behind`, `leftOf` or
    /// `rightOf`; nil for the others (parent-creating, `nextTo`, a diagonal).
    public var dimension: Dimension? {
        switch self {
        case .under, .above: return .vertical
        case .inFrontOf, .behind: return .depth
        case .leftOf, .rightOf: return .horizontal
        default: return nil
        }
    }

    /// The twelve diagonals, in raw-value order.
    public static let diagonals: [Relation] = allCases.filter(\.isDiagonal)

    /// True for the twelve relations that combine two directions.
    public var isDiagonal: Bool { rawValue >= Relation.underLeftOf.rawValue }

    /// A diagonal's two directions in the order its token names them
    /// (vertical before depth before horizontal: `behind,left-of`); nil for
    /// any other relation.
    public var diagonalParts: (Relation, Relation)? {
        switch self {
        case .underLeftOf: return (.under, .leftOf)
        case .underRightOf: return (.under, .rightOf)
        case .aboveLeftOf: return (.above, .leftOf)
        case .aboveRightOf: return (.above, .rightOf)
        case .inFrontOfLeftOf: return (.inFrontOf, .leftOf)
        case .inFrontOfRightOf: return (.inFrontOf, .rightOf)
        case .behindLeftOf: return (.behind, .leftOf)
        case .behindRightOf: return (.behind, .rightOf)
        case .underInFrontOf: return (.under, .inFrontOf)
        case .underBehind: return (.under, .behind)
        case .aboveInFrontOf: return (.above, .inFrontOf)
        case .aboveBehind: return (.above, .behind)
        default: return nil
        }
    }

    /// The directions the relation points in: two for a diagonal, itself for
    /// any other positional relation, none for a parent-creating one.
    public var directions: [Relation] {
        if let (a, b) = diagonalParts { return [a, b] }
        return isPositional ? [self] : []
    }

    /// The diagonal of two directions of different dimensions, in either
    /// order (`left-of` and `behind` make `behind,left-of`); nil when they
    /// are not two such directions.
    public init?(combining a: Relation, _ b: Relation) {
        guard let da = a.dimension, let db = b.dimension, da != db else { return nil }
        guard
            let found = Relation.diagonals.first(where: { d in
                d.diagonalParts.map { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) } ?? false
            })
        else { return nil }
        self = found
    }

    /// The relation as the reference sees it: `under` ↔ `above`, `left-of` ↔
    /// `right-of`, `in-front-of` ↔ `behind`, each direction of a diagonal
    /// turned (`behind,left-of` ↔ `in-front-of,right-of`); `next-to` and the
    /// parent-creating relations have none and stay as they are.
    public var inverse: Relation {
        switch self {
        case .under: return .above
        case .above: return .under
        case .leftOf: return .rightOf
        case .rightOf: return .leftOf
        case .inFrontOf: return .behind
        case .behind: return .inFrontOf
        default:
            guard let (a, b) = diagonalParts, let turned = Relation(combining: a.inverse, b.inverse) else {
                return self
            }
            return turned
        }
    }

    /// The lowest line version that can carry the relation: 1 for the first
    /// eight, 2 for depth, 3 for the diagonals (so an older reader says
    /// "upgrade Plings" instead of misreading one).
    public var lineVersion: Int64 {
        if isDiagonal { return 3 }
        return self == .inFrontOf || self == .behind ? 2 : 1
    }

    /// A diagonal written as two directions joined by a comma or `+`
    /// (`behind,left-of`, `bakom,vänster-om`), or as a phrase
    /// (`behind-and-to-the-left-of`, `snett-bakom-till-vänster-om`,
    /// `snett-ovanför-och-bakom`); `folded` is lowercased with `-` for
    /// spaces and underscores.
    init?(diagonal folded: String) {
        let parts: [Substring]
        if let cut = folded.firstIndex(where: { $0 == "," || $0 == "+" }) {
            parts = [folded[..<cut], folded[folded.index(after: cut)...]]
        } else {
            var text = Substring(folded)
            if text.hasPrefix("snett-") { text = text.dropFirst("snett-".count) }
            let joins = ["-and-to-the-", "-and-", "-till-", "-och-"]
            guard let range = joins.lazy.compactMap({ text.firstRange(of: $0) }).first else {
                return nil
            }
            parts = [text[..<range.lowerBound], text[range.upperBound...]]
        }
        let trimmed = parts.map { $0.drop(while: { $0 == "-" }) }
        guard let a = Relation(token: String(trimmed[0])), let b = Relation(token: String(trimmed[1])) else {
            return nil
        }
        self.init(combining: a, b)
    }
}
