/// One of the two independent location axes every object has.
public enum Axis: UInt8, Sendable, CaseIterable, Hashable, Comparable {
    /// Where the object is now.
    case current = 0
    /// Where the object belongs (its home).
    case normal = 1

    /// The token used in the log and on the command line.
    public var token: String {
        switch self {
        case .current: return "current"
        case .normal: return "normal"
        }
    }

    /// The wire-key prefix of this axis (`CURRENT` or `NORMAL`).
    package var wirePrefix: String {
        switch self {
        case .current: return "CURRENT"
        case .normal: return "NORMAL"
        }
    }

    /// Parses an axis token (`current`, `normal`, or the Swedish `nuvarande`, `hem`).
    public init?(token: String) {
        switch token.lowercased() {
        case "current", "nuvarande": self = .current
        case "normal", "hem", "home": self = .normal
        default: return nil
        }
    }

    public static func < (lhs: Axis, rhs: Axis) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A non-ordered set of axes, stored as two bits.
public struct AxisSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The current axis only: where the object is now.
    public static let current = AxisSet(rawValue: 1)
    /// The normal axis only: where the object belongs (its home).
    public static let normal = AxisSet(rawValue: 2)
    /// Both axes: the move flow's "Både".
    public static let both: AxisSet = [.current, .normal]

    /// A set holding exactly one axis.
    public init(_ axis: Axis) { self.init(rawValue: 1 << axis.rawValue) }

    /// Whether the set holds `axis`.
    public func contains(_ axis: Axis) -> Bool { rawValue & (1 << axis.rawValue) != 0 }

    /// The axes of the set in canonical order (current before normal).
    public var axes: [Axis] { Axis.allCases.filter { contains($0) } }

    /// Parses the move flow's axis choice: `both`/`både`, `current`/`nuvarande`,
    /// `normal`/`hem`/`home` (also `ny-hemplats`, `bara-nuvarande`).
    public init?(choice: String) {
        switch choice {
        case "both":
            self = .both
            return
        case "current":
            self = .current
            return
        case "normal":
            self = .normal
            return
        default:
            break
        }
        switch choice.lowercased() {
        case "both", "både", "bade": self = .both
        case "current", "nuvarande", "bara-nuvarande": self = .current
        case "normal", "hem", "home", "ny-hemplats": self = .normal
        default: return nil
        }
    }
}
