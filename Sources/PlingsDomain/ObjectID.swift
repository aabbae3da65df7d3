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
    public static func problem(with text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return "it is empty" }
        if bytes.count > maxLength { return "it is longer than \(maxLength) characters" }
        if bytes[0] == UInt8(ascii: "-") { return "it starts with '-'" }
        for byte in bytes where !isIDByte(byte) {
            return "only letters A–Z a–z, digits, '-', '_' and '.' are allowed"
        }
        if isWorldToken(text) { return "'\(text)' is reserved for the root, World" }
        return nil
    }

    /// Whether raw bytes form a valid id (the same rules as `problem(with:)`).
    @inlinable
    package static func isValid(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !p.isEmpty, p.count <= maxLength, p[0] != UInt8(ascii: "-") else { return false }
        for byte in p where !isIDByte(byte) { return false }
        // "world" in any case is reserved.
        if p.count == 5 && p[0] | 0x20 == 0x77 && p[1] | 0x20 == 0x6F && p[2] | 0x20 == 0x72 && p[3] | 0x20 == 0x6C
            && p[4] | 0x20 == 0x64
        {
            return false
        }
        return true
    }

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

/// Rules for an object's display name.
public enum ObjectName {
    /// The longest name accepted, in bytes of UTF-8.
    public static let maxBytes = 200

    /// Checks a display name: not empty or blank, at most 200 bytes, no control
    /// characters (tabs, newlines, escapes and the like).
    /// - Throws: `DomainError.invalidName`.
    public static func validate(_ name: String) throws(DomainError) {
        if name.unicodeScalars.allSatisfy({ $0 == " " }) { throw .invalidName(name, "it is empty") }
        if name.utf8.count > maxBytes { throw .invalidName(name, "it is longer than \(maxBytes) bytes") }
        for scalar in name.unicodeScalars where isControl(scalar) {
            throw .invalidName(name, "it contains a control character (U+\(hex(scalar.value)))")
        }
    }

    /// Whether raw UTF-8 bytes (already known to be valid UTF-8) form a valid
    /// name: the same rules as `validate(_:)`, without building a string.
    package static func isValid(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        if p.count > maxBytes { return false }
        var blank = true
        var i = 0
        while i < p.count {
            let b = p[i]
            if b != 0x20 { blank = false }
            if b < 0x20 || b == 0x7F { return false }
            if b == 0xC2, i + 1 < p.count, p[i + 1] >= 0x80, p[i + 1] <= 0x9F { return false }
            if b == 0xE2, i + 2 < p.count {
                let b1 = p[i + 1]
                let b2 = p[i + 2]
                if b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE { return false }
                if b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9 { return false }
            }
            i += 1
        }
        return !blank
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides that can make text lie.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x202A && v <= 0x202E)
            || (v >= 0x2066 && v <= 0x2069)
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
