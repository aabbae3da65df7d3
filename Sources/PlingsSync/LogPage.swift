import PlingsKit
import PlingsPlatform

/// A page of a hub's log as raw bytes: whole lines from a line boundary,
/// ending at the end of a whole batch, so a device can check every line and
/// append the page as it came. The bytes of a page never change (the log is
/// only ever appended to), which is what makes `GET BASE/log` cacheable.
public struct LogPage: Sendable, Hashable {
    /// The byte offset of the page's first line in the hub's log.
    public var start: Int64
    /// The lines, each ending with `\n`.
    public var bytes: [UInt8]
    /// Whether the page ends where the hub's whole lines ended when it was read:
    /// false for a page cut by its size (more follows), true at the head.
    public var reachesHead: Bool

    /// The byte offset just past the page.
    public var end: Int64 { start + Int64(bytes.count) }

    /// About how many bytes a page carries unless asked for fewer (more when one batch is larger).
    public static let defaultBytes = 16 << 20

    /// A page of `bytes` that starts at byte `start` of the log; `reachesHead` when it ends at the log's end.
    public init(start: Int64, bytes: [UInt8], reachesHead: Bool) {
        self.start = start
        self.bytes = bytes
        self.reachesHead = reachesHead
    }

    /// The hash (64 hex digits) of the page's last line, or nil for an empty page.
    public var lastHash: String? {
        let suffix = LineFormat.hashSuffixLength
        guard bytes.count > suffix else { return nil }
        let hex = bytes[(bytes.count - 1 - 66)..<(bytes.count - 3)]
        return String(decoding: hex, as: UTF8.self)
    }

    /// The `prev` of the page's first line (the hash of the line before it), when it has one.
    var firstPrev: Digest? {
        guard let newline = LineSplit.firstEnd(in: bytes) else { return nil }
        return bytes[..<newline].withUnsafeBufferPointer { p in
            var fields = LineFields()
            guard LineCodec.members(p, into: &fields) == nil else { return nil }
            return fields.prev
        }
    }

    /// Reads the page of the log at `path` that starts at `start`, of about
    /// `budget` bytes, under the log's shared lock.
    /// - Throws: `SyncError.diverged` when no line of the log ends at `start - 1`
    ///   (the asking mirror is longer than the log, or not a prefix of it);
    ///   `SyncError.store` when the log cannot be read.
    public static func read(logPath path: String, from start: Int64, budget: Int = defaultBytes) throws(SyncError)
        -> LogPage
    {
        let outcome: Result<LogPage, SyncError>
        do throws(LogError) {
            guard let file = try LogFile.open(path, create: false) else {
                throw LogError.io(path: path, operation: .opening, .noSuchFile)
            }
            outcome = try file.withLock(exclusive: false) { () throws(LogError) in
                try read(file, from: start, budget: budget)
            }
        } catch {
            throw .store(.log(error))
        }
        return try outcome.get()
    }

    private static func read(_ file: LogFile, from start: Int64, budget: Int) throws(LogError) -> Result<
        LogPage, SyncError
    > {
        let size = try file.size()
        if start < 0 || start > size { return .failure(.diverged(.mirrorLonger)) }
        if start > 0, try file.bytes(at: start - 1, length: 1) != [LineSplit.newline] {
            return .failure(.diverged(.noLineEndsAt(offset: start)))
        }
        let length = Int(min(Int64(max(1, budget)), size - start))
        var chunk = try file.bytes(at: start, length: length)
        var end = LineBatches.wholeBatchesEnd(chunk)
        var readToEnd = start + Int64(length) == size
        if end == 0, !readToEnd {
            // One batch (or line) larger than a page: it goes whole, in one larger page.
            (chunk, end) = try firstBatch(file, from: start, size: size, read: chunk, limit: Int.max)
            readToEnd = start + Int64(chunk.count) == size && end == LineBatches.wholeBatchesEnd(chunk)
        }
        chunk.removeSubrange(end...)
        return .success(LogPage(start: start, bytes: chunk, reachesHead: readToEnd))
    }

    /// Reads on from `start`, the read so far doubled each time, until the first batch there
    /// ends (never the rest of the log in one go: a batch larger than a page costs about twice
    /// its own size, whatever follows it).
    /// - Returns: the bytes read and the end of the first batch in them (0 when the log, or
    ///   `limit` bytes, ended first).
    static func firstBatch(
        _ file: LogFile, from start: Int64, size: Int64, read: [UInt8], limit: Int
    ) throws(LogError) -> (bytes: [UInt8], end: Int) {
        var chunk = read
        while true {
            let end = LineBatches.wholeBatchesEnd(chunk, stoppingAfter: 1)
            let left = size - start - Int64(chunk.count)
            if end > 0 || left <= 0 || chunk.count >= limit { return (chunk, end) }
            let more = Int(min(left, Int64(max(chunk.count, 1 << 16)), Int64(limit - chunk.count)))
            chunk += try file.bytes(at: start + Int64(chunk.count), length: more)
        }
    }
}
