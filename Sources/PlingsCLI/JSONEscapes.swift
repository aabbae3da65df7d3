import PlingsKit

/// Decoding the escapes of general JSON strings in command input (any valid
/// escape, unlike the log, which has one form for each character).
enum JSONEscapes {
    /// Why a string body could not be decoded.
    struct BadEscape: Error {
        var message: String
    }

    /// Decodes the escapes of a JSON string body.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(BadEscape) -> String {
        switch decode(raw) {
        case .success(let text): return text
        case .failure(let error): throw error
        }
    }

    /// Decodes the escapes of a JSON string body.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> Result<String, BadEscape> {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        let bad = BadEscape(message: "a string holds an invalid escape")
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
                    else { return .failure(BadEscape(message: "a string holds a lone surrogate")) }
                    i += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if code >= 0xDC00 && code <= 0xDFFF {
                    return .failure(BadEscape(message: "a string holds a lone surrogate"))
                }
                guard let scalar = Unicode.Scalar(code) else { return .failure(bad) }
                out.append(contentsOf: String(Character(scalar)).utf8)
            default:
                return .failure(bad)
            }
        }
        return .success(String(decoding: out, as: UTF8.self))
    }

}
