/// Why the domain refuses a command (or skips an event on replay).
public enum DomainError: Error, Sendable, Hashable {
    /// The text is not a valid object id; the second value says why.
    case invalidID(String, String)
    /// The text is not a valid name; the second value says why.
    case invalidName(String, String)
    /// No object has this id.
    case unknownObject(ObjectID)
    /// An object with this id exists already.
    case duplicateID(ObjectID)
    /// An object cannot be placed relative to itself.
    case selfPlacement(ObjectID)
    /// The placement would make the object its own ancestor on the axis.
    case cycle(object: ObjectID, target: ObjectID, axis: Axis)
    /// Only `in` makes sense against World; positional relations need a sibling.
    case relationAgainstWorld(Relation)
    /// A placement must name at least one axis.
    case emptyAxes
    /// The relation token is not one of the eight.
    case unknownRelation(String)
    /// The axis token is not one of the accepted ones.
    case unknownAxis(String)

    /// A one-line message that says what was wrong and what to do.
    public func message(_ language: Language = .en) -> String {
        let sv = language == .sv
        switch self {
        case .invalidID(let text, let why):
            return sv
                ? "ogiltigt id '\(Printable.quote(text))': \(why); använd 1–64 tecken A–Z a–z 0–9 - _ ."
                : "invalid id '\(Printable.quote(text))': \(why); use 1–64 characters from A–Z a–z 0–9 - _ ."
        case .invalidName(let text, let why):
            return sv
                ? "ogiltigt namn '\(Printable.quote(text))': \(why); ange 1–200 byte utan kontrolltecken"
                : "invalid name '\(Printable.quote(text))': \(why); give 1–200 bytes without control characters"
        case .unknownObject(let id):
            return sv
                ? "okänt objekt '\(id)'; skapa det först med 'plings create \(id) NAMN'"
                : "unknown object '\(id)'; create it first with 'plings create \(id) NAME'"
        case .duplicateID(let id):
            return sv
                ? "id '\(id)' finns redan; välj ett annat id eller byt namn med 'plings rename'"
                : "id '\(id)' exists already; pick another id, or use 'plings rename'"
        case .selfPlacement(let id):
            return sv
                ? "'\(id)' kan inte placeras i förhållande till sig själv; välj ett annat mål"
                : "'\(id)' cannot be placed relative to itself; pick another target"
        case .cycle(let object, let target, let axis):
            return sv
                ? "'\(object)' kan inte placeras vid '\(target)' (\(axis.svLabel)): '\(target)' ligger redan i '\(object)'; flytta ut '\(target)' först"
                : "'\(object)' cannot be placed against '\(target)' on the \(axis.token) axis: '\(target)' is inside '\(object)'; move '\(target)' out first"
        case .relationAgainstWorld(let relation):
            return sv
                ? "'\(relation.token)' går inte mot World; bara 'in' (till roten) är tillåtet"
                : "'\(relation.token)' cannot be used against World; only 'in' (to the root) is allowed"
        case .emptyAxes:
            return sv
                ? "inga axlar valda; använd --axes both, current eller normal"
                : "no axis chosen; use --axes both, current or normal"
        case .unknownRelation(let token):
            return sv
                ? "okänd relation '\(Printable.quote(token))'; använd in, on, attached-to, under, above, left-of, right-of eller next-to"
                : "unknown relation '\(Printable.quote(token))'; use in, on, attached-to, under, above, left-of, right-of or next-to"
        case .unknownAxis(let token):
            return sv
                ? "okänd axel '\(Printable.quote(token))'; använd both, current eller normal (både, nuvarande, hem)"
                : "unknown axis '\(Printable.quote(token))'; use both, current or normal (både, nuvarande, hem)"
        }
    }
}

extension Axis {
    /// The Swedish word for the axis.
    public var svLabel: String { self == .current ? "nuvarande" : "hem" }
}

/// Makes untrusted text safe to show on a terminal.
public enum Printable {
    /// Replaces control characters (including ESC, so no terminal escape
    /// sequence survives) and bidirectional overrides by `\u{…}` escapes, and
    /// cuts text longer than `limit` characters with an ellipsis.
    public static func quote(_ text: String, limit: Int = 120) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if ObjectName.isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
