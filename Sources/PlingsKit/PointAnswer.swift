/// Where an asked point falls in a log, as every view at a point says it first: "As of #46
/// (2026-12-01T04:02:20.000Z)". One rule for a seq and a time alike:
///
/// - a point within the log shows the world right after the last event at or before it, and
///   names that event and its time (and, for a time, the instant asked, in UTC, with the zone
///   a time without one was read in);
/// - a time later than the last event's shows the world after the last event, and says so
///   ("After the last event (#46, …)"): never an error, never the head without a word; a seq
///   past the end is no such point but an error naming the last event (`QueryError.pastHead`:
///   a seq names an event, and one the log does not have yet is a mistake);
/// - a point before the first event (seq 0, a time before the log began) is the empty world, and
///   says so.
public struct PointAnswer: Sendable, Hashable {
    /// Where the point falls.
    public enum Place: Sendable, Hashable {
        case beforeFirstEvent
        case within
        case afterLastEvent
    }

    /// The point asked for.
    public let asked: AskedPoint
    /// The last event the view shows (0 before the first).
    public let seq: Int64
    /// That event's time (nil before the first).
    public let at: Timestamp?
    /// Where the point falls.
    public let place: Place

    /// The instant the point stands for, by which a view at it judges what is due (a loan is
    /// overdue after its due day as of that instant, not as of today): the time asked, or for a
    /// seq the time of its event; nil for a seq before the first event.
    public var instant: Timestamp? { asked.instant ?? at }

    /// The answer for `asked` in a log whose last event is `head`, given what a read up to the
    /// point reached: the seq and time of its last event (`at` is ignored at seq 0).
    /// - Throws: `QueryError.pastHead` for a seq past `head`: a seq names an event, and one the
    ///   log does not have is no point to answer for (a time after the last event is one).
    public init(_ asked: AskedPoint, reached seq: Int64, at: Timestamp, head: Int64) throws(QueryError) {
        if case .seq(let s) = asked.limit, s > head { throw .pastHead(asked: s, head: head) }
        self.asked = asked
        self.seq = seq
        self.at = seq > 0 ? at : nil
        if seq == 0 {
            // Nothing applied: the point is before the first event (in an empty log too).
            place = .beforeFirstEvent
            return
        }
        switch asked.limit {
        case .seq: place = .within
        case .time(let t): place = seq >= head && t > at ? .afterLastEvent : .within
        }
    }
}
