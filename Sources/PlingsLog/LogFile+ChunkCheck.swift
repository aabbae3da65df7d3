/// The chain check in chunks on every core (see `ChunkCheck`).
extension LogFile {
    /// Checks every line from `checker`'s cursor on (scan, own hash, chain,
    /// batches), without folding any event, as `checkChain(from:)` does, with
    /// the lines scanned and checked on worker threads as `options` says.
    /// With `limit`, stops before the first line past that seq that would be
    /// folded, as a replay up to a seq does.
    /// - Returns: whether it stopped at the limit, and the torn tail (when it did not).
    /// - Throws: `LogError` naming the first bad line; `checker` then stands
    ///   where a sequential read stands when it throws.
    package func checkChain(
        _ checker: inout ChainChecker, _ options: ChunkCheck, stoppingAfter limit: Int64? = nil
    ) throws(LogError) -> (stopped: Bool, torn: TornTail?) {
        // Start from what was folded, as a replay does: a batch not whole last time is read again.
        checker = ChainChecker(path: path, cursor: checker.cursor)
        let start = checker.cursor.offset
        let size = try size()
        if size < start { throw .shrunk(path: path, size: size, read: start) }
        let stopped = try ChunkSource.file(self).checkChain(&checker, options, from: start, size: size, limit)
        return (stopped, stopped ? nil : try tornTail(after: checker))
    }
}

extension ChainChecker {
    /// Checks the lines of a page of the log held in memory, which starts
    /// where this checker's cursor stands (`bytes[0]` is at `cursor.offset`),
    /// as `LogFile.checkChain` checks a file: every line scanned with its own
    /// hash and chained, in chunks on every core as `options` says, none folded.
    /// A batch the page does not hold whole, and bytes after its last `\n`,
    /// are left: the cursor then stands before them.
    /// - Throws: `LogError` naming the first bad line (offsets are the log's).
    package mutating func checkPage(_ bytes: UnsafeRawBufferPointer, _ options: ChunkCheck = .automatic)
        throws(LogError)
    {
        self = ChainChecker(path: path, cursor: cursor)
        let start = cursor.offset
        let source = ChunkSource.memory(bytes, origin: start)
        _ = try source.checkChain(&self, options, from: start, size: start + Int64(bytes.count), nil)
    }
}

extension ChunkSource {
    /// The check in chunks of the bytes from `start` to `size` (see `LogFile.checkChain(_:_:stoppingAfter:)`).
    /// - Returns: whether it stopped at the limit.
    fileprivate func checkChain(
        _ checker: inout ChainChecker, _ options: ChunkCheck, from start: Int64, size: Int64, _ limit: Int64?
    ) throws(LogError) -> Bool {
        let pool =
            size - start >= options.threshold
            ? ChunkCheckPool(self, path: checker.path, from: start, size: size, options) : nil
        guard let pool, let finish = pool.start() else {
            var stopped = false
            try lines(from: start, lineLimit: options.lineLimit) { (line, offset) throws(LogError) in
                stopped = try !admit(line, at: offset, &checker, limit)
                return !stopped
            }
            return stopped
        }
        defer { finish() }
        for index in 0..<pool.count {
            let chunk = pool.chunk(index)
            guard try combine(chunk, &checker, limit) else { return true }
            pool.recycle(chunk)
        }
        return false
    }

    /// Takes a checked chunk on in file order.
    /// - Returns: false when it stopped at the limit.
    private func combine(_ chunk: ChunkCheck.Chunk, _ checker: inout ChainChecker, _ limit: Int64?) throws(LogError)
        -> Bool
    {
        var from = 0
        if let first = chunk.first, limit.map({ chunk.result.map { $0.end.chain.lastSeq } ?? .max <= $0 }) ?? true {
            // The first line against the line before it (the seam), with this thread's checker.
            _ = try withUnsafePointer(to: first.fields) { (p) throws(LogError) in
                try checker.admit(first.line, at: first.offset, passed: p, batchComplete: batchComplete)
            }
            from = 1
            if let result = chunk.result, checker.join(result) { from = .max }
        }
        if from < .max {
            // Line by line from where the worker's result does not reach, as a sequential read.
            var lines = chunk.lines()
            if from == 1 { _ = lines.next() }
            while let (line, offset) = lines.next() {
                guard try admit(line, at: offset, &checker, limit) else { return false }
            }
        }
        if chunk.readErrno != 0 { throw .io(path: checker.path, operation: .reading, errno: chunk.readErrno) }
        return true
    }

    /// One line not scanned yet through `checker` (see `ChainChecker.admit(_:at:stoppingAfter:batchComplete:)`).
    private func admit(
        _ line: UnsafeBufferPointer<UInt8>, at offset: Int64, _ checker: inout ChainChecker, _ limit: Int64?
    ) throws(LogError) -> Bool {
        try checker.admit(line, at: offset, stoppingAfter: limit, batchComplete: batchComplete)
    }

    /// The batch rule's question, asked of the source.
    private var batchComplete: (Int64, Int) throws(LogError) -> Bool {
        { (start, n) throws(LogError) in try self.hasLines(from: start, count: n) }
    }
}
