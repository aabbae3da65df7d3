/// A small parser for one flat JSON object whose values are all strings (and
/// `seq`, which may also be a plain integer), for `plings apply`'s input (not the log: the log has its own strict decoder).
/// It keeps the members a command can have and names the first other one.
enum FlatObject {
    /// The members a command line can have.
    static let names = [
        "command", "object", "name", "relation", "target", "axes", "cid", "note", "contents", "in", "seq",
    ]

    struct Fields {
        var values: [String?] = Array(repeating: nil, count: FlatObject.names.count)
        /// The first member that is not one of `names`.
        var unexpected: String?

        subscript(_ name: String) -> String? {
            guard let k = FlatObject.names.firstIndex(of: name) else { return nil }
            return values[k]
        }

        /// The members present, in `names` order, then the unexpected one.
        var keys: [String] {
            FlatObject.names.indices.filter { values[$0] != nil }.map { FlatObject.names[$0] }
                + (unexpected.map { [$0] } ?? [])
        }
    }

    /// Parses a line; nil when it is not one flat object of strings in valid UTF-8 with no repeated member.
    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Fields? {
        var scanner = Scanner(p: p)
        scanner.space()
        guard scanner.take(0x7B) else { return nil }
        var fields = Fields()
        scanner.space()
        if !scanner.take(0x7D) {
            repeat {
                scanner.space()
                guard let key = scanner.string() else { return nil }
                scanner.space()
                guard scanner.take(0x3A) else { return nil }
                scanner.space()
                guard let value = key == "seq" ? scanner.integer() ?? scanner.string() : scanner.string() else {
                    return nil
                }
                if let k = names.firstIndex(of: key) {
                    guard fields.values[k] == nil else { return nil }
                    fields.values[k] = value
                } else if fields.unexpected == nil {
                    fields.unexpected = key
                }
                scanner.space()
            } while scanner.take(0x2C)
            guard scanner.take(0x7D) else { return nil }
        }
        scanner.space()
        return scanner.atEnd ? fields : nil
    }

    /// A cursor over the bytes of one line.
    struct Scanner {
        let p: UnsafeBufferPointer<UInt8>
        var i = 0

        var atEnd: Bool { i == p.count }

        mutating func space() { while i < p.count, p[i] == 0x20 || p[i] == 0x09 { i += 1 } }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < p.count, p[i] == byte else { return false }
            i += 1
            return true
        }

        /// A non-negative JSON integer (digits, no leading zero), as its digits; nil when there is none here.
        mutating func integer() -> String? {
            let start = i
            while i < p.count, p[i] >= 0x30, p[i] <= 0x39 { i += 1 }
            guard i > start, i - start <= 19, p[start] != 0x30 || i - start == 1 else {
                i = start
                return nil
            }
            return String(decoding: p[start..<i], as: UTF8.self)
        }

        /// A JSON string, its escapes decoded; nil when it is not one or is not valid UTF-8.
        mutating func string() -> String? {
            guard take(0x22) else { return nil }
            var bytes: [UInt8] = []
            while i < p.count {
                let b = p[i]
                i += 1
                if b == 0x22 { return String(validating: bytes, as: UTF8.self) }
                if b < 0x20 { return nil }
                if b != 0x5C {
                    bytes.append(b)
                    continue
                }
                guard i < p.count else { return nil }
                let e = p[i]
                i += 1
                switch e {
                case 0x22, 0x5C, 0x2F: bytes.append(e)
                case 0x62: bytes.append(0x08)
                case 0x66: bytes.append(0x0C)
                case 0x6E: bytes.append(0x0A)
                case 0x72: bytes.append(0x0D)
                case 0x74: bytes.append(0x09)
                case 0x75:
                    guard let scalar = unicodeEscape() else { return nil }
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            }
            return nil
        }

        /// After `\u`: four hex digits, or a surrogate pair written as two escapes.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if high < 0xD800 || high > 0xDFFF { return Unicode.Scalar(high) }
            guard high < 0xDC00, take(0x5C), take(0x75), let low = hex4(), low >= 0xDC00, low <= 0xDFFF else {
                return nil
            }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= p.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = p[i]
                i += 1
                let digit: UInt8
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x41...0x46: digit = c - 0x41 + 10
                case 0x61...0x66: digit = c - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
