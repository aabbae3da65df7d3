/// A UTC instant with millisecond precision, written as RFC 3339
/// (`2026-06-28T15:36:37.000Z`).
///
/// The conversion is done by hand (civil-date arithmetic) so the domain needs
/// no Foundation; the log reader parses its own canonical form quickly with
/// the same arithmetic (PlingsLog's `Timestamp.parseCanonical`).
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var milliseconds: Int64

    /// A time `milliseconds` after 1970-01-01T00:00:00Z.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The canonical text, always 24 characters: `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    public var description: String { rfc3339 }

    /// The canonical RFC 3339 text.
    public var rfc3339: String {
        if let bytes = canonicalBytes { return String(decoding: bytes, as: UTF8.self) }
        let (days, msOfDay) = Self.floorDivide(milliseconds, 86_400_000)
        let (y, m, d) = Self.civil(fromDays: days)
        let h = msOfDay / 3_600_000
        let mi = msOfDay / 60_000 % 60
        let s = msOfDay / 1000 % 60
        let ms = msOfDay % 1000
        return "\(Self.pad(y, 4))-\(Self.pad(m, 2))-\(Self.pad(d, 2))T\(Self.pad(h, 2)):\(Self.pad(mi, 2)):"
            + "\(Self.pad(s, 2)).\(Self.pad(ms, 3))Z"
    }

    /// The canonical 24 bytes when the year has four digits (0–9999), made without text.
    private var canonicalBytes: [UInt8]? {
        let (days, _) = Self.floorDivide(milliseconds, 86_400_000)
        let (y, _, _) = Self.civil(fromDays: days)
        guard y >= 0 && y <= 9999 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendCanonical(to: &bytes)
        return bytes
    }

    /// Whether `text` is this time written as `rfc3339` writes it.
    package func isCanonical(_ text: String) -> Bool {
        guard let bytes = canonicalBytes else { return text == rfc3339 }
        return text.utf8.elementsEqual(bytes)
    }

    /// Appends the canonical 24 bytes (`YYYY-MM-DDTHH:MM:SS.mmmZ`) to `out`.
    package func appendCanonical(to out: inout [UInt8]) {
        guard let words = canonicalWords else {
            out.append(contentsOf: rfc3339.utf8)
            return
        }
        func append(_ word: UInt64) {
            for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(k)))) }
        }
        append(words.0)
        append(words.1)
        append(words.2)
    }

    /// The length of the canonical text (`YYYY-MM-DDTHH:MM:SS.mmmZ`).
    package static let canonicalCount = 24

    /// The canonical 24 bytes (`YYYY-MM-DDTHH:MM:SS.mmmZ`) as three words of eight, each
    /// byte after the one before it in the word's next higher byte (little-endian order),
    /// when the year has four digits (0–9999); nil otherwise (`rfc3339` then says it). A
    /// writer stores them without a byte at a time; `appendCanonical` appends them.
    package var canonicalWords: (UInt64, UInt64, UInt64)? {
        let (days, msOfDay) = Self.floorDivide(milliseconds, 86_400_000)
        let (y, m, d) = Self.civil(fromDays: days)
        guard y >= 0 && y <= 9999 else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var (word, at): (UInt64, Int) = (0, 0)
        @inline(__always) func put(_ b: UInt8) {
            word |= UInt64(b) << (8 * UInt64(at & 7))
            at += 1
            guard at & 7 == 0 else { return }
            switch at {
            case 8: words.0 = word
            case 16: words.1 = word
            default: words.2 = word
            }
            word = 0
        }
        @inline(__always) func put(_ v: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = v
            while divisor > 0 {
                put(0x30 + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(y, 4)
        put(0x2D)
        put(m, 2)
        put(0x2D)
        put(d, 2)
        put(0x54)
        put(msOfDay / 3_600_000, 2)
        put(0x3A)
        put(msOfDay / 60_000 % 60, 2)
        put(0x3A)
        put(msOfDay / 1000 % 60, 2)
        put(0x2E)
        put(msOfDay % 1000, 3)
        put(0x5A)
        return words
    }

    /// Parses RFC 3339 in UTC or with an offset (`2026-06-28T15:36:37Z`,
    /// `…T15:36:37.5+02:00`), or a plain date (`2026-06-28`, meaning the end of
    /// that day when `endOfDay` is true, its start otherwise).
    public init?(parsing text: String, dateMeansEndOfDay endOfDay: Bool = false) {
        let b = Array(text.utf8)
        guard b.count >= 10, let y = Self.digits(b, 0, 4), b[4] == UInt8(ascii: "-"),
            let mo = Self.digits(b, 5, 2), b[7] == UInt8(ascii: "-"), let d = Self.digits(b, 8, 2),
            (1...12).contains(mo), d >= 1, d <= Self.daysIn(month: mo, year: y)
        else { return nil }
        let dayMs = Self.days(fromCivil: y, mo, d) * 86_400_000
        if b.count == 10 {
            self.milliseconds = dayMs + (endOfDay ? 86_399_999 : 0)
            return
        }
        guard b.count >= 20, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
            let h = Self.digits(b, 11, 2), b[13] == UInt8(ascii: ":"), let mi = Self.digits(b, 14, 2),
            b[16] == UInt8(ascii: ":"), let s = Self.digits(b, 17, 2), h < 24, mi < 60, s < 61
        else { return nil }
        var i = 19
        var fraction: Int64 = 0
        if b[i] == UInt8(ascii: ".") {
            i += 1
            var scale: Int64 = 100
            let start = i
            while i < b.count, let digit = Self.digit(b[i]) {
                fraction += digit * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        guard i < b.count else { return nil }
        var offsetMs: Int64 = 0
        switch b[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard b.count == i + 6, let oh = Self.digits(b, i + 1, 2), b[i + 3] == UInt8(ascii: ":"),
                let om = Self.digits(b, i + 4, 2), oh < 24, om < 60
            else { return nil }
            offsetMs = (oh * 60 + om) * 60_000 * (b[i] == UInt8(ascii: "+") ? 1 : -1)
            i += 6
        default:
            return nil
        }
        guard i == b.count else { return nil }
        self.milliseconds = dayMs + ((h * 60 + mi) * 60 + min(s, 59)) * 1000 + fraction - offsetMs
    }

    // MARK: - Civil-date arithmetic (proleptic Gregorian calendar)

    /// Days from 1970-01-01 to the civil date `year`-`month`-`day`.
    @inlinable @inline(__always)
    package static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// The number of days in `month` (1–12) of `year`.
    @inlinable @inline(__always)
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `a` divided by `b` (positive), rounded down, and the remainder: for
    /// every `a`, `Int64.min` included (a time read from a damaged or forged
    /// cache file is any 64 bits), without overflow.
    static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let (q, r) = (a / b, a % b)
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func digit(_ byte: UInt8) -> Int64? {
        byte >= 0x30 && byte <= 0x39 ? Int64(byte - 0x30) : nil
    }

    static func digits(_ b: [UInt8], _ at: Int, _ n: Int) -> Int64? {
        guard at + n <= b.count else { return nil }
        var v: Int64 = 0
        for k in at..<(at + n) {
            guard let d = digit(b[k]) else { return nil }
            v = v * 10 + d
        }
        return v
    }
}
