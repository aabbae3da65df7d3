/// JSON string bodies as the log writes them: the escapes the encoder makes,
/// and turning a body back into text.
package enum JSONText {
    /// The length of the escape at `i` (which holds `\`) when it is one the
    /// encoder writes: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, or `\u00xx`
    /// (lowercase hex) for any other control character. Nil otherwise.
    static func canonicalEscapeLength(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        guard i + 1 < end else { return nil }
        switch p[i + 1] {
        case 0x22, 0x5C, UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
            return 2
        case UInt8(ascii: "u"):
            guard i + 6 <= end, p[i + 2] == 0x30, p[i + 3] == 0x30, p[i + 4] == 0x30 || p[i + 4] == 0x31 else {
                return nil
            }
            let low = p[i + 5]
            let value: UInt8
            switch low {
            case 0x30...0x39: value = low - 0x30
            case 0x61...0x66: value = low - 0x61 + 10
            default: return nil
            }
            let code = (p[i + 4] - 0x30) << 4 | value
            // These have short forms, which the encoder uses.
            if code == 0x08 || code == 0x09 || code == 0x0A || code == 0x0C || code == 0x0D { return nil }
            return 6
        default:
            return nil
        }
    }

    /// The text of a string member.
    static func string(_ p: UnsafeBufferPointer<UInt8>, _ span: StringSpan) -> String {
        let raw = UnsafeBufferPointer(rebasing: p[span.range])
        return span.escaped ? unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Decodes the escapes of a string body already checked by the scanner.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let c = raw[i]
            guard c == 0x5C, i + 1 < raw.count else {
                out.append(c)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var v: UInt8 = 0
                for k in (i + 2)..<min(i + 4, raw.count) {
                    let d = raw[k]
                    v = v << 4 | (d <= 0x39 ? d - 0x30 : d - 0x61 + 10)
                }
                out.append(v)
                i += 4
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Strict UTF-8 validation (no overlongs, no surrogates, nothing past U+10FFFF).
package enum UTF8Check {
    /// Whether `p` is valid UTF-8.
    package static func isValid(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
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
}
