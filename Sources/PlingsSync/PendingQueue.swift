import PlingsKit

/// The device's queue of commands not yet on the hub, in `<log>.pending`.
///
/// The first line is a header, `{"next":K,"pending":1}`, where K is the
/// device seq of the first queued command (or of the next one, when the
/// queue is empty); each further line is one `SyncProtocol.Pushed`. New
/// commands are appended and fsynced; after a sync the file is replaced
/// atomically by one without the commands whose verdicts arrived. Bytes
/// after the last newline are a torn append (the command was never
/// confirmed): they are ignored and cut by the next append.
public struct PendingQueue: Sendable, Hashable {
    struct FileHeader: Codable {
        var next: Int64
        var pending: Int
    }

    /// The queue file's path (beside the log: `LOG.pending`).
    public let path: String
    /// The log the queue belongs to (its permissions are the queue's).
    let logPath: String
    /// The device seq of the first entry, or of the next command when empty.
    public private(set) var first: Int64 = 1
    /// The queued commands, oldest first; their dseqs are `first`, `first+1`, …
    public private(set) var entries: [SyncProtocol.Pushed] = []
    /// Bytes of complete lines in the file (nil when the file does not exist).
    private var validBytes: Int?
    private var fileBytes = 0
    /// Those complete lines as they were read (empty when none were).
    private var readLines: [UInt8] = []

    /// The device seq the next command gets.
    public var nextDseq: Int64 { first + Int64(entries.count) }

    /// The queue's path for the log at `logPath`.
    public static func path(forLog logPath: String) -> String { logPath + ".pending" }

    /// Reads the queue beside `logPath` (empty when there is no file).
    /// - Throws: `SyncError` when a complete line is not valid.
    public static func load(forLog logPath: String) throws(SyncError) -> PendingQueue {
        try load(forLog: logPath, after: nil)
    }

    /// Reads the queue beside `logPath` again after `earlier` was read from it: when the file
    /// still begins with the complete lines `earlier` read (byte for byte), only the lines
    /// appended after them are read (local commands append while a sync waits on the hub);
    /// otherwise the whole file, as `load(forLog:)`.
    /// - Throws: `SyncError` when a complete line is not valid.
    static func load(forLog logPath: String, after earlier: PendingQueue?) throws(SyncError) -> PendingQueue {
        var queue = PendingQueue(path: path(forLog: logPath), logPath: logPath)
        guard let bytes = try SyncFiles.read(queue.path, log: logPath) else { return queue }
        queue.fileBytes = bytes.count
        let end = (LineSplit.lastEnd(in: bytes) ?? -1) + 1
        queue.validBytes = end
        queue.readLines = Array(bytes[0..<end])
        if let earlier, earlier.path == queue.path, let known = earlier.validBytes, known > 0, known <= end,
            earlier.readLines.count == known, bytes[0..<known] == earlier.readLines[...]
        {
            queue.first = earlier.first
            queue.entries = earlier.entries
            try queue.appendEntries(LineSplit.wholeLines(bytes[known..<end]))
            return queue
        }
        var lines = LineSplit.wholeLines(bytes[0..<end])[...]
        guard let head = lines.first else { return queue }
        lines = lines.dropFirst()
        let header: FileHeader
        do throws(SyncError) {
            header = try SyncProtocol.decodeLine(FileHeader.self, head)
        } catch {
            throw .pendingDamaged(path: queue.path, line: 1, problem: error)
        }
        guard header.pending == 1 else {
            throw .pendingDamaged(
                path: queue.path, line: 1, problem: .protocolViolation(.pendingVersion(Int64(header.pending))))
        }
        guard (1...LineFormat.maxInteger).contains(header.next) else {
            throw .pendingDamaged(path: queue.path, line: 1, problem: .deviceSeqOutOfRange(header.next))
        }
        queue.first = header.next
        try queue.appendEntries(Array(lines))
        return queue
    }

