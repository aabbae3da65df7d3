import PlingsDomain

/// A line read back from the log: the event and its chain links.
package struct DecodedLine: Sendable, Hashable {
    package var event: Event
    /// The `prev` member: the hash the line claims for the line before it.
    package var prev: Digest
    /// The `hash` member, checked against the line's bytes.
    package var hash: Digest
    /// The number of lines of the batch this line opens, when it opens one.
    package var batch: Int?
}

/// Why one line could not be read. The reader adds file, line and offset.
public enum LineProblem: Error, Sendable, Hashable {
    /// The line is longer than `LineFormat.maxLineBytes` (its length).
    case tooLong(Int)
    /// The line starts with a byte order mark.
    case byteOrderMark
    /// The line ends with a carriage return.
    case carriageReturn
    /// The line holds a NUL byte.
    case nul
    /// The line is not valid UTF-8.
    case invalidUTF8
    /// The line is not one JSON object.
    case notAnObject
    /// The line has no `hash` member at its end.
    case missingHash
    /// The line is not in the canonical layout (what was wrong).
    case badJSON(String)
    /// The line is of a newer format version (the version): upgrade Plings.
    case newerVersion(Int64)
    /// The event type is not known at the line's version.
    case unknownType(String)
    /// A required member is missing (its name).
    case missingField(String)
    /// A member the type does not have (its name).
    case unexpectedField(String)
    /// A member's value is invalid (its name, what is wrong).
    case badField(String, String)
    /// The line's bytes do not hash to its `hash` member.
    case ownHash(seq: Int64)

    /// A one-line description of the problem.
    public var message: String {
        switch self {
        case .tooLong(let n): return "the line is \(n) bytes, over the limit of \(LineFormat.maxLineBytes)"
        case .byteOrderMark: return "the line starts with a byte-order mark"
        case .carriageReturn: return "the line contains a carriage return (CR); lines end with LF only"
        case .nul: return "the line contains a NUL byte"
        case .invalidUTF8: return "the line is not valid UTF-8"
        case .notAnObject: return "the line is not a JSON object"
        case .missingHash: return "the line does not end with its \"hash\" member"
        case .badJSON(let why): return "the line is not valid JSON (\(why))"
        case .newerVersion(let v):
            return
                "the line has schema version \(v), newer than this build reads (\(LineFormat.version)); upgrade Plings"
        case .unknownType(let t): return "unknown event type '\(Printable.quote(t))'"
        case .missingField(let f): return "the field '\(f)' is missing"
        case .unexpectedField(let f): return "unexpected field '\(Printable.quote(f))'"
        case .badField(let f, let why): return "the field '\(f)' \(why)"
        case .ownHash(let seq):
            return "seq \(seq) does not match its own hash; the line was changed after it was written"
        }
    }
}

/// Reads one line: the strict scan (structure, UTF-8, own hash) and then the
/// event it holds. The same `LineCodec.scan` serves every reader.
package enum LineDecoder {
    /// Decodes one line, without its `\n`.
    package static func decode(_ line: UnsafeBufferPointer<UInt8>) -> Result<DecodedLine, LineProblem> {
        LineCodec.scan(line).map { LineCodec.interpret($0, line) }
    }

    /// Strict UTF-8 validation (no overlongs, no surrogates, nothing past U+10FFFF).
    package static func isValidUTF8(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Check.isValid(p)
    }
}

extension LineCodec {
    /// The event a scanned line holds, with its chain links.
    static func interpret(_ f: LineFields, _ p: UnsafeBufferPointer<UInt8>) -> DecodedLine {
        let object = ObjectID(unchecked: JSONText.string(p, f.object))
        let payload: EventPayload
        switch f.type {
        case .created: payload = .created(object, name: f.name.map { JSONText.string(p, $0) } ?? "")
        case .renamed: payload = .renamed(object, name: f.name.map { JSONText.string(p, $0) } ?? "")
        case .placed, .restored:
            let target = f.target.map { ObjectID(unchecked: JSONText.string(p, $0)) }
            let placement = Placement(
                object: object, relation: f.relation ?? .in, target: target, axes: f.axes ?? .both)
            payload = f.type == .placed ? .placed(placement) : .restored(placement)
        case .returned: payload = .returned(object)
        case .seen: payload = .seen(object)
        case .archived: payload = .archived(object, note: f.note.map { JSONText.string(p, $0) })
        case .refused:
            payload = .refused(refusal(f, p, object: object))
        }
        var origin: Origin?
        if let device = f.device, let dseq = f.dseq, let dat = f.dat {
            origin = Origin(device: JSONText.string(p, device), deviceSeq: dseq, deviceAt: dat)
        }
        let event = Event(
            seq: f.seq, at: f.at, actor: f.actor.map { JSONText.string(p, $0) },
            commandID: f.cid.map { JSONText.string(p, $0) }, origin: origin, undoes: f.undoes, payload: payload)
        return DecodedLine(event: event, prev: f.prev, hash: f.hash, batch: f.batch.map { Int($0) })
    }
}

extension LineCodec {
    /// The refusal a scanned `refused` line holds.
    static func refusal(_ f: LineFields, _ p: UnsafeBufferPointer<UInt8>, object: ObjectID) -> Refusal {
        func text(_ span: StringSpan?) -> String? { span.map { JSONText.string(p, $0) } }
        return Refusal(
            command: text(f.command) ?? "", object: object, name: text(f.name), relation: f.relation,
            target: f.targetIsWorld ? ObjectID.worldToken : text(f.target), axes: f.axes, code: text(f.code) ?? "",
            reason: text(f.reason) ?? "")
    }
}

/// Rules for the optional `actor` member.
package enum Actor {
    package static let maxBytes = 100
    /// Why `text` cannot be an actor, or nil when it can.
    package static func problem(with text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > maxBytes { return "is longer than \(maxBytes) bytes" }
        if text.unicodeScalars.contains(where: ObjectName.isControl) { return "contains a control character" }
        return nil
    }
}

/// Rules for the optional client-chosen command id `cid`.
package enum CommandID {
    /// Why `text` cannot be a command id, or nil when it can: the same
    /// characters as an object id, 1 to 64 of them.
    package static func problem(with text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.isEmpty || bytes.count > 64 { return "must be 1 to 64 characters" }
        if !bytes.allSatisfy(ObjectID.isIDByte) { return "may hold only letters, digits, '-', '_' and '.'" }
        return nil
    }
}
