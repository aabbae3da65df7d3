/// One event of the log as a person reads it (`Query.entries`): the event,
/// whether it was skipped, and its sentence with the names of the things it
/// names as they were right after it.
public struct LogEntry: Sendable, Hashable {
    /// The event.
    public var event: Event
    /// Whether the event was skipped against the state (its command no longer held when it was read).
    public var skipped: Bool
    /// The event as a sentence ("placed Plastlåda (yTvK) under Bord (5GgB), both current and home").
    public var sentence: String

    /// An entry of `event`.
    public init(event: Event, skipped: Bool, sentence: String) {
        self.event = event
        self.skipped = skipped
        self.sentence = sentence
    }
}
