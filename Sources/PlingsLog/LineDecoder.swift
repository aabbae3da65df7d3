import Foundation
import PlingsDomain

/// A line read back from the log: the event and its chain links.
public struct DecodedLine: Sendable, Hashable {
    public var event: Event
    /// The `prev` member: the hash the line claims for the line before it.
    public var prev: Digest
    /// The `hash` member, as written (not recomputed).
    public var hash: Digest
}

/// Why one line could not be read. The reader adds file, line and offset.
public enum LineProblem: Error, Sendable, Hashable {
    case tooLong(Int)
    case byteOrderMark
    case carriageReturn
    case nul
    case invalidUTF8
    case notAnObject
    case missingHash
    case badJSON(String)
    case newerVersion(Int64)
    case unknownType(String)
    case missingField(String)
    case unexpectedField(String)
    case badField(String, String)

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
        }
    }
}

/// The members of a line before interpretation, filled by either parser.
struct RawFields {
    var v: Int64?
    var seq: Int64?
    var at: String?
    var type: String?
    var actor: String?
    var cid: String?
    var prev: String?
    var object: String?
    var name: String?
    var relation: String?
    var target: String?
    var axes: [String]?
}

/// Reads one line: checks the bytes, parses the JSON with a hand-written
/// scanner for the log's own flat shape, and falls back to Foundation's
/// general JSON parser for lines the scanner does not recognise (extra
/// spaces, a different key order). Both end in the same interpretation.
public enum LineDecoder {
    /// Decodes one line, without its `\n`.
    public static func decode(_ line: UnsafeBufferPointer<UInt8>) -> Result<DecodedLine, LineProblem> {
        if let problem = checkBytes(line) { return .failure(problem) }
        let n = line.count
        guard n >= LineFormat.hashSuffixLength + 2, line[0] == UInt8(ascii: "{") else {
            return .failure(n > 0 && line[0] == UInt8(ascii: "{") ? .missingHash : .notAnObject)
        }
        let bodyEnd = n - LineFormat.hashSuffixLength
        for k in 0..<LineFormat.hashKey.count where line[bodyEnd + k] != LineFormat.hashKey[k] {
            return .failure(.missingHash)
        }
        guard line[n - 2] == UInt8(ascii: "\""), line[n - 1] == UInt8(ascii: "}"),
            let hash = Digest(hexBytes: UnsafeBufferPointer(rebasing: line[(bodyEnd + 9)..<(n - 2)]))
        else { return .failure(.missingHash) }
        let body = UnsafeBufferPointer(rebasing: line[0..<bodyEnd])
        let fields: RawFields
        switch FlatScanner.scan(body) {
        case .fields(let f): fields = f
        case .problem(let p): return .failure(p)
        case .unrecognized:
            switch FoundationFallback.parse(body) {
            case .success(let f): fields = f
            case .failure(let p): return .failure(p)
            }
        }
        return interpret(fields).map { DecodedLine(event: $0.0, prev: $0.1, hash: hash) }
    }

    /// Byte-level rules that hold for the whole line.
    static func checkBytes(_ line: UnsafeBufferPointer<UInt8>) -> LineProblem? {
        if line.count + 1 > LineFormat.maxLineBytes { return .tooLong(line.count + 1) }
        if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { return .byteOrderMark }
        var ascii = true
        for byte in line {
            if byte == 0x0D { return .carriageReturn }
            if byte == 0 { return .nul }
            if byte >= 0x80 { ascii = false }
        }
        if !ascii && !isValidUTF8(line) { return .invalidUTF8 }
        return nil
    }

