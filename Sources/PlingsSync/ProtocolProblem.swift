/// How a peer broke the sync protocol (`SyncError.protocolViolation`), as data the catalog words:
/// a peer's own tokens (an op, a header field) are carried as they came and quoted when shown.
public enum ProtocolProblem: Sendable, Hashable {
    /// A line is not a valid `kind` (a message header, a pushed command, a verdict); `text` is its start.
    case notValidLine(kind: String, text: String)
    /// A message of kind `op` without its member `member`.
    case missingMember(op: String, member: String)
    /// A batch of this many lines is more than one sync answer carries.
    case batchTooLarge(lines: Int)
    /// The hub's snapshot kept coming after it was refused.
    case snapshotAfterRefusal
    /// Bytes came after the end of a message.
    case bytesAfterMessage
    /// A message announces this many lines (more than the protocol allows, or fewer than none).
    case announcesLines(Int)
    /// An HTTP answer encoded with this content coding, which was not asked for.
    case unaskedEncoding(String)
    /// An HTTP answer with this transfer encoding.
    case transferEncoding(String)
    /// An HTTP answer with this `Content-Length`.
    case contentLength(String)
    /// A line of an HTTP answer longer than this many bytes.
    case httpLineTooLong(limit: Int)
    /// An answer that is not HTTP/1.x: how it begins.
    case notHTTP(begins: String)
    /// An HTTP answer's head longer than this many bytes.
    case headTooLong(limit: Int)
    /// An HTTP header field that is not `name: value`.
    case headerField(String)
    /// A chunk size that is not one.
    case chunkSize(String)
    /// A chunk longer than its size said.
    case chunkTooLong
    /// A request the hub does not know.
    case unknownRequest(String)
    /// The signed-in user's name cannot be an actor.
    case userNotActor(String)
    /// Device seq `dseq` of `device` leaves a gap after `after`.
    case seqGap(dseq: Int64, device: String, after: Int64)
    /// Device seq `dseq` of `device` is settled, yet has no recorded verdict.
    case noRecordedVerdict(dseq: Int64, device: String)
    /// The time on the device of device seq `dseq` is not an RFC 3339 time.
    case badDeviceTime(dseq: Int64)
    /// A log page asked for at byte `offset` says it holds `range`.
    case pageRange(offset: Int64, range: String)
    /// An answer of kind `got` where `expected` was due.
    case unexpectedAnswer(expected: String, got: String)
    /// This many verdicts for that many commands.
    case verdictCount(verdicts: Int, commands: Int)
    /// A verdict for device seq `dseq` where `due` was due.
    case verdictOutOfOrder(dseq: Int64, due: Int64)
    /// A pulled line does not read as the mirror read it.
    case pulledLineUnread
    /// A pending queue's header says `pending` is this, not 1.
    case pendingVersion(Int64)
    /// A pending queue holds device seq `dseq` where `due` was due.
    case pendingOutOfOrder(dseq: Int64, due: Int64)
}
