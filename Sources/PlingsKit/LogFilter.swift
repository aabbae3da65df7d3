/// Which events a view of the log shows: those from a point on, those about one object.
public struct LogFilter: Sendable, Hashable {
    /// The first point shown (from the first event when nil).
    public var from: ReplayLimit?
    /// The object whose events are shown: those naming it as their object or as a placement's target (all when nil).
    public var object: ObjectID?

    /// A filter from `from` on, about `object`.
    public init(from: ReplayLimit? = nil, object: ObjectID? = nil) {
        self.from = from
        self.object = object
    }

    /// Whether `event` is shown.
    public func wants(_ event: Event) -> Bool {
        if let from {
            switch from {
            case .seq(let s): if event.seq < s { return false }
            case .time(let t): if event.at < t { return false }
            }
        }
        guard let object else { return true }
        if event.payload.object == object { return true }
        if case .placed(let p) = event.payload, p.target == object { return true }
        return false
    }
}

extension ReplayLimit {
    /// Whether `event` is within this point (at or before it).
    public func allows(_ event: Event) -> Bool {
        allows(seq: event.seq, at: event.at)
    }
}
