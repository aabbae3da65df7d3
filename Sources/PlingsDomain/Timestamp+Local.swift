extension Timestamp {
    /// A civil time written without a zone, as milliseconds since 1970-01-01T00:00 of a clock
    /// that shows it (its zone is the reader's to choose): `2026-12-01T04:02:20`, `…T04:02`,
    /// `…T04:02:20.5`, with `T`, `t` or a space; or a date, `2026-12-01`, meaning the last
    /// millisecond of that day. Nil for anything else (a time with a zone is `init(parsing:)`'s).
    package static func parseLocal(_ text: String) -> (milliseconds: Int64, isDate: Bool)? {
        let b = Array(text.utf8)
        guard b.count >= 10, let y = digits(b, 0, 4), b[4] == UInt8(ascii: "-"), let mo = digits(b, 5, 2),
            b[7] == UInt8(ascii: "-"), let d = digits(b, 8, 2), (1...12).contains(mo), d >= 1,
            d <= daysIn(month: mo, year: y)
        else { return nil }
        let dayMs = days(fromCivil: y, mo, d) * 86_400_000
        if b.count == 10 { return (dayMs + 86_399_999, true) }
        guard b.count >= 16, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == UInt8(ascii: " "),
            let h = digits(b, 11, 2), b[13] == UInt8(ascii: ":"), let mi = digits(b, 14, 2), h < 24, mi < 60
        else { return nil }
        var ms = dayMs + (h * 60 + mi) * 60_000
        if b.count == 16 { return (ms, false) }
        guard b.count >= 19, b[16] == UInt8(ascii: ":"), let s = digits(b, 17, 2), s < 61 else { return nil }
        ms += min(s, 59) * 1000
        var i = 19
        if i < b.count {
            guard b[i] == UInt8(ascii: "."), b.count > i + 1 else { return nil }
            i += 1
            var scale: Int64 = 100
            while i < b.count, let digit = digit(b[i]) {
                ms += digit * scale
                scale /= 10
                i += 1
            }
        }
        return i == b.count ? (ms, false) : nil
    }
}
