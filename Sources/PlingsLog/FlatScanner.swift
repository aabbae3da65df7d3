import PlingsDomain

/// A scanner for the one JSON shape the log writes: a flat object of strings,
/// non-negative integers and lists of strings, with no spaces. It never
/// builds a general JSON tree. Anything outside that shape that could still
/// be valid JSON is reported as unrecognized, so the caller can fall back to
/// a general parser; anything that is certainly wrong is a problem.
public enum FlatScanner {
    enum Outcome {
        case fields(RawFields)
        case problem(LineProblem)
        case unrecognized
    }

    /// Scans `body`: `{` followed by members, without the closing `}` (the
    /// hash member and the brace follow it in the line).
    static func scan(_ p: UnsafeBufferPointer<UInt8>) -> Outcome {
        var f = RawFields()
        var i = 1
        let n = p.count
        var seen: UInt16 = 0
        if n == 1 { return .fields(f) }
        while true {
            // Key: plain ASCII letters only.
            guard i < n, p[i] == 0x22 else { return .unrecognized }
            i += 1
            let keyStart = i
            while i < n, p[i] != 0x22 {
                if p[i] == 0x5C { return .unrecognized }
                i += 1
            }
            guard i < n else { return .problem(.badJSON("a key is not closed")) }
            let key = UnsafeBufferPointer(rebasing: p[keyStart..<i])
            i += 1
            guard i < n, p[i] == 0x3A else { return .unrecognized }
            i += 1
            guard i < n else { return .problem(.badJSON("a value is missing")) }
            let field = Field(key)
            if field == .unknown { return .problem(.unexpectedField(String(decoding: key, as: UTF8.self))) }
            let bit = UInt16(1) << field.rawValue
            if seen & bit != 0 { return .problem(.badField(field.name, "appears twice")) }
            seen |= bit
            switch field {
            case .v, .seq:
                var value: Int64 = 0
                let start = i
                while i < n, p[i] >= 0x30, p[i] <= 0x39 {
                    if i - start >= 18 { return .problem(.badField(field.name, "is too large")) }
                    value = value * 10 + Int64(p[i] - 0x30)
                    i += 1
                }
                if i == start || (p[start] == 0x30 && i - start > 1) { return .unrecognized }
                if field == .v { f.v = value } else { f.seq = value }
            case .axes:
                guard p[i] == 0x5B else { return .unrecognized }
                i += 1
                var list: [String] = []
                if i < n, p[i] == 0x5D {
                    i += 1
                } else {
                    while true {
                        switch string(p, &i) {
                        case .some(.success(let s)): list.append(s)
                        case .some(.failure(let problem)): return .problem(problem)
                        case .none: return .unrecognized
                        }
                        guard i < n else { return .problem(.badJSON("a list is not closed")) }
                        if p[i] == 0x2C {
                            i += 1
                            continue
                        }
                        if p[i] == 0x5D {
                            i += 1
                            break
                        }
                        return .unrecognized
                    }
                }
                f.axes = list
            default:
                let value: String
                switch string(p, &i) {
                case .some(.success(let s)): value = s
                case .some(.failure(let problem)): return .problem(problem)
                case .none: return .unrecognized
                }
                switch field {
                case .at: f.at = value
                case .type: f.type = value
                case .actor: f.actor = value
                case .cid: f.cid = value
                case .prev: f.prev = value
                case .object: f.object = value
                case .name: f.name = value
                case .relation: f.relation = value
                case .target: f.target = value
                default: break
                }
            }
            if i == n { return .fields(f) }
            guard p[i] == 0x2C else { return .unrecognized }
            i += 1
        }
    }

    /// Reads a JSON string at `i` (which must point at its opening quote).
    /// Returns nil when the value is not a string at all.
    static func string(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Result<String, LineProblem>? {
        let n = p.count
        guard i < n, p[i] == 0x22 else { return nil }
        i += 1
        let start = i
        var escaped = false
        while i < n {
            let c = p[i]
            if c == 0x22 { break }
            if c < 0x20 { return .failure(.badJSON("a string holds a raw control character")) }
            if c == 0x5C {
                escaped = true
                i += 2
                continue
            }
            i += 1
        }
        guard i < n else { return .failure(.badJSON("a string is not closed")) }
        let raw = UnsafeBufferPointer(rebasing: p[start..<i])
        i += 1
        if !escaped { return .success(String(decoding: raw, as: UTF8.self)) }
        return unescape(raw)
    }

    /// Decodes the escapes of a JSON string body, for other JSON-lines readers.
    public static func unescapeForCommands(_ raw: UnsafeBufferPointer<UInt8>) throws(LineProblem) -> String {
        try unescape(raw).get()
    }

    /// Decodes the escapes of a JSON string body.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> Result<String, LineProblem> {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        let bad = LineProblem.badJSON("a string holds an invalid escape")
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                let c = raw[k]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                default: return nil
                }
                v = v << 4 | d
            }
            return v
        }
        while i < raw.count {
            let c = raw[i]
            if c != 0x5C {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { return .failure(bad) }
            let e = raw[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var code = hex4(i) else { return .failure(bad) }
                i += 4
                if code >= 0xD800 && code <= 0xDBFF {
                    guard i + 6 <= raw.count, raw[i] == 0x5C, raw[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2),
                        low >= 0xDC00, low <= 0xDFFF
                    else { return .failure(.badJSON("a string holds a lone surrogate")) }
                    i += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if code >= 0xDC00 && code <= 0xDFFF {
                    return .failure(.badJSON("a string holds a lone surrogate"))
                }
                guard let scalar = Unicode.Scalar(code) else { return .failure(bad) }
                out.append(contentsOf: String(Character(scalar)).utf8)
            default:
                return .failure(bad)
            }
        }
        return .success(String(decoding: out, as: UTF8.self))
    }

    enum Field: UInt16 {
        case v, seq, at, type, actor, cid, prev, object, name, relation, target, axes, unknown

        init(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 1 where key[0] == UInt8(ascii: "v"): self = .v
            case 2 where key[0] == UInt8(ascii: "a") && key[1] == UInt8(ascii: "t"): self = .at
            case 3:
                if Self.equal(key, "seq") {
                    self = .seq
                } else if Self.equal(key, "cid") {
                    self = .cid
                } else {
                    self = .unknown
                }
            case 4:
                if Self.equal(key, "type") {
                    self = .type
                } else if Self.equal(key, "prev") {
                    self = .prev
                } else if Self.equal(key, "name") {
                    self = .name
                } else if Self.equal(key, "axes") {
                    self = .axes
                } else {
                    self = .unknown
                }
            case 5 where Self.equal(key, "actor"): self = .actor
            case 6:
                if Self.equal(key, "object") {
                    self = .object
                } else if Self.equal(key, "target") {
                    self = .target
                } else {
                    self = .unknown
                }
            case 8 where Self.equal(key, "relation"): self = .relation
            default: self = .unknown
            }
        }

        var name: String { "\(self)" }

        static func equal(_ key: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
            guard key.count == text.utf8CodeUnitCount else { return false }
            let t = text.utf8Start
            for k in 0..<key.count where key[k] != t[k] { return false }
            return true
        }
    }
}
