import PlingsDomain
import PlingsPlatform

/// An open log file: reading it as a stream of lines, locking it, appending
/// whole lines durably, and moving a torn tail aside. Owns the descriptor.
package final class LogFile {
    package let path: String
    /// The descriptor (internal: the chunked check in `LogFile+ChunkCheck.swift` reads through it).
    let fd: Int32
    /// What `fstat` said of the descriptor the first time `isStill` asked (for its device and inode).
    private var opened: FileStatus?

    /// How many bytes one read asks for.
    package static let chunkSize = 1 << 20

    /// Whether the descriptor was opened for writing (false for a read-only file).
    package let writable: Bool

    /// Opens the log at `path`. With `create`, a missing file is created (and
    /// its directory fsynced); without it, a missing file gives nil. A file
    /// that cannot be opened for writing is opened read-only; appending to it
    /// then fails with `LogError.readOnly`.
    /// - Throws: `LogError.io` when the file cannot be opened.
    package static func open(_ path: String, create: Bool) throws(LogError) -> LogFile? {
        // O_NONBLOCK: a FIFO named as the log must not hang the command (it is refused below).
        var failure: SystemErrno
        switch Result(catching: { () throws(SystemErrno) in
            try Platform.open(path, .readWrite, [.append, .nonBlocking])
        }) {
        case .success(let fd): return try regular(LogFile(path: path, fd: fd.rawValue, writable: true))
        case .failure(let error): failure = error
        }
        if [.accessDenied, .readOnlyFileSystem, .notPermitted].contains(failure) {
            switch Result(catching: { () throws(SystemErrno) in try Platform.open(path, .readOnly, .nonBlocking) }) {
            case .success(let fd): return try regular(LogFile(path: path, fd: fd.rawValue, writable: false))
            case .failure(let error): failure = error
            }
        }
        guard failure == .noSuchFile else { throw .io(path: path, operation: .opening, failure) }
        guard create else { return nil }
        let file = LogFile(path: path, fd: try createFile(path).rawValue, writable: true)
        try file.syncDirectory()
        return file
    }

    /// Creates the log (`O_EXCL`), or opens it when another process created it meanwhile.
    private static func createFile(_ path: String) throws(LogError) -> FileDescriptor {
        do {
            return try Platform.open(path, .readWrite, [.append, .create, .exclusive])
        } catch {
            if error != .exists { throw .io(path: path, operation: .creating, error) }
        }
        return try LogError.io(path, .creating) { () throws(SystemErrno) in
            try Platform.open(path, .readWrite, .append)
        }
    }

    /// Only a regular file can be a log (not a FIFO, a device or `/dev/null`).
    private static func regular(_ file: LogFile) throws(LogError) -> LogFile {
        guard let status = try? file.descriptor.status(), status.kind == .regular else {
            throw .notALog(path: file.path)
        }
        return file
    }

    /// Opens the log at `path` for appending, creating it when missing.
    package static func openForAppend(_ path: String) throws(LogError) -> LogFile {
        guard let file = try open(path, create: true) else {
            throw .io(path: path, operation: .creating, .noSuchFile)
        }
        return file
    }

    private init(path: String, fd: Int32, writable: Bool) {
        self.path = path
        self.fd = fd
        self.writable = writable
    }

    deinit { descriptor.close() }

    /// The descriptor as the platform layer's type.
    private var descriptor: FileDescriptor { FileDescriptor(rawValue: fd) }

    /// The file's identity as the system reports it now.
    package func identity() throws(LogError) -> LogIdentity {
        let fd = FileDescriptor(rawValue: fd)
        return LogIdentity(try LogError.io(path, .readingSize) { () throws(SystemErrno) in try fd.status() })
    }

    /// Whether `path` still names the file this descriptor has open (it was
    /// not replaced or removed meanwhile).
    /// The descriptor's own device and inode never change, so they are read once.
    package func isStill(atPath path: String) -> Bool {
        if opened == nil { opened = try? descriptor.status() }
        guard let mine = opened, let named = try? Platform.status(path) else { return false }
        return mine.isSameFile(as: named)
    }

    /// Takes the file lock: exclusive for writers, shared for readers. Blocks
    /// until it is free.
    package func lock(exclusive: Bool) throws(LogError) {
        let fd = descriptor
        try LogError.io(path, .locking) { () throws(SystemErrno) in try fd.lock(exclusive ? .exclusive : .shared) }
    }

    /// Releases the lock.
    package func unlock() {
        descriptor.unlock()
    }

    /// Runs `body` holding the lock.
    package func withLock<T>(exclusive: Bool, _ body: () throws(LogError) -> T) throws(LogError) -> T {
        try lock(exclusive: exclusive)
        defer { unlock() }
        return try body()
    }

    /// The file's size in bytes.
    package func size() throws(LogError) -> Int64 {
        let fd = descriptor
        return try LogError.io(path, .readingSize) { () throws(SystemErrno) in try fd.status() }.size
    }

    /// Reads every line from `cursor` on through `ChainChecker` (the strict
    /// scan with each line's own hash, then the chain rules), handing each
    /// decoded line and its byte offset to `body`.
    /// - Returns: the cursor after the last whole line (and batch), and the torn tail if any.
    /// - Throws: `LogError` naming the first bad line; `body` has then seen
    ///   every good line before it.
    package func read(
        from cursor: LogCursor, _ body: (DecodedLine, Int64) -> Void
    ) throws(LogError) -> (cursor: LogCursor, torn: TornTail?) {
        try read(from: cursor, ahead: .automatic, body)
    }

    /// `read(from:_:)`, reading ahead on a second thread as `ahead` says.
    package func read(
        from cursor: LogCursor, ahead: ReadAhead, _ body: (DecodedLine, Int64) -> Void
    ) throws(LogError) -> (cursor: LogCursor, torn: TornTail?) {
        try read(from: cursor, ahead: ahead) { line, offset, _ in body(line, offset) }
    }

    /// `read(from:ahead:_:)`, telling `body` with each line how many lines
    /// of its batch follow it (0 after a batch's last line or a line outside
    /// a batch), as the chain's batch rule counted them.
    package func read(
        from cursor: LogCursor, ahead: ReadAhead = .automatic, _ body: (DecodedLine, Int64, Int) -> Void
    ) throws(LogError) -> (cursor: LogCursor, torn: TornTail?) {
        var checker = ChainChecker(path: path, cursor: cursor)
        try scanLines(from: cursor.offset, ahead: ahead) { (line, offset, scanned) throws(LogError) in
            let admitted = try checker.admit(
                line, at: offset, scanned: scanned,
                batchComplete: { (start, n) throws(LogError) in try self.hasLines(from: start, count: n) })
            if let admitted { body(LineCodec.interpret(admitted, line), offset, checker.position.batchRemaining) }
            return true
        }
        return (checker.cursor, try tornTail(after: checker))
    }

    /// The bytes after the last line `checker` admitted for folding, if any:
    /// part of a line, or a batch not on disk whole. At the very start of the
    /// file they must be able to begin a Plings line, or the file is not a log.
    package func tornTail(after checker: ChainChecker) throws(LogError) -> TornTail? {
        let offset = checker.cursor.offset
        let end = try size()
        guard end > offset else { return nil }
        try checker.checkTail(bytes(at: offset, length: Int(min(64, end - offset))), at: offset)
        return TornTail(offset: offset, length: end - offset)
    }

    /// Checks every line from the start (scan, own hash, chain, batches)
    /// without folding any event, in chunks on every core (see `ChunkCheck`).
    /// - Returns: the cursor after the last whole line (and batch).
    @discardableResult
    package func checkChain(from cursor: LogCursor = LogCursor()) throws(LogError) -> LogCursor {
        var checker = ChainChecker(path: path, cursor: cursor)
        _ = try checkChain(&checker, .automatic)
        return checker.cursor
    }

    /// `checkChain(from:)`, reading ahead on a second thread as `ahead` says.
    @discardableResult
    package func checkChain(from cursor: LogCursor = LogCursor(), ahead: ReadAhead) throws(LogError) -> LogCursor {
        var checker = ChainChecker(path: path, cursor: cursor)
        try scanLines(from: cursor.offset, ahead: ahead) { (line, offset, scanned) throws(LogError) in
            _ = try checker.admit(
                line, at: offset, scanned: scanned,
                batchComplete: { (start, n) throws(LogError) in try self.hasLines(from: start, count: n) })
            return true
        }
        _ = try tornTail(after: checker)
        return checker.cursor
    }

    /// Whether at least `count` newline-ended lines start at `offset` (counted by `LineSplit.countLines`).
    package func hasLines(from offset: Int64, count: Int) throws(LogError) -> Bool {
        var found = 0
        var position = offset
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while found < count {
            let got = try readChunk(into: &buffer, at: position)
            if got == 0 { return false }
            found += buffer.withUnsafeBytes {
                LineSplit.countLines(in: .init(rebasing: $0[0..<got]), upTo: count - found).lines
            }
            position += Int64(got)
        }
        return true
    }

    private func readChunk(into buffer: inout [UInt8], at offset: Int64) throws(LogError) -> Int {
        let fd = descriptor
        let got = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemErrno) in try fd.pread(into: raw, at: offset) }
        }
        return try LogError.io(path, .reading) { () throws(SystemErrno) in try got.get() }
    }

    /// Streams raw lines (without `\n`) from `start`, in chunks read with
    /// `pread` (not a memory map: a file cut short by another program must
    /// give an error, never a crash). Bytes after the last `\n` are not
    /// handed out.
    package func readLines(
        from start: Int64, _ body: (UnsafeBufferPointer<UInt8>, Int64) throws(LogError) -> Void
    ) throws(LogError) {
        try readLinesByChunks(from: start) { (line, offset) throws(LogError) in
            try body(line, offset)
            return true
        }
    }

    /// Streams raw lines (without `\n`) from `start` like `readLines`, each
    /// with its verdict from `LineCodec.scan`: on reads of at least
    /// `ahead.threshold` bytes a second thread reads ahead and scans (see
    /// `ReadAhead`); otherwise every line comes `.pending`, for the caller's
    /// `ChainChecker.admit` to scan. `body` returns false to stop reading.
    /// On a read ahead, `peek` is shown coming lines as `lookahead` says
    /// (the stage, the line, its offset, its members), for cache hints only.
    /// Always inlined: in its caller the two closures are known, so their
    /// bodies (replay's look-ahead and fold) join the loop instead of being
    /// called through a context for every line and stage.
    @inline(__always)
    package func scanLines(
        from start: Int64, ahead: ReadAhead = .automatic, lookahead: LineLookahead = .none,
        peek: (Int, UnsafeBufferPointer<UInt8>, Int64, UnsafePointer<LineFields>) -> Void = { _, _, _, _ in },
        _ body: (UnsafeBufferPointer<UInt8>, Int64, ScanVerdict) throws(LogError) -> Bool
    ) throws(LogError) {
        let reader = try size() - start >= ahead.threshold ? ReadAheadReader(fd: fd, from: start, ahead) : nil
        guard let reader, let finish = reader.start() else {
            try readLinesByChunks(from: start, chunkSize: ahead.chunkSize) { (line, offset) throws(LogError) in
                try body(line, offset, .pending)
            }
            return
        }
        defer { finish() }
        let reach = lookahead.distances.first ?? 0
        while true {
            let chunk = reader.next()
            guard let base = chunk.bytes.baseAddress else { return }
            // Local copies: the loop reads them without an access check per line.
            let (starts, lengths, failed) = (chunk.starts, chunk.lengths, UnsafePointer(chunk.failed))
            let (scanned, fileOffset) = (UnsafePointer(chunk.fields), chunk.fileOffset)
            let stages = lookahead.distances
            // The verdicts were written on the reading thread's core: each is
            // asked for well before its first look (by the farthest stage).
            let hint = 2 * reach
            // Lines scanned so far: a line is looked at (by the farthest
            // stage) only once it is, scanned here when the reading thread is behind.
            var ready = 0
            for k in 0..<starts.count {
                if k + reach >= ready { ready = reader.scanned(chunk, atLeast: min(k + reach + 1, starts.count)) }
                if hint > 0 && k + hint < ready { Prefetch.bytes(UnsafeRawPointer(failed + k + hint), count: 1) }
                for (stage, distance) in stages.enumerated() where k + distance < starts.count && !failed[k + distance]
                {
                    let a = k + distance
                    let coming = UnsafeBufferPointer(start: base + starts[a], count: lengths[a])
                    peek(stage, coming, fileOffset + Int64(starts[a]), scanned + a)
                }
                let line = UnsafeBufferPointer(start: base + starts[k], count: lengths[k])
                let verdict: ScanVerdict =
                    failed[k] ? .refused(chunk.problem(at: k) ?? .notAnObject) : .passed(scanned + k)
                guard try body(line, fileOffset + Int64(starts[k]), verdict) else { return }
            }
            if chunk.overlong {
                _ = try body(UnsafeBufferPointer(chunk.bytes), chunk.fileOffset, .pending)
                return
            }
            if chunk.readErrno != 0 { throw .io(path: path, operation: .reading, errno: chunk.readErrno) }
            if chunk.end { return }
            reader.recycle(chunk)
        }
    }

    /// The same as `readLines`, with `pread` into a buffer; `body` returns false to stop.
    func readLinesByChunks(
        from start: Int64, chunkSize: Int = LogFile.chunkSize,
        _ body: (UnsafeBufferPointer<UInt8>, Int64) throws(LogError) -> Bool
    ) throws(LogError) {
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var filled = 0
        var fileOffset = start
        var bufferStartOffset = start
        var going = true
        while going {
            if filled == buffer.count {
                // The whole buffer holds no line end: far over the line limit.
                // Hand it out as one line so the checker reports it (with its
                // line number and offset) instead of reading on without bound.
                _ = try buffer.withUnsafeBufferPointer { (all) throws(LogError) in
                    try body(all, bufferStartOffset)
                }
                return
            }
            let got = try readChunk(into: &buffer, from: filled, at: fileOffset)
            if got == 0 { return }
            fileOffset += Int64(got)
            filled += got
            var consumed = 0
            try buffer.withUnsafeBufferPointer { (all) throws(LogError) in
                guard let base = all.baseAddress else { return }
                var lineStart = 0
                while going, lineStart < filled {
                    let rest = UnsafeRawBufferPointer(start: base + lineStart, count: filled - lineStart)
                    guard let nl = LineSplit.firstEnd(in: rest) else { break }
                    let lineEnd = lineStart + nl
                    let line = UnsafeBufferPointer(start: base + lineStart, count: lineEnd - lineStart)
                    going = try body(line, bufferStartOffset + Int64(lineStart))
                    lineStart = lineEnd + 1
                }
                consumed = lineStart
            }
            if consumed > 0 {
                let rest = filled - consumed
                if rest > 0 {
                    buffer.withUnsafeMutableBufferPointer { p in
                        guard let base = p.baseAddress else { return }
                        // copyMemory is a memmove: the regions may overlap.
                        UnsafeMutableRawPointer(base).copyMemory(from: base + consumed, byteCount: rest)
                    }
                }
                filled = rest
                bufferStartOffset += Int64(consumed)
            }
        }
    }

    /// One `pread` into `buffer` from index `start` on (0 at the end of the file).
    private func readChunk(into buffer: inout [UInt8], from start: Int, at offset: Int64) throws(LogError) -> Int {
        let fd = descriptor
        let got = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemErrno) in
                try fd.pread(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]), at: offset)
            }
        }
        return try LogError.io(path, .reading) { () throws(SystemErrno) in try got.get() }
    }

    /// Reads `length` bytes at `offset` (fewer only at the end of the file).
    package func bytes(at offset: Int64, length: Int) throws(LogError) -> [UInt8] {
        let fd = descriptor
        return try LogError.io(path, .reading) { () throws(SystemErrno) in try fd.pread(count: length, at: offset) }
    }

    /// Moves a torn tail aside: its bytes are appended, with where they came
    /// from, to the quarantine file beside the log and synced; then the log is
    /// cut back to its last complete line and synced. Call holding the
    /// exclusive lock.
    /// - Returns: the quarantine file's path.
    @discardableResult
    package func quarantine(_ torn: TornTail, now: Timestamp) throws(LogError) -> String {
        guard writable else { throw .readOnly(path: path) }
        let tail = try bytes(at: torn.offset, length: Int(torn.length))
        // A file with no whole line of ours is not a log that was torn: it is not ours at all.
        if torn.offset == 0 && !LogOwnership.mayBeOurs(tail) { throw .notALog(path: path) }
        let qpath = path + ".quarantine"
        var record: [UInt8] = []
        record.append(contentsOf: "{\"at\":\"\(now.rfc3339)\",\"length\":\(tail.count),\"offset\":\(torn.offset),".utf8)
        record.append(contentsOf: "\"hex\":\"".utf8)
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        for b in tail {
            record.append(digits[Int(b >> 4)])
            record.append(digits[Int(b & 15)])
        }
        record.append(contentsOf: "\"}\n".utf8)
        // Opened as the log is (no link, no FIFO, only a regular file), made with the log's permissions.
        // Other failures name the log: it is the log the user was writing to.
        let quarantine = SideFile(qpath, log: path)
        let created = !quarantine.exists
        let qfd: FileDescriptor
        do throws(LogError) {
            guard let opened = try quarantine.open(.writeOnly, .append, create: true) else {
                throw LogError.notRegular(path: qpath)
            }
            qfd = opened
        } catch {
            guard case .io(_, _, let code) = error else { throw error }
            throw .io(path: path, operation: .cuttingTornTail, errno: code)
        }
        defer { qfd.close() }
        let qsize = (try? qfd.status().size) ?? 0
        // Any failure takes the quarantine file back to what it was, so a retry adds one whole record.
        func fail(_ error: SystemErrno) -> LogError {
            try? qfd.truncate(to: qsize)
            return .io(path: path, operation: .cuttingTornTail, error)
        }
        let fd = descriptor
        do {
            try qfd.writeAll(record)
            try qfd.sync()
            // A new quarantine file's name is made durable before the tail leaves the log.
            if created { try Platform.syncDirectory(containing: qpath) }
            try fd.truncate(to: torn.offset)
        } catch {
            throw fail(error)
        }
        try LogError.io(path, .syncing) { () throws(SystemErrno) in try fd.sync() }
        return qpath
    }

    /// Appends `bytes` (whole lines) with one `write` (looping on short
    /// writes), then `fdatasync`. Either every byte is durable or it throws,
    /// and then the file is cut back to where it ended before (and synced), so
    /// a failed append leaves nothing. Bytes a crash leaves behind are a torn
    /// line or an incomplete batch, which readers ignore.
    /// - Parameter size: the file's size now, when the caller has just read it holding the lock
    ///   (what a failed append is cut back to); read here when nil.
    package func append(_ bytes: [UInt8], size known: Int64? = nil) throws(LogError) {
        guard writable else { throw .readOnly(path: path) }
        let before: Int64
        if let known { before = known } else { before = try size() }
        let fd = descriptor
        do throws(LogError) {
            try LogError.io(path, .writing) { () throws(SystemErrno) in try fd.writeAll(bytes) }
            try LogError.io(path, .syncing) { () throws(SystemErrno) in try fd.syncData() }
        } catch {
            // Roll back: nothing of a failed append may stay.
            if (try? fd.truncate(to: before)) != nil { try? fd.syncData() }
            throw error
        }
    }

    /// Fsyncs the directory that holds the log, so a new file's name is durable
    /// (a file system that cannot sync a directory, `EINVAL`, is taken as done).
    func syncDirectory() throws(LogError) {
        let dir = Platform.directory(of: path)
        let dfd = try LogError.io(dir, .openingDirectory) { () throws(SystemErrno) in
            try Platform.open(dir, .readOnly, .directory)
        }
        defer { dfd.close() }
        do {
            try dfd.sync()
        } catch {
            if error != .invalidArgument { throw .io(path: dir, operation: .syncingDirectory, error) }
        }
    }
}