    /// Strict UTF-8 validation (no overlongs, no surrogates, nothing past U+10FFFF).
    public static func isValidUTF8(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = p.count
        while i < n {
            let b0 = p[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            func cont(_ k: Int) -> Bool { i + k < n && p[i + k] & 0xC0 == 0x80 }
            if b0 >= 0xC2 && b0 <= 0xDF {
                guard cont(1) else { return false }
                i += 2
            } else if b0 >= 0xE0 && b0 <= 0xEF {
                guard cont(1), cont(2) else { return false }
                let b1 = p[i + 1]
                if b0 == 0xE0 && b1 < 0xA0 { return false }
                if b0 == 0xED && b1 > 0x9F { return false }
                i += 3
            } else if b0 >= 0xF0 && b0 <= 0xF4 {
                guard cont(1), cont(2), cont(3) else { return false }
                let b1 = p[i + 1]
                if b0 == 0xF0 && b1 < 0x90 { return false }
                if b0 == 0xF4 && b1 > 0x8F { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }

    /// Turns raw members into an event, checking every rule of version 1.
    static func interpret(_ f: RawFields) -> Result<(Event, Digest), LineProblem> {
        guard let v = f.v else { return .failure(.missingField("v")) }
        if v > LineFormat.version { return .failure(.newerVersion(v)) }
        if v < 1 { return .failure(.badField("v", "must be 1")) }
        guard let seq = f.seq else { return .failure(.missingField("seq")) }
        if seq < 1 { return .failure(.badField("seq", "must be 1 or more")) }
        guard let atText = f.at else { return .failure(.missingField("at")) }
        guard let at = Timestamp(parsing: atText), atText.utf8.count > 10 else {
            return .failure(.badField("at", "is not an RFC 3339 time ('\(Printable.quote(atText))')"))
        }
        guard let type = f.type else { return .failure(.missingField("type")) }
        guard let prevText = f.prev else { return .failure(.missingField("prev")) }
        guard let prev = Digest(hex: prevText) else {
            return .failure(.badField("prev", "is not 64 lowercase hex digits"))
        }
        guard let objectText = f.object else { return .failure(.missingField("object")) }
        if let problem = ObjectID.problem(with: objectText) {
            return .failure(.badField("object", "is not a valid id: \(problem)"))
        }
        let object = ObjectID(unchecked: objectText)
        if let actor = f.actor, let problem = Actor.problem(with: actor) {
            return .failure(.badField("actor", problem))
        }
        if let cid = f.cid, let problem = CommandID.problem(with: cid) {
            return .failure(.badField("cid", problem))
        }
        let payload: EventPayload
        switch type {
        case "created", "renamed":
            for (name, value) in [("relation", f.relation), ("target", f.target)] where value != nil {
                return .failure(.unexpectedField(name))
            }
            if f.axes != nil { return .failure(.unexpectedField("axes")) }
            guard let name = f.name else { return .failure(.missingField("name")) }
            payload = type == "created" ? .created(object, name: name) : .renamed(object, name: name)
        case "placed":
            if f.name != nil { return .failure(.unexpectedField("name")) }
            guard let relationText = f.relation else { return .failure(.missingField("relation")) }
            guard let relation = Relation(token: relationText), relation.token == relationText else {
                return .failure(.badField("relation", "is not a relation token ('\(Printable.quote(relationText))')"))
            }
            guard let targetText = f.target else { return .failure(.missingField("target")) }
            let target: ObjectID?
            if targetText == ObjectID.worldToken {
                target = nil
            } else if let problem = ObjectID.problem(with: targetText) {
                return .failure(.badField("target", "is not a valid id: \(problem)"))
            } else {
                target = ObjectID(unchecked: targetText)
            }
            guard let axisTokens = f.axes else { return .failure(.missingField("axes")) }
            var axes: AxisSet = []
            for token in axisTokens {
                guard token == "current" || token == "normal", let axis = Axis(token: token) else {
                    return .failure(.badField("axes", "holds '\(Printable.quote(token))', not current or normal"))
                }
                if axes.contains(axis) { return .failure(.badField("axes", "names '\(token)' twice")) }
                axes.insert(AxisSet(axis))
            }
            if axes.isEmpty { return .failure(.badField("axes", "is empty")) }
            payload = .placed(Placement(object: object, relation: relation, target: target, axes: axes))
        default:
            return .failure(.unknownType(type))
        }
        return .success((Event(seq: seq, at: at, actor: f.actor, commandID: f.cid, payload: payload), prev))
    }
}

/// Rules for the optional `actor` member.
public enum Actor {
    public static let maxBytes = 100
    /// Why `text` cannot be an actor, or nil when it can.
    public static func problem(with text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.utf8.count > maxBytes { return "is longer than \(maxBytes) bytes" }
        if text.unicodeScalars.contains(where: ObjectName.isControl) { return "contains a control character" }
        return nil
    }
}

/// Rules for the optional client-chosen command id `cid`.
public enum CommandID {
    /// Why `text` cannot be a command id, or nil when it can: the same
    /// characters as an object id, 1 to 64 of them.
    public static func problem(with text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.isEmpty || bytes.count > 64 { return "must be 1 to 64 characters" }
        if !bytes.allSatisfy(ObjectID.isIDByte) { return "may hold only letters, digits, '-', '_' and '.'" }
        return nil
    }
}

/// The general path: Foundation's JSON parser over the body (`{…` without the hash member).
enum FoundationFallback {
    static func parse(_ body: UnsafeBufferPointer<UInt8>) -> Result<RawFields, LineProblem> {
        var data = Data(body)
        data.append(UInt8(ascii: "}"))
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            return .failure(.badJSON("it does not parse"))
        }
        guard let dict = object as? [String: Any] else { return .failure(.notAnObject) }
        var f = RawFields()
        for (key, value) in dict {
            func string() -> Result<String, LineProblem> {
                guard let s = value as? String else { return .failure(.badField(key, "is not a string")) }
                return .success(s)
            }
            func integer() -> Result<Int64, LineProblem> {
                guard let n = value as? NSNumber, let i = Int64(n.stringValue), n.stringValue == String(i) else {
                    return .failure(.badField(key, "is not an integer"))
                }
                return .success(i)
            }
            do {
                switch key {
                case "v": f.v = try integer().get()
                case "seq": f.seq = try integer().get()
                case "at": f.at = try string().get()
                case "type": f.type = try string().get()
                case "actor": f.actor = try string().get()
                case "cid": f.cid = try string().get()
                case "prev": f.prev = try string().get()
                case "object": f.object = try string().get()
                case "name": f.name = try string().get()
                case "relation": f.relation = try string().get()
                case "target": f.target = try string().get()
                case "axes":
                    guard let list = value as? [Any], let strings = list as? [String], list.count == strings.count
                    else {
                        return .failure(.badField("axes", "is not a list of strings"))
                    }
                    f.axes = strings
                default:
                    return .failure(.unexpectedField(key))
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(f)
    }
}
