extension PointAnswer: JSONWritable {
    /// `{"asked":"2026-12-01T04:02:20","seq":46,"at":"…","instant":"…","zone":"Europe/Stockholm",
    /// "place":"within"}`: the text asked, the last event shown and its time (null before the
    /// first), the instant a time point stands for in UTC (null for a seq), the zone a time
    /// without one was read in (null when it had one, or for a seq), and `within`,
    /// `after-last-event` or `before-first-event`.
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("asked", asked.text)
            $0.field("seq", seq)
            $0.field("at", at?.rfc3339)
            $0.field("instant", asked.instant?.rfc3339)
            $0.field("zone", asked.zone)
            $0.field("place", place.token)
        }
    }
}

extension PointAnswer.Place {
    /// The place's name in JSON.
    public var token: String {
        switch self {
        case .beforeFirstEvent: return "before-first-event"
        case .within: return "within"
        case .afterLastEvent: return "after-last-event"
        }
    }
}
