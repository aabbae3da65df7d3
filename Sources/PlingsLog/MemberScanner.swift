import PlingsDomain
import PlingsPlatform

/// A key read from a line: the member it names, and where its text is (for
/// the message when it names none).
struct ScannedKey {
    var known: LineMember?
    var range: Range<Int>

    /// The key's text, for a message.
    func text(in p: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
    }
}

/// Walks a line's members left to right, each value in its one accepted form.
struct MemberScanner {
    let p: UnsafeBufferPointer<UInt8>
    /// Where the members end (the comma before `"hash"`).
    let end: Int
    var i = 1
    /// Why the last string could not be read, when `string()` gave nil.
    var stringProblem: LineProblem?

    init(p: UnsafeBufferPointer<UInt8>, end: Int) {
        self.p = p
        self.end = end
    }

    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard i < end, p[i] == byte else { return false }
        i += 1
        return true
    }

    /// `"key":` with a key of plain ASCII letters.
    mutating func key() -> ScannedKey? {
        guard take(0x22) else { return nil }
        let start = i
        while i < end, p[i] != 0x22 {
            let c = p[i] | 0x20
            guard c >= 0x61 && c <= 0x7A else { return nil }
            i += 1
        }
        let range = start..<i
        guard take(0x22), take(0x3A) else { return nil }
        return ScannedKey(known: LineMember.named(p, range), range: range)
    }

    /// Reads the value of `member` into `f`, or names what is wrong with it.
    mutating func value(for member: LineMember, into f: inout LineFields) -> LineProblem? {
        switch member {
        case .v, .seq, .batch, .dseq, .undoes:
            guard let value = integer() else { return .badField(member.key, "is not a whole number in plain form") }
            switch member {
            case .v:
                if value > LineFormat.version { return .newerVersion(value) }
                if value < 1 { return .badField("v", "must be 1 or 2") }
                f.version = value
            case .seq:
                if value < 1 { return .badField("seq", "must be 1 or more") }
                f.seq = value
            case .batch: f.batch = value
            case .dseq: f.dseq = value
            default: f.undoes = value
            }
        case .at, .dat:
            guard let span = string(), !span.escaped,
                let time = Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: p[span.range]))
            else { return .badField(member.key, "is not a time in the form YYYY-MM-DDTHH:MM:SS.mmmZ") }
            if member == .at { f.at = time } else { f.dat = time }
        case .prev:
            guard let span = string(), span.range.count == 64,
                let prev = Digest(hexBytes: UnsafeBufferPointer(rebasing: p[span.range]))
            else { return .badField("prev", "is not 64 lowercase hex digits") }
            f.prev = prev
        case .axes:
            guard let axes = axisList() else {
                return .badField("axes", "is not [\"current\"], [\"normal\"] or [\"current\",\"normal\"]")
            }
            f.axes = axes
        default:
            return stringMember(member, into: &f)
        }
        return nil
    }

    private mutating func stringMember(_ member: LineMember, into f: inout LineFields) -> LineProblem? {
        guard let span = string() else { return stringProblem ?? .badField(member.key, "is not a string") }
        let bytes = UnsafeBufferPointer(rebasing: p[span.range])
        switch member {
        case .type:
            guard let kind = Self.match(bytes, Self.typeTokens) else {
                return .unknownType(JSONText.string(p, span))
            }
            f.type = kind
        case .relation:
            guard let relation = Self.match(bytes, Self.relationTokens) else {
                return .badField("relation", "is not a relation token ('\(Printable.quote(JSONText.string(p, span)))')")
            }
            f.relation = relation
        case .object:
            guard !span.escaped, ObjectID.isValid(bytes) else { return Self.badID("object", p, span) }
            f.object = span
        case .target:
            if Self.equal(bytes, Self.worldToken) {
                f.targetIsWorld = true
            } else {
                guard !span.escaped, ObjectID.isValid(bytes) else { return Self.badID("target", p, span) }
                f.target = span
            }
        case .cid:
            let text = JSONText.string(p, span)
            if let problem = CommandID.problem(with: text) { return .badField("cid", problem) }
            f.cid = span
        case .actor, .device:
            let text = JSONText.string(p, span)
            if let problem = Actor.problem(with: text) { return .badField(member.key, problem) }
            if member == .actor { f.actor = span } else { f.device = span }
        case .name: f.name = span
        case .note: f.note = span
        case .code: f.code = span
        case .command: f.command = span
        case .reason: f.reason = span
        default: return .unexpectedField(member.key)
        }
        return nil
    }

    static func badID(_ key: String, _ p: UnsafeBufferPointer<UInt8>, _ span: StringSpan) -> LineProblem {
        let text = JSONText.string(p, span)
        return .badField(key, "is not a valid id: \(ObjectID.problem(with: text) ?? "it holds an escape")")
    }

    /// A whole number without sign or leading zeros, at most 18 digits.
    private mutating func integer() -> Int64? {
        let start = i
        var value: Int64 = 0
        while i < end, p[i] >= 0x30, p[i] <= 0x39 {
            if i - start >= 18 { return nil }
            value = value * 10 + Int64(p[i] - 0x30)
            i += 1
        }
        if i == start || (p[start] == 0x30 && i - start > 1) { return nil }
        return value
    }

    /// A string with only the escapes the encoder writes; its UTF-8 is checked.
    mutating func string() -> StringSpan? {
        stringProblem = nil
        guard take(0x22) else { return nil }
        let start = i
        var escaped = false
        var high = false
        while i < end {
            let c = p[i]
            if c == 0x22 { break }
            if c < 0x20 {
                stringProblem = .badJSON("a string holds a raw control character")
                return nil
            }
            if c >= 0x80 { high = true }
            if c == 0x5C {
                guard let length = JSONText.canonicalEscapeLength(p, i, end) else {
                    stringProblem = .badJSON("a string holds an escape the log never writes")
                    return nil
                }
                escaped = true
                i += length
                continue
            }
            i += 1
        }
        guard i < end else {
            stringProblem = .badJSON("a string is not closed")
            return nil
        }
        let range = start..<i
        i += 1
        if high && !UTF8Check.isValid(UnsafeBufferPointer(rebasing: p[range])) {
            stringProblem = .invalidUTF8
            return nil
        }
        return StringSpan(range: range, escaped: escaped)
    }

    private mutating func axisList() -> AxisSet? {
        for (text, axes) in Self.axisForms where Self.starts(p, i, end, text) {
            i += text.count
            return axes
        }
        return nil
    }

    static let axisForms: [([UInt8], AxisSet)] = [
        (Array("[\"current\",\"normal\"]".utf8), .both),
        (Array("[\"current\"]".utf8), .current),
        (Array("[\"normal\"]".utf8), .normal),
    ]

    static func starts(_ p: UnsafeBufferPointer<UInt8>, _ at: Int, _ end: Int, _ text: [UInt8]) -> Bool {
        guard at + text.count <= end else { return false }
        for k in 0..<text.count where p[at + k] != text[k] { return false }
        return true
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: [UInt8]) -> Bool {
        guard bytes.count == text.count, let base = bytes.baseAddress else { return bytes.isEmpty && text.isEmpty }
        return text.withUnsafeBufferPointer { token in
            guard let other = token.baseAddress else { return false }
            return Platform.equalBytes(base, other, count: text.count)
        }
    }

    /// The value whose token is `bytes`, from a table built once from the tokens.
    @inline(__always)
    static func match<T>(_ bytes: UnsafeBufferPointer<UInt8>, _ table: [([UInt8], T)]) -> T? {
        for (token, value) in table where equal(bytes, token) { return value }
        return nil
    }

    static let typeTokens: [([UInt8], EventKind)] = EventKind.allCases.map { (Array($0.token.utf8), $0) }
    static let relationTokens: [([UInt8], Relation)] = Relation.allCases.map { (Array($0.token.utf8), $0) }
    static let worldToken: [UInt8] = Array(ObjectID.worldToken.utf8)
}