    /// Reads the entry lines that follow the ones read so far, checking that their device seqs go on.
    private mutating func appendEntries(_ lines: [ArraySlice<UInt8>]) throws(SyncError) {
        entries.reserveCapacity(entries.count + lines.count)
        for line in lines {
            let k = entries.count
            let entry: SyncProtocol.Pushed
            do throws(SyncError) {
                entry = try SyncLines.pushed(line)
            } catch {
                throw .pendingDamaged(path: path, line: k + 2, problem: error)
            }
            guard entry.dseq == first + Int64(k) else {
                throw .pendingDamaged(
                    path: path, line: k + 2,
                    problem: .protocolViolation(.pendingOutOfOrder(dseq: entry.dseq, due: first + Int64(k))))
            }
            entries.append(entry)
        }
    }

    /// Checks that every queued command is a command (each member there, taken by its kind, valid),
    /// before any of them is sent.
    /// - Throws: `SyncError.pendingDamaged` naming the line and the member.
    public func checkCommands() throws(SyncError) {
        for (k, entry) in entries.enumerated() {
            do throws(SyncError) {
                _ = try entry.command.command()
            } catch {
                throw .pendingDamaged(path: path, line: k + 2, problem: error)
            }
        }
    }

    private init(path: String, logPath: String) {
        self.path = path
        self.logPath = logPath
    }

    /// Appends commands made now on the device, durably. Call holding the device lock.
    /// - Returns: the queued entries, with their device seqs.
    @discardableResult
    public mutating func append(_ commands: [Command], at time: Timestamp, seen: Int64) throws(SyncError)
        -> [SyncProtocol.Pushed]
    {
        var bytes: [UInt8] = []
        if validBytes == nil || validBytes == 0 {
            bytes = SyncProtocol.encodeLine(FileHeader(next: first, pending: 1))
        }
        var added: [SyncProtocol.Pushed] = []
        let last = nextDseq.addingReportingOverflow(Int64(commands.count) - 1)
        if last.overflow || last.partialValue > LineFormat.maxInteger {
            throw .deviceSeqOutOfRange(last.overflow ? .max : last.partialValue)
        }
        let dat = time.rfc3339
        for command in commands {
            guard let wire = WireCommand(command) else { throw .notCarried }
            let entry = SyncProtocol.Pushed(dseq: nextDseq + Int64(added.count), dat: dat, seen: seen, command: wire)
            bytes += SyncLines.line(entry)
            bytes.append(0x0A)
            added.append(entry)
        }
        let keep = validBytes.flatMap { $0 < fileBytes ? $0 : nil }
        try SyncFiles.append(bytes, to: path, log: logPath, keep: keep)
        // The file now holds the lines read (cut back to them) and these after them.
        readLines += bytes
        validBytes = (validBytes ?? 0) + bytes.count
        fileBytes = validBytes ?? 0
        entries += added
        return added
    }

    /// When the queue is empty and would give a device seq up to `settled`, starts it after
    /// `settled` instead (the file replaced atomically by a header that says so). Call holding
    /// the device lock.
    mutating func start(after settled: Int64) throws(SyncError) {
        guard entries.isEmpty, first <= settled, settled < LineFormat.maxInteger else { return }
        let bytes = SyncProtocol.encodeLine(FileHeader(next: settled + 1, pending: 1))
        try SyncFiles.replace(path, log: logPath, with: bytes)
        (readLines, first, validBytes, fileBytes) = (bytes, settled + 1, bytes.count, bytes.count)
    }

    /// Drops every entry with a dseq up to `dseq` (their verdicts arrived) and
    /// replaces the file atomically. Call holding the device lock.
    public mutating func drop(through dseq: Int64) throws(SyncError) {
        guard dseq >= first else { return }
        let count = min(Int(dseq - first + 1), entries.count)
        let rest = Array(entries[count...])
        let newFirst = first + Int64(count)
        var bytes = SyncProtocol.encodeLine(FileHeader(next: newFirst, pending: 1))
        for entry in rest {
            bytes += SyncLines.line(entry)
            bytes.append(0x0A)
        }
        try SyncFiles.replace(path, log: logPath, with: bytes)
        readLines = bytes
        first = newFirst
        entries = rest
        validBytes = bytes.count
        fileBytes = bytes.count
    }
}
