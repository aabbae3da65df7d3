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
    /// The relation token is not one of the ten.
    case unknownRelation(String)
    /// The axis token is not one of the accepted ones.
    case unknownAxis(String)
    /// The object is archived: only `restore` applies to it.
    case archived(ObjectID)
    /// The id belongs to an archived object; ids are never reused.
    case archivedID(ObjectID)
    /// `restore` of an object that is not archived.
    case notArchived(ObjectID)
    /// `archive` of an object that still contains others (the count) on some axis.
    case notEmpty(ObjectID, count: Int)
    /// The archive note is not valid; the second value says why.
    case invalidNote(String, String)
    /// A restore puts the object back on both axes; the event named fewer.
    case restoreNeedsBothAxes(ObjectID)
    /// The event cannot be undone; the reason says why.
    case cannotUndo(seq: Int64, UndoRefusal)

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
                ? "okänd relation '\(Printable.quote(token))'; använd in, on, attached-to, under, above, left-of, right-of, next-to, in-front-of eller behind"
                : "unknown relation '\(Printable.quote(token))'; use in, on, attached-to, under, above, left-of, right-of, next-to, in-front-of or behind"
        case .unknownAxis(let token):
            return sv
                ? "okänd axel '\(Printable.quote(token))'; använd both, current eller normal (både, nuvarande, hem)"
                : "unknown axis '\(Printable.quote(token))'; use both, current or normal (både, nuvarande, hem)"
        default:
            return verbMessage(sv)
        }
    }

    /// The messages of the errors the everyday verbs (archive, restore, undo) add.
    private func verbMessage(_ sv: Bool) -> String {
        switch self {
        case .archived(let id):
            return sv
                ? "'\(id)' är arkiverat; ta tillbaka det först med 'plings restore \(id) --to MÅL'"
                : "'\(id)' is archived; bring it back first with 'plings restore \(id) --to TARGET'"
        case .archivedID(let id):
            return sv
                ? "id '\(id)' hör till ett arkiverat objekt och återanvänds aldrig; välj ett annat id eller 'plings restore \(id)'"
                : "id '\(id)' belongs to an archived object and is never reused; pick another id, or 'plings restore \(id)'"
        case .notArchived(let id):
            return sv
                ? "'\(id)' är inte arkiverat; flytta det med 'plings place'"
                : "'\(id)' is not archived; move it with 'plings place'"
        case .notEmpty(let id, let count):
            return sv
                ? "'\(id)' innehåller \(count) objekt; flytta ut dem först eller använd --with-contents"
                : "'\(id)' contains \(count) object(s); move them out first, or use --with-contents"
        case .invalidNote(let text, let why):
            return sv
                ? "ogiltig anteckning '\(Printable.quote(text))': \(why); ange 1–200 byte utan kontrolltecken"
                : "invalid note '\(Printable.quote(text))': \(why); give 1–200 bytes without control characters"
        case .restoreNeedsBothAxes(let id):
            return sv
                ? "'\(id)' återställs på båda axlarna; en återställning på en axel går inte"
                : "'\(id)' is restored on both axes; a restore on one axis is not possible"
        case .cannotUndo(let seq, let reason):
            return reason.message(seq: seq, sv: sv)
        default:
            return ""
        }
    }
}

/// Why `plings undo SEQ` is refused.
public enum UndoRefusal: UInt8, Sendable, Hashable, CaseIterable {
    /// No event has that seq (or it lies beyond the end of the log).
    case unknownEvent = 0
    /// The event is a `created`: archive the object instead.
    case creation = 1
    /// The event is a `seen`: an observation, nothing to take back.
    case observation = 2
    /// The event is an `archived`: restore the object instead.
    case archive = 3
    /// The event is a `restored`: archive the object again instead.
    case restore = 4
    /// The event was skipped on replay or changed nothing: nothing to undo.
    case noChange = 5
    /// The event is about several objects (a batch): undo them one by one.
    case mixedBatch = 6
    /// Plain `undo`: this actor has no event that undo could restore.
    case nothingByActor = 7

    func message(seq: Int64, sv: Bool) -> String {
        switch self {
        case .unknownEvent:
            return sv ? "händelse #\(seq) finns inte; se 'plings log'" : "there is no event #\(seq); see 'plings log'"
        case .nothingByActor:
            return sv
                ? "du har ingen flytt eller namnändring att ångra; ange en händelse: 'plings undo SEQ' (se 'plings log')"
                : "you have no move or rename to undo; name an event: 'plings undo SEQ' (see 'plings log')"
        case .creation:
            return sv
                ? "#\(seq) skapade ett objekt och kan inte ångras; arkivera objektet med 'plings archive'"
                : "#\(seq) created an object and cannot be undone; archive the object with 'plings archive'"
        case .observation:
            return sv
                ? "#\(seq) noterade bara att objektet sågs; det finns inget att ångra"
                : "#\(seq) only recorded that the object was seen; there is nothing to undo"
        case .archive:
            return sv
                ? "#\(seq) arkiverade objektet; ta tillbaka det med 'plings restore'"
                : "#\(seq) archived the object; bring it back with 'plings restore'"
        case .restore:
            return sv
                ? "#\(seq) återställde objektet; arkivera det igen med 'plings archive'"
                : "#\(seq) restored the object; archive it again with 'plings archive'"
        case .noChange:
            return sv
                ? "#\(seq) ändrade ingenting (eller hoppades över); det finns inget att ångra"
                : "#\(seq) changed nothing (or was skipped); there is nothing to undo"
        case .mixedBatch:
            return sv
                ? "#\(seq) hör till en sats om flera objekt; ångra dem en i taget"
                : "#\(seq) belongs to a batch about several objects; undo them one at a time"
        }
    }
}

extension Axis {
    /// The Swedish word for the axis.
    package var svLabel: String { self == .current ? "nuvarande" : "hem" }
}

/// Makes untrusted text safe to show on a terminal.
package enum Printable {
    /// Replaces control characters (including ESC, so no terminal escape
    /// sequence survives) and bidirectional overrides by `\u{…}` escapes, and
    /// cuts text longer than `limit` characters with an ellipsis.
    package static func quote(_ text: String, limit: Int = 120) -> String {
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
