import PlingsKit

extension FlatObject {
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

        /// A member name: one of `names` (matched as bytes when it has no escape), or
        /// another name as its decoded text; nil when there is no string here.
        mutating func key() -> (known: Key?, other: String?)? {
            let start = i
            if take(0x22), let end = plainEnd() {
                i = end + 1
                if let known = Key.match(UnsafeBufferPointer(rebasing: p[(start + 1)..<end])) { return (known, nil) }
            }
            i = start
            guard let text = string() else { return nil }
            return (names.firstIndex(of: text).flatMap(Key.init(rawValue:)), text)
        }

        /// The index of the closing quote of the string whose first byte is at `i`, when
        /// nothing in it needs decoding (no escape, no control character); nil otherwise.
        private func plainEnd() -> Int? {
            var k = i
            while k < p.count {
                let b = p[k]
                if b == 0x22 { return k }
                if b == 0x5C || b < 0x20 { return nil }
                k += 1
            }
            return nil
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
        /// A string without escapes is made straight from the input bytes.
        mutating func string() -> String? {
            guard take(0x22) else { return nil }
            if let end = plainEnd() {
                let raw = UnsafeBufferPointer(rebasing: p[i..<end])
                i = end + 1
                return UTF8Check.isValid(raw) ? String(decoding: raw, as: UTF8.self) : nil
            }
            return escapedString()
        }

        /// The rest of a string that has escapes (or is not closed), decoded.
        private mutating func escapedString() -> String? {
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
