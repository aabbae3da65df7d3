/// An event by seq and time, as a card shows it.
public struct EventRef: Sendable, Hashable {
    /// The event's seq.
    public var seq: Int64
    /// The event's time, as RFC 3339 text.
    public var at: String
}

/// Why an object is out of the world: the `archived` event, its note, and
/// the container it went with (nil when it was archived itself).
public struct ArchiveRef: Sendable, Hashable {
    /// The seq of the archive event.
    public var seq: Int64
    /// Its time, as RFC 3339 text.
    public var at: String
    /// The note given when archiving, if any.
    public var note: String?
    /// The container archived with it, if it went with one.
    public var with: String?
}

extension EventRef: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("seq", seq)
            $0.field("at", at)
        }
    }
}

extension ArchiveRef: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("seq", seq)
            $0.field("at", at)
            $0.field("note", note)
            $0.field("with", with)
        }
    }
}
