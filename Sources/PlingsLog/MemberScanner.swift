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
    var stringFault = StringFault.none

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
    @inline(__always)
    mutating func key() -> ScannedKey? {
        // The common case in one word: a known key (all letters), its quote and colon.
        if i + 9 <= p.count, let base = p.baseAddress, base[i] == 0x22 {
            let word = ByteWord.load(base, i + 1)
            let quotes = ByteWord.equal(word, 0x22)
            let count = quotes != 0 ? ByteWord.firstLane(quotes) : 8
            // The key's last byte is not NUL: a known key's word is zero past its
            // letters, so `"at\0":` would otherwise read as `"at":`.
            if count > 0, i + 2 + count < end, base[i + count] != 0, base[i + 1 + count] == 0x22,
                base[i + 2 + count] == 0x3A, let known = LineMember.named(word: ByteWord.low(word, count))
            {
                let start = i + 1
                i += count + 3
                return ScannedKey(known: known, range: start..<(start + count))
            }
        }
        return plainKey()
    }

    /// `key()` byte by byte, for keys that are not known (to name them).
    private mutating func plainKey() -> ScannedKey? {
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
            guard let value = integer() else { return .badField(member.key, .notWholeNumber) }
            switch member {
            case .v:
                if value > LineFormat.version { return .newerVersion(value) }
                if value < 1 { return .badField("v", .badVersion) }
                f.version = value
            case .seq:
                if value < 1 { return .badField("seq", .tooSmall(minimum: 1)) }
                f.seq = value
            case .batch: f.batch = value
            case .dseq: f.dseq = value
            default: f.undoes = value
            }
        case .clock:
            // The clock's reading: a canonical time, as `at` is written; kept by where it starts.
            let start = i + 1
            guard let time = fixedString(24, Timestamp.parseCanonical) else { return .badField("clock", .notTime) }
            // `at` came first (keys are sorted): the reading is kept only when it is behind `at` by more
            // than the tolerance, so a line that keeps one otherwise is not one a writer makes.
            if f.at.milliseconds - time.milliseconds <= LineFormat.clockTolerance {
                return .badField("clock", .clockNotBehind)
            }
            f.setClockStart(start)
        case .at, .dat:
            if let time = fixedString(24, Timestamp.parseCanonical) {
                if member == .at { f.at = time } else { f.dat = time }
                return nil
            }
            guard let span = string(), !span.escaped,
                let time = Timestamp.parseCanonical(UnsafeBufferPointer(rebasing: p[span.range]))
            else { return .badField(member.key, .notTime) }
            if member == .at { f.at = time } else { f.dat = time }
        case .prev:
            if let prev = fixedString(64, { Digest(hexBytes: $0) }) {
                f.prev = prev
                return nil
            }
            guard let span = string(), span.range.count == 64,
                let prev = Digest(hexBytes: UnsafeBufferPointer(rebasing: p[span.range]))
            else { return .badField("prev", .notHash) }
            f.prev = prev
        case .axes:
            guard let axes = axisList() else {
                return .badField("axes", .notAxes)
            }
            f.axes = axes
        default:
            return stringMember(member, into: &f)
        }
        return nil
    }

    /// A string of exactly `count` bytes that `parse` accepts; nil (having
    /// read nothing) when the value is not one, for `string()` to read it.
    /// What `parse` accepts never holds a quote, a backslash, a control or a
    /// byte past ASCII, so `string()` would read the same span, unescaped.
    @inline(__always)
    mutating func fixedString<T>(_ count: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        guard i + count + 2 <= end, let base = p.baseAddress, base[i] == 0x22, base[i + count + 1] == 0x22,
            let value = parse(UnsafeBufferPointer(start: base + i + 1, count: count))
        else { return nil }
        i += count + 2
        return value
    }

    mutating func stringMember(_ member: LineMember, into f: inout LineFields) -> LineProblem? {
        guard let span = string() else { return stringFault.problem ?? .badField(member.key, .notString) }
        let bytes = UnsafeBufferPointer(rebasing: p[span.range])
        switch member {
        case .type:
            guard let kind = span.escaped ? nil : Self.eventKind(p, span.range) else {
                return .unknownType(JSONText.string(p, span))
            }
            f.type = kind
        case .relation:
            guard let relation = span.escaped ? nil : Self.relation(p, span.range) else {
                return .badField("relation", .notRelation(JSONText.string(p, span)))
            }
            f.relation = relation
        case .object:
            guard !span.escaped, let key = idKey(span.range) else { return Self.badID("object", p, span) }
            f.object = span
            f.objectKey = key
        case .target:
            if Self.equal(bytes, Self.worldToken) {
                f.targetIsWorld = true
            } else {
                guard !span.escaped, let key = idKey(span.range) else { return Self.badID("target", p, span) }
                f.target = span
                f.targetKey = key
            }
        case .cid:
            let problem =
                span.escaped ? CommandID.problem(with: JSONText.string(p, span)) : CommandID.problem(bytes: bytes)
            if let problem { return .badField("cid", .notCommandID(problem)) }
            f.cid = span
        case .actor, .device:
            let problem = span.escaped ? Actor.problem(with: JSONText.string(p, span)) : Actor.problem(bytes: bytes)
            if let problem { return .badField(member.key, .notActor(problem)) }
            if member == .actor { f.actor = span } else { f.device = span }
        case .name: f.name = span
        case .note: f.note = span
        case .due:
            guard !span.escaped, CalendarDay(parsing: JSONText.string(p, span)) != nil else {
                return .badField("due", .notTime)
            }
            f.due = span
        case .code:
            let code = JSONText.string(p, span)
            guard !span.escaped, DomainError.codes.contains(code) else { return .badField("code", .notCode(code)) }
            f.code = span
        case .command:
            let kind = JSONText.string(p, span)
            guard !span.escaped, Refusal.commandKinds.contains(kind) else {
                return .badField("command", .notCommandKind(kind))
            }
            f.command = span
            f.commandIsLend = kind == "lend"
        case .reason:
            // A sentence for readers of the raw log: never a control character (an escape
            // sequence, a carriage return) that would act on a terminal.
            let reason = span.escaped ? Array(JSONText.string(p, span).utf8) : Array(bytes)
            if let problem = TextRules.problem(reason, maxBytes: LineFormat.maxLineBytes, blankIsEmpty: false),
                problem != .empty
            {
                return .badField("reason", .notText(problem))
            }
            f.reason = span
        default: return .unexpectedField(member.key)
        }
        return nil
    }

    static func badID(_ key: String, _ p: UnsafeBufferPointer<UInt8>, _ span: StringSpan) -> LineProblem {
        .badField(key, .notID(ObjectID.problem(with: JSONText.string(p, span))))
    }

    /// A whole number without sign or leading zeros, at most 18 digits.
    mutating func integer() -> Int64? {
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
    /// Eight bytes at a time while no byte needs a look (see
    /// `ByteWord.stringSpecials`); byte by byte from the first one that does.
    mutating func string() -> StringSpan? {
        stringFault = .none
        guard take(0x22), let base = p.baseAddress else { return nil }
        let start = i
        var escaped = false
        var high = false
        while true {
            while i + 8 <= end {
                let specials = ByteWord.stringSpecials(ByteWord.load(base, i))
                if specials != 0 {
                    i += ByteWord.firstLane(specials)
                    break
                }
                i += 8
            }
            guard i < end else {
                stringFault = .unclosed
                return nil
            }
            let c = base[i]
            if c == 0x22 { break }
            if c < 0x20 {
                stringFault = .control
                return nil
            }
            if c >= 0x80 { high = true }
            if c == 0x5C {
                guard let length = JSONText.canonicalEscapeLength(p, i, end) else {
                    stringFault = .escape
                    return nil
                }
                escaped = true
                i += length
                continue
            }
            i += 1
        }
        let range = start..<i
        i += 1
        if high && !UTF8Check.isValid(UnsafeBufferPointer(rebasing: p[range])) {
            stringFault = .invalidUTF8
            return nil
        }
        return StringSpan(range: range, escaped: escaped)
    }

    /// `["current","normal"]`, `["current"]` or `["normal"]`, compared a word at a time.
    mutating func axisList() -> AxisSet? {
        // The longest form is 20 bytes; the hash member (75 bytes) follows `end`.
        guard i + 24 <= p.count, let base = p.baseAddress else { return nil }
        let first = ByteWord.load(base, i)
        let axes: AxisSet
        let length: Int
        if first == 0x6e65_7272_7563_225b {  // ["curren
            let second = ByteWord.load(base, i + 8)
            if ByteWord.low(second, 3) == 0x5d_2274 {  // t"]
                (axes, length) = (.current, 11)
            } else if second == 0x6d72_6f6e_222c_2274, ByteWord.low(ByteWord.load(base, i + 16), 4) == 0x5d22_6c61 {
                (axes, length) = (.both, 20)  // t","norm al"]
            } else {
                return nil
            }
        } else if first == 0x6c61_6d72_6f6e_225b, base[i + 8] == 0x22, base[i + 9] == 0x5d {  // ["normal "]
            (axes, length) = (.normal, 10)
        } else {
            return nil
        }
        guard i + length <= end else { return nil }
        i += length
        return axes
    }

    /// The three forms of `axes`, for the writer.
    static let axisForms: [([UInt8], AxisSet)] = [
        (Array("[\"current\",\"normal\"]".utf8), .both),
        (Array("[\"current\"]".utf8), .current),
        (Array("[\"normal\"]".utf8), .normal),
    ]

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: [UInt8]) -> Bool {
        guard bytes.count == text.count, let base = bytes.baseAddress else { return bytes.isEmpty && text.isEmpty }
        return text.withUnsafeBufferPointer { token in
            guard let other = token.baseAddress else { return false }
            return Platform.equalBytes(base, other, count: text.count)
        }
    }

    static let worldToken: [UInt8] = Array(ObjectID.worldToken.utf8)
}

/// Why `MemberScanner.string()` could not read a string.
enum StringFault {
    case none, control, escape, unclosed, invalidUTF8

    /// The problem to report, or nil when the value was no string at all.
    var problem: LineProblem? {
        switch self {
        case .none: nil
        case .control: .badJSON(.rawControl)
        case .escape: .badJSON(.escape)
        case .unclosed: .badJSON(.unclosed)
        case .invalidUTF8: .invalidUTF8
        }
    }
}
