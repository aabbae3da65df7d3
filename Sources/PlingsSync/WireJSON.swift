import PlingsKit
import PlingsLog

/// A JSON value of a sync line (a message header, a pushed command, a
/// verdict, a line of the pending queue), read and written without
/// Foundation's coders, which cost tens of microseconds a line.
///
/// The reader takes RFC 8259 JSON as the coders wrote it: objects, arrays,
/// strings (every escape, strict UTF-8), integers that fit 64 bits, `true`,
/// `false` and `null`; a fraction or an exponent is refused (no sync line has
/// one). The writer writes sorted keys and escapes only what JSON requires.
enum WireJSON: Sendable {
    case object([(String, WireJSON)])
    case array([WireJSON])
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case null

    /// The member `key` of an object (nil for a missing member or another value).
    subscript(key: String) -> WireJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var integer: Int64? { if case .integer(let n) = self { n } else { nil } }
    var isNull: Bool { if case .null = self { true } else { false } }

    /// Parses one whole value from `bytes` (spaces around it allowed).
    static func parse(_ bytes: ArraySlice<UInt8>) -> WireJSON? {
        bytes.withUnsafeBufferPointer { p in
            var reader = Reader(p: p)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.i == p.count ? value : nil
        }
    }

    /// The value's bytes: object members in the order given, no spaces.
    static func encode(_ value: WireJSON) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out)
        return out
    }

    static func write(_ value: WireJSON, to out: inout [UInt8]) {
        switch value {
        case .object(let members):
            out.append(0x7B)
            for (k, (key, member)) in members.enumerated() {
                if k > 0 { out.append(0x2C) }
                writeString(key, to: &out)
                out.append(0x3A)
                write(member, to: &out)
            }
            out.append(0x7D)
        case .array(let items):
            out.append(0x5B)
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(0x2C) }
                write(item, to: &out)
            }
            out.append(0x5D)
        case .string(let s): writeString(s, to: &out)
        case .integer(let n): out.append(contentsOf: String(n).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00xx`.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        LineFormat.appendJSONString(s, to: &out)
    }

    /// A recursive-descent reader over one buffer.
    private struct Reader {
        let p: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func skipSpace() {
            while i < p.count, p[i] == 0x20 || p[i] == 0x0A || p[i] == 0x0D || p[i] == 0x09 { i += 1 }
        }

        mutating func value(depth: Int) -> WireJSON? {
            skipSpace()
            guard i < p.count, depth < 16 else { return nil }
            switch p[i] {
            case 0x7B: return object(depth)
            case 0x5B: return array(depth)
            case 0x22: return string().map(WireJSON.string)
            case 0x74: return word("true") ? .bool(true) : nil
            case 0x66: return word("false") ? .bool(false) : nil
            case 0x6E: return word("null") ? .null : nil
            default: return integer().map(WireJSON.integer)
            }
        }

        mutating func object(_ depth: Int) -> WireJSON? {
            i += 1
            var members: [(String, WireJSON)] = []
            skipSpace()
            if i < p.count, p[i] == 0x7D {
                i += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard i < p.count, p[i] == 0x22, let key = string() else { return nil }
                skipSpace()
                guard i < p.count, p[i] == 0x3A else { return nil }
                i += 1
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((key, member))
                skipSpace()
                guard i < p.count else { return nil }
                if p[i] == 0x2C {
                    i += 1
                } else if p[i] == 0x7D {
                    i += 1
                    return .object(members)
                } else {
                    return nil
                }
            }
        }

        mutating func array(_ depth: Int) -> WireJSON? {
            i += 1
            var items: [WireJSON] = []
            skipSpace()
            if i < p.count, p[i] == 0x5D {
                i += 1
                return .array(items)
            }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard i < p.count else { return nil }
                if p[i] == 0x2C {
                    i += 1
                } else if p[i] == 0x5D {
                    i += 1
                    return .array(items)
                } else {
                    return nil
                }
            }
        }

        mutating func word(_ w: StaticString) -> Bool {
            let count = w.utf8CodeUnitCount
            guard i + count <= p.count else { return false }
            for k in 0..<count where p[i + k] != w.utf8Start[k] { return false }
            i += count
            return true
        }

        /// An integer: `-`? then `0` or digits without a leading zero, at most 18 of them.
        mutating func integer() -> Int64? {
            var negative = false
            if i < p.count, p[i] == 0x2D {
                negative = true
                i += 1
            }
            let start = i
            var n: Int64 = 0
            while i < p.count, p[i] >= 0x30, p[i] <= 0x39, i - start < 18 {
                n = n * 10 + Int64(p[i] - 0x30)
                i += 1
            }
            let digits = i - start
            guard digits > 0, !(digits > 1 && p[start] == 0x30) else { return nil }
            if i < p.count, p[i] >= 0x30 && p[i] <= 0x39 || p[i] == 0x2E || p[i] == 0x65 || p[i] == 0x45 {
                return nil
            }
            return negative ? -n : n
        }

        /// A string from its opening quote: escapes decoded, UTF-8 checked, no raw control characters.
        mutating func string() -> String? {
            i += 1
            let start = i
            var escaped = false
            while i < p.count, p[i] != 0x22 {
                if p[i] < 0x20 { return nil }
                if p[i] == 0x5C {
                    escaped = true
                    i += 1
                }
                i += 1
            }
            guard i < p.count else { return nil }
            let raw = UnsafeBufferPointer(rebasing: p[start..<i])
            i += 1
            guard escaped else { return UTF8Check.isValid(raw) ? String(decoding: raw, as: UTF8.self) : nil }
            return JSONText.unescape(raw)
        }
    }
}
