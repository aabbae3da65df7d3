/// A point of the log as a person asks for it with `--at`, `--from`, `--to` or `?at=`, and the
/// one rule that reads it, for the command line, an app and the web pages alike:
///
/// - `57` or `#57`: a seq, the world right after event 57;
/// - an RFC 3339 time with its zone (`2026-12-01T04:02:20Z`, `…+01:00`): the world after the
///   last event recorded at or before that instant;
/// - a time without a zone (`2026-12-01T04:02:20`, `2026-12-01 04:02`): the same, the time read
///   in the person's zone (`TZ`);
/// - a date (`2026-12-01`): the end of that day in the person's zone.
///
/// Where the point falls in a given log is `PointAnswer`'s to say.
public struct AskedPoint: Sendable, Hashable {
    /// The text as it was written.
    public let text: String
    /// The seq, or the instant (in UTC), the views replay to.
    public let limit: ReplayLimit
    /// The zone a time without one (or a date) was read in; nil for a seq or a time with its zone.
    public let zone: String?

    /// A point that is already a seq or an instant (`text` as the answer quotes it).
    public init(_ limit: ReplayLimit, text: String, zone: String? = nil) {
        self.limit = limit
        self.text = text
        self.zone = zone
    }

    /// Reads `text` by the rule above, a time without a zone in `zone`; nil when it is none of them.
    public static func parse(_ text: String, zone: LocalZone) -> AskedPoint? {
        // A seq as views print it ("#57") is a seq too.
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let seq = Int64(digits), seq >= 0, digits.first?.isNumber == true {
            return AskedPoint(.seq(seq), text: text)
        }
        if let local = Timestamp.parseLocal(text) {
            return AskedPoint(.time(zone.instant(local: local.milliseconds)), text: text, zone: zone.name)
        }
        if let time = Timestamp(parsing: text) { return AskedPoint(.time(time), text: text) }
        return nil
    }

    /// The instant asked for, for a time or a date; nil for a seq.
    public var instant: Timestamp? {
        if case .time(let t) = limit { return t }
        return nil
    }
}
