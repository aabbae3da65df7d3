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
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
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
        if start < 0 || start > size { return .failure(.diverged("the mirror is longer than the hub's log")) }
        if start > 0, try file.bytes(at: start - 1, length: 1) != [0x0A] {
            return .failure(.diverged("no line of the hub's log ends at byte \(start)"))
        }
        let length = Int(min(Int64(max(1, budget)), size - start))
        var chunk = try file.bytes(at: start, length: length)
        var end = wholeBatchesEnd(chunk)
        var readToEnd = start + Int64(length) == size
        if end == 0, !readToEnd {
            // One batch (or line) larger than a page: it goes whole, in one larger page.
            chunk = try file.bytes(at: start, length: Int(size - start))
            end = wholeBatchesEnd(chunk, stoppingAfter: 1)
            readToEnd = end == wholeBatchesEnd(chunk)
        }
        chunk.removeSubrange(end...)
        return .success(LogPage(start: start, bytes: chunk, reachesHead: readToEnd))
    }

    /// The end of the last whole batch in `chunk` (a line outside a batch is a
    /// batch of one); with `stoppingAfter`, at most that many batches.
    static func wholeBatchesEnd(_ chunk: [UInt8], stoppingAfter limit: Int = .max) -> Int {
        if limit == .max { return lastWholeBatchEnd(chunk) }
        var end = 0
        var start = 0
        var remaining = 0
        var batches = 0
        while batches < limit, let newline = chunk[start...].firstIndex(of: 0x0A) {
            if remaining == 0 { remaining = batchLength(chunk[start..<newline]) ?? 1 }
            remaining -= 1
            start = newline + 1
            if remaining == 0 {
                end = start
                batches += 1
            }
        }
        return end
    }

    /// The end of the last whole batch in `chunk`, found from its end: the
    /// nearest line before it that opens a batch decides (the lines after that
    /// batch are batches of one). A page holds a hub's checked lines, which
    /// open no batch inside another, and it starts where a batch starts.
    static func lastWholeBatchEnd(_ chunk: [UInt8]) -> Int {
        guard let last = chunk.lastIndex(of: 0x0A) else { return 0 }
        var lineEnd = last
        var lines = 0
        while true {
            let lineStart = chunk[..<lineEnd].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            lines += 1
            let line = chunk[lineStart..<lineEnd]
            if mentionsBatch(line), let batch = batchLength(line) { return batch <= lines ? last + 1 : lineStart }
            if lineStart == 0 { return last + 1 }
            lineEnd = lineStart - 1
        }
    }

    /// Whether `line` may open a batch, from its first members: a line's
    /// members are in key order, so `batch` comes right after `at` (and
    /// `axes`, when there), after an `actor`. False only when those members
    /// are there and `batch` does not follow; a line of another shape is read
    /// whole by `batchLength`.
    static func mentionsBatch(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { p in
            var i = 0
            func skip(_ text: StaticString) -> Bool {
                let n = text.utf8CodeUnitCount
                guard i + n <= p.count else { return false }
                for k in 0..<n where p[i + k] != text.utf8Start[k] { return false }
                i += n
                return true
            }
            /// Past the rest of a string whose opening quote was read.
            func skipString() -> Bool {
                while i < p.count, p[i] != 0x22 { i += p[i] == 0x5C ? 2 : 1 }
                i += 1
                return i <= p.count
            }
            guard skip("{") else { return true }
            if skip(#""actor":""#) { guard skipString(), skip(",") else { return true } }
            guard skip(#""at":""#), skipString() else { return true }
            if skip(#","axes":["#) {
                while i < p.count, p[i] != 0x5D { i += 1 }
                i += 1
            }
            return skip(#","batch":"#) || i > p.count
        }
    }

    /// The length a line announces when it opens a batch, read by the one line
    /// reader (`LineCodec.members`: every rule but the own hash, which the device checks).
    static func batchLength(_ line: ArraySlice<UInt8>) -> Int? {
        line.withUnsafeBufferPointer { p in
            var fields = LineFields()
            guard LineCodec.members(p, into: &fields) == nil, let batch = fields.batch else { return nil }
            return Int(batch)
        }
    }
}
