/// The chain rules across the seams of a log checked in chunks (see
/// `ChunkCheck`): a worker checks the lines of one chunk among themselves
/// with a checker that starts at `chunkStart`, and the checker that reads
/// the chunks in order admits each chunk's first line itself (the rules
/// against the line before it) and then takes on the worker's result with
/// `join`, or checks the chunk line by line when the result cannot stand.
extension ChainChecker {
    /// A checker for the lines of a chunk whose first line passed the scan
    /// with members `first`: that line chains to it by construction (the seq
    /// before, its `prev`, its time), so it checks the lines after the first
    /// against each other. Line numbers count from the chunk's first line.
    static func chunkStart(path: String, offset: Int64, first: LineFields) -> ChainChecker {
        // Integers in a line have at most 18 digits: `seq - 1` and `+ 1` stay in range.
        ChainChecker(
            path: path,
            cursor: LogCursor(offset: offset, lines: 0, lastSeq: first.seq - 1, lastAt: first.at, lastHash: first.prev))
    }

    /// What a worker found in a chunk whose every line passed (see `chunkStart`).
    struct ChunkResult {
        /// The lines checked, the first included.
        var lines: Int
        /// The worker's position after the first line, and after the last.
        var afterFirst: Position
        var end: Position
        /// The line number (in the chunk, from 1) of the first batch opener after the first line.
        var firstOpener: Int?
    }

    /// Takes on a worker's check of lines 2...n of a chunk, once this checker
    /// has admitted line 1 itself. The worker started outside any batch; this
    /// checker may be inside one that began in an earlier chunk. Once both
    /// stand alike, they check alike; until then the lines still in this
    /// checker's batch must open none (that would be refused).
    /// - Returns: false, changing nothing, when the result cannot stand for
    ///   this checker's own check: the caller checks the lines one by one.
    mutating func join(_ result: ChunkResult) -> Bool {
        var p = position
        let shift = p.chain.lines - 1
        func global(_ c: LogCursor) -> LogCursor {
            var c = c
            c.lines += shift
            return c
        }
        let (first, end) = (result.afterFirst, result.end)
        if p.batchRemaining == first.batchRemaining && p.inTornBatch == first.inTornBatch {
            p.chain = global(end.chain)
            // A worker that folded nothing saw line 1 open a torn batch, as this checker did: the cursor stays.
            if end.cursor.lines >= 1 { p.cursor = global(end.cursor) }
            (p.batchRemaining, p.inTornBatch) = (end.batchRemaining, end.inTornBatch)
            position = p
            return true
        }
        // Line 1 went on in a batch of an earlier chunk here; the worker took it as outside any batch.
        let rest = result.lines - 1
        if let opener = result.firstOpener, opener - 1 <= p.batchRemaining { return false }
        if rest <= p.batchRemaining {
            // Every line after the first is in this checker's batch (and opens none).
            p.chain = global(end.chain)
            if !p.inTornBatch { p.cursor = p.chain }
            p.batchRemaining -= rest
        } else {
            // The batch ends inside the chunk; after it both stand alike. A torn batch has no lines after it.
            if p.inTornBatch { return false }
            (p.chain, p.cursor) = (global(end.chain), global(end.cursor))
            (p.batchRemaining, p.inTornBatch) = (end.batchRemaining, end.inTornBatch)
        }
        position = p
        return true
    }

    /// `admit` of a line not scanned yet, stopping before the first folded
    /// line past seq `limit` (as a replay up to a seq does).
    /// - Returns: false when the line is past the limit: the checker stepped back over it.
    mutating func admit(
        _ line: UnsafeBufferPointer<UInt8>, at offset: Int64, stoppingAfter limit: Int64?,
        batchComplete: (Int64, Int) throws(LogError) -> Bool
    ) throws(LogError) -> Bool {
        let before = position
        guard let f = try admit(line, at: offset, batchComplete: batchComplete) else { return true }
        if let limit, f.seq > limit {
            position = before
            return false
        }
        return true
    }
}
