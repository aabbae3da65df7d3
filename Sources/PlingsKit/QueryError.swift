/// Why a view could not answer for the point or the object asked about.
public enum QueryError: Error, Sendable, Hashable {
    /// A seq past the log's last event (`head`) was asked for.
    case pastHead(asked: Int64, head: Int64)
    /// The object was made only after the point, which comes to `seq` (0: before the first event).
    case notYet(ObjectID, seq: Int64)
    /// A diff's first point comes after its second (the seqs they come to).
    case reversed(from: Int64, to: Int64)
}
