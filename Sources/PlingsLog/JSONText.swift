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
        guard span.escaped else { return String(decoding: raw, as: UTF8.self) }
        // The scanner let through only escapes the encoder writes, in valid UTF-8: this never fails.
        return unescape(raw) ?? String(decoding: raw, as: UTF8.self)
    }

    /// Decodes the escapes of a JSON string body: every escape JSON has
    /// (`\uXXXX` with surrogate pairs too), so the one unescape serves the log's
    /// lines (whose bodies the scanner checked: only the escapes the encoder
    /// writes) and sync messages alike.
    /// - Returns: the text, or nil for a bad escape or bytes that are not UTF-8.
    package static func unescape(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var v: UInt32 = 0
            for d in raw[at..<(at + 4)] {
                switch d {
                case 0x30...0x39: v = v << 4 | UInt32(d - 0x30)
                case 0x41...0x46: v = v << 4 | UInt32(d - 0x41 + 10)
                case 0x61...0x66: v = v << 4 | UInt32(d - 0x61 + 10)
                default: return nil
                }
            }
            return v
        }
        while k < raw.count {
            let c = raw[k]
            guard c == 0x5C else {
                out.append(c)
                k += 1
                continue
            }
            guard k + 1 < raw.count else { return nil }
            let e = raw[k + 1]
            k += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(k) else { return nil }
                k += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard k + 6 <= raw.count, raw[k] == 0x5C, raw[k + 1] == UInt8(ascii: "u"),
                        let low = hex4(k + 2), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    k += 6
                }
                guard let u = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: String(Character(u)).utf8)
            default: return nil
            }
        }
        return out.withUnsafeBufferPointer { UTF8Check.isValid($0) } ? String(decoding: out, as: UTF8.self) : nil
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
