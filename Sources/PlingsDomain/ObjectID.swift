/// The short code a thing is tagged with, such as `yTvK` or `5GgB`.
///
/// Allowed: 1 to 64 characters from `A–Z a–z 0–9 - _ .`, not starting with
/// `-` (so it is never mistaken for an option). `world` in any case is
/// reserved for the shared root.
public struct ObjectID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// The longest id accepted, in bytes.
    public static let maxLength = 64

    /// Creates an id without checking it; use `validated(_:)` for input.
    public init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// Checks `text` against the id rules.
    /// - Throws: `DomainError.invalidID` naming what is wrong.
    public static func validated(_ text: String) throws(DomainError) -> ObjectID {
        if let problem = problem(with: text) { throw .invalidID(text, problem) }
        return ObjectID(unchecked: text)
    }

    /// Why `text` is not a valid id, or nil when it is.
    public static func problem(with text: String) -> IDProblem? { problem(bytes: text.utf8) }

    /// The id rule, written once, on any bytes (a string's UTF-8, bytes of a
    /// line): what is wrong first, in this order, or nil for a valid id.
    @inlinable
    package static func problem(bytes p: some Collection<UInt8>) -> IDProblem? {
        guard let first = p.first else { return .empty }
        if p.count > maxLength { return .tooLong }
        if first == UInt8(ascii: "-") { return .startsWithDash }
        for byte in p where !isIDByte(byte) { return .badCharacter }
        // "world" in any case is reserved (the root's token; an id holds no other letters of "världen").
        if p.count == 5 && zip(p, "world".utf8).allSatisfy({ $0 | 0x20 == $1 }) { return .reserved }
        return nil
    }

    /// Whether bytes form a valid id (`problem(bytes:)` has nothing to say).
    @inlinable
    package static func isValid(_ p: some Collection<UInt8>) -> Bool { problem(bytes: p) == nil }

    /// Whether `byte` may appear in an id.
    @inlinable
    package static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// Whether `text` names the root (`world`, `World`, `WORLD`, `världen`).
    public static func isWorldToken(_ text: String) -> Bool {
        // Only ASCII of 5 bytes, or text with other letters, can fold to either: others skip the fold.
        var text = text
        if text.withUTF8({ p in p.count != 5 && p.allSatisfy { $0 < 0x80 } }) { return false }
        let folded = text.lowercased()
        return folded == "world" || folded == "världen"
    }

    /// The token the log uses for the root as a placement target.
    public static let worldToken = "world"

    public var description: String { rawValue }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a text is not a valid object id (or command id).
public enum IDProblem: UInt8, Sendable, Hashable, CaseIterable {
    /// It is empty.
    case empty
    /// It is longer than the limit (64 characters).
    case tooLong
    /// It starts with `-` (it would read as an option).
    case startsWithDash
    /// It holds a character other than `A–Z a–z 0–9 - _ .`.
    case badCharacter
    /// It is `world` in some case: the root's name.
    case reserved

    /// A stable name for the problem (`too-long`), for binary and wire forms.
    public var token: String {
        switch self {
        case .empty: return "empty"
        case .tooLong: return "too-long"
        case .startsWithDash: return "starts-with-dash"
        case .badCharacter: return "bad-character"
        case .reserved: return "reserved"
        }
    }
}

/// Rules for the optional client-chosen command id (`cid`): the characters
/// of an object id, 1 to 64 of them (a leading `-` and `world` allowed).
package enum CommandID {
    /// Why `text` cannot be a command id, or nil when it can.
    package static func problem(with text: String) -> IDProblem? { problem(bytes: text.utf8) }

    /// The rule on bytes.
    @inlinable
    package static func problem(bytes p: some Collection<UInt8>) -> IDProblem? {
        if p.isEmpty { return .empty }
        if p.count > ObjectID.maxLength { return .tooLong }
        for byte in p where !ObjectID.isIDByte(byte) { return .badCharacter }
        return nil
    }
}
