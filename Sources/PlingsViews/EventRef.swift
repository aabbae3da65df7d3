/// An event by seq and time, as a card shows it.
public struct EventRef: Sendable, Hashable {
    public var seq: Int64
    public var at: String
}

/// Why an object is out of the world: the `archived` event, its note, and
/// the container it went with (nil when it was archived itself).
public struct ArchiveRef: Sendable, Hashable {
    public var seq: Int64
    public var at: String
    public var note: String?
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
