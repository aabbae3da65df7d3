/// How much of a QR code can be damaged and still be read: the error correction level.
///
/// Each level trades capacity for robustness: L recovers about 7 % of the codewords,
/// M 15 %, Q 25 %, H 30 %. Labels use M.
public enum QRLevel: Int, Sendable, CaseIterable, Hashable {
    /// About 7 % recoverable.
    case low = 0
    /// About 15 % recoverable (the default for labels).
    case medium = 1
    /// About 25 % recoverable.
    case quartile = 2
    /// About 30 % recoverable.
    case high = 3

    /// The two bits the format information carries for this level (ISO/IEC 18004, table 12):
    /// L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: return 1
        case .medium: return 0
        case .quartile: return 3
        case .high: return 2
        }
    }

    /// The level's letter (L, M, Q, H), as `qrencode -l` takes it.
    public var letter: Character {
        switch self {
        case .low: return "L"
        case .medium: return "M"
        case .quartile: return "Q"
        case .high: return "H"
        }
    }

    /// The level for a letter, L, M, Q or H in either case; nil for anything else.
    public init?(letter: String) {
        switch letter.uppercased() {
        case "L": self = .low
        case "M": self = .medium
        case "Q": self = .quartile
        case "H": self = .high
        default: return nil
        }
    }
}
