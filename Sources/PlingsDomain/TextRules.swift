/// Why a text is not a valid name, note or actor.
public enum TextProblem: Sendable, Hashable {
    /// It is empty (for a name or a note: only spaces).
    case empty
    /// It is longer than the limit in bytes of UTF-8 (200 for a name or note, 100 for an actor).
    case tooLong
    /// It holds a control character (the scalar's value), such as a tab, a
    /// newline, an escape or a bidirectional override.
    case control(UInt32)
}

/// The one rule for free text that the log keeps (names, notes, actors):
/// not empty, within a byte limit, no control characters.
@usableFromInline package enum TextRules {
    /// The first problem of UTF-8 `bytes` (valid UTF-8, as every string is):
    /// empty (only spaces, when `blankIsEmpty`), longer than `maxBytes`, then
    /// the first control character; nil when there is none.
    @inlinable
    package static func problem(
        _ bytes: some Collection<UInt8>, maxBytes: Int, blankIsEmpty: Bool
    ) -> TextProblem? {
        if blankIsEmpty ? bytes.allSatisfy({ $0 == 0x20 }) : bytes.isEmpty { return .empty }
        if bytes.count > maxBytes { return .tooLong }
        var previous: (UInt8, UInt8) = (0, 0)
        for b in bytes {
            if let scalar = control(ending: b, after: previous) { return .control(scalar) }
            previous = (previous.1, b)
        }
        return nil
    }

    /// The control character that byte `b` completes after the two bytes
    /// before it, if any: C0 controls and DEL (one byte), C1 controls
    /// (`C2 80`–`C2 9F`), and the bidirectional overrides (`E2 80 AA`–`AE`,
    /// `E2 81 A6`–`A9`). The same set as `isControl(_:)`, on UTF-8.
    @inlinable
    package static func control(ending b: UInt8, after previous: (UInt8, UInt8)) -> UInt32? {
        if b < 0x20 || b == 0x7F { return UInt32(b) }
        if previous.1 == 0xC2 && b >= 0x80 && b <= 0x9F { return UInt32(b) }
        guard previous.0 == 0xE2 else { return nil }
        let scalar = 0x2000 | (UInt32(previous.1 & 0x3F) << 6) | UInt32(b & 0x3F)
        return isControl(scalar) ? scalar : nil
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides that can make text lie.
    @inlinable
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar.value) }

    @inlinable
    package static func isControl(_ v: UInt32) -> Bool {
        v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }
}

/// Rules for an object's display name (and an archive note).
public enum ObjectName {
    /// The longest name accepted, in bytes of UTF-8.
    public static let maxBytes = 200

    /// Checks a display name: not empty or blank, at most 200 bytes, no control
    /// characters (tabs, newlines, escapes and the like).
    /// - Throws: `DomainError.invalidName`.
    public static func validate(_ name: String) throws(DomainError) {
        if let problem = problem(with: name) { throw .invalidName(name, problem) }
    }

    /// Why `name` is not a valid name, or nil when it is.
    public static func problem(with name: String) -> TextProblem? { problem(bytes: name.utf8) }

    /// The name rule on UTF-8 bytes (valid UTF-8).
    @inlinable
    package static func problem(bytes: some Collection<UInt8>) -> TextProblem? {
        TextRules.problem(bytes, maxBytes: maxBytes, blankIsEmpty: true)
    }

    /// Whether UTF-8 bytes (valid UTF-8) form a valid name.
    @inlinable
    package static func isValid(_ bytes: some Collection<UInt8>) -> Bool { problem(bytes: bytes) == nil }
}

/// Rules for the optional `actor`: who acts, 1 to 100 bytes without control characters.
package enum Actor {
    /// The longest actor accepted, in bytes of UTF-8.
    package static let maxBytes = 100

    /// Why `text` cannot be an actor, or nil when it can.
    package static func problem(with text: String) -> TextProblem? { problem(bytes: text.utf8) }

    /// The actor rule on UTF-8 bytes (valid UTF-8).
    @inlinable
    package static func problem(bytes: some Collection<UInt8>) -> TextProblem? {
        TextRules.problem(bytes, maxBytes: maxBytes, blankIsEmpty: false)
    }
}
