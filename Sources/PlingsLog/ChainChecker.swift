import PlingsDomain

/// The chain rules, written once: each line must pass the strict scan (with
/// its own hash), carry the next seq, chain to the line before it, not go
/// back in time, and belong to a batch that is on disk whole. Every reader —
/// replay, verify, catch-up, the snapshot check, `log` — goes through here.
package struct ChainChecker: Sendable {
    package let path: String
    /// The position after the last line that passed and may be folded.
    package private(set) var cursor: LogCursor
    /// The position after the last line checked: past `cursor` only while
    /// the lines of a batch that is not on disk whole are being checked.
    private var chain: LogCursor
    /// Lines still to come of the batch being read (0 outside a batch).
    private var batchRemaining = 0
    /// Whether the batch being read is not on disk whole (its lines are checked, never folded).
    private var inTornBatch = false
    /// The lines admitted that keep the writer's clock beside a clamped time (`clock`): events
    /// written while the clock was behind the log (`plings verify` counts them).
    package private(set) var clockKept = 0

    /// Where the checker stands (to step back over a line it admitted).
    package struct Position: Sendable {
        var cursor: LogCursor
        var chain: LogCursor
        var batchRemaining: Int
        var inTornBatch: Bool
        var clockKept: Int
    }

    /// Where the checker stands; setting it steps back to a position it had.
    package var position: Position {
        get {
            Position(
                cursor: cursor, chain: chain, batchRemaining: batchRemaining, inTornBatch: inTornBatch,
                clockKept: clockKept)
        }
        set {
            (cursor, chain) = (newValue.cursor, newValue.chain)
            (batchRemaining, inTornBatch) = (newValue.batchRemaining, newValue.inTornBatch)
            clockKept = newValue.clockKept
        }
    }

    package init(path: String, cursor: LogCursor = LogCursor()) {
        self.path = path
        self.cursor = cursor
        chain = cursor
    }

    /// Scans and checks one line (without its `\n`) that starts at byte `offset`.
    /// - Parameter batchComplete: asked, for a line that opens a batch of `n`
    ///   lines, whether `n` complete lines start at its offset.
    /// - Returns: the line's members, or nil when the line belongs to a batch
    ///   that is not on disk whole (what a crash in the middle of a batch
    ///   leaves): it must not be folded, and the caller goes on reading, so
    ///   every line after it is checked too. The bytes from the batch's first
    ///   line on are the torn tail; `cursor` stays before them.
    /// - Throws: `LogError` naming the line and offset.
    /// - Parameter scanned: the line's verdict from `LineCodec.scan` when a
    ///   pipelined read already scanned it on another thread; `.pending`
    ///   scans it here. Either way the verdict counts only now, in line order.
    package mutating func admit(
        _ line: UnsafeBufferPointer<UInt8>, at offset: Int64, scanned: ScanVerdict = .pending,
        batchComplete: (Int64, Int) throws(LogError) -> Bool
    ) throws(LogError) -> LineFields? {
        switch scanned {
        case .passed(let fields):
            return try admit(line, at: offset, passed: fields, batchComplete: batchComplete) ? fields.pointee : nil
        case .pending:
            var f = LineFields()
            if let problem = LineCodec.scan(line, into: &f) { throw refusal(problem, line, at: offset) }
            let folds = try withUnsafePointer(to: f) { (p) throws(LogError) -> Bool in
                try admit(line, at: offset, passed: p, batchComplete: batchComplete)
            }
            return folds ? f : nil
        case .refused(let problem):
            throw refusal(problem, line, at: offset)
        }
    }

    /// The error for a line the strict scan refused.
    private func refusal(_ problem: LineProblem, _ line: UnsafeBufferPointer<UInt8>, at offset: Int64) -> LogError {
        let lineNumber = chain.lines + 1
        if case .ownHash(let seq) = problem {
            return .hashMismatch(path: path, line: lineNumber, offset: offset, seq: seq)
        }
        if offset == 0 && !LogOwnership.mayBeOurs(line: line) { return .notALog(path: path) }
        return .damaged(path: path, line: lineNumber, offset: offset, problem: problem)
    }

    /// The chain rules for a line that passed the strict scan (own hash
    /// included), whose members `f` points to: read in place, never copied.
    /// - Returns: whether the line may be folded; false when it belongs to a
    ///   batch that is not on disk whole (see `admit(_:at:scanned:batchComplete:)`).
    /// - Throws: `LogError` naming the line and offset.
    package mutating func admit(
        _ line: UnsafeBufferPointer<UInt8>, at offset: Int64, passed f: UnsafePointer<LineFields>,
        batchComplete: (Int64, Int) throws(LogError) -> Bool
    ) throws(LogError) -> Bool {
        let lineNumber = chain.lines + 1
        let seq = f.pointee.seq
        if seq != chain.lastSeq + 1 {
            throw .seqOutOfOrder(
                path: path, line: lineNumber, offset: offset, expected: chain.lastSeq + 1, found: seq)
        }
        if f.pointee.prev != chain.lastHash {
            throw .chainBroken(path: path, line: lineNumber, offset: offset, seq: seq)
        }
        let at = f.pointee.at
        if at < chain.lastAt { throw .timeWentBack(path: path, line: lineNumber, offset: offset, seq: seq) }
        if let batch = f.pointee.batch {
            if batchRemaining > 0 {
                throw .damaged(
                    path: path, line: lineNumber, offset: offset,
                    problem: .badField("batch", .nestedBatch))
            }
            inTornBatch = try !batchComplete(offset, Int(batch))
            batchRemaining = Int(batch)
        }
        if batchRemaining > 0 { batchRemaining -= 1 }
        chain = LogCursor(
            offset: offset + Int64(line.count) + 1, lines: lineNumber, lastSeq: seq, lastAt: at,
            lastHash: f.pointee.hash)
        if inTornBatch { return false }
        cursor = chain
        if f.pointee.hasClock { clockKept += 1 }
        return true
    }

    /// Checks what follows the last whole line (`first` holds its first
    /// bytes): at the very start of a file it must be able to begin a Plings
    /// line, or the file is not a log.
    package func checkTail(_ first: [UInt8], at offset: Int64) throws(LogError) {
        if offset == 0 && !LogOwnership.mayBeOurs(first) { throw .notALog(path: path) }
    }

    /// Checks one line and decodes its event.
    /// - Returns: nil when the line belongs to a batch that is not on disk whole.
    package mutating func check(
        _ line: UnsafeBufferPointer<UInt8>, at offset: Int64,
        batchComplete: (Int64, Int) throws(LogError) -> Bool
    ) throws(LogError) -> DecodedLine? {
        guard let fields = try admit(line, at: offset, batchComplete: batchComplete) else { return nil }
        return LineCodec.interpret(fields, line)
    }

    /// Checks a whole log held in memory.
    /// - Returns: every decoded line, the cursor after the last complete line
    ///   (and batch), and the torn tail: bytes after it that are not a whole
    ///   line, or a batch that is not whole.
    package static func checkAll(
        _ bytes: [UInt8], path: String = "<memory>"
    ) throws(LogError) -> (lines: [DecodedLine], cursor: LogCursor, torn: TornTail?) {
        var checker = ChainChecker(path: path)
        var lines: [DecodedLine] = []
        let result: Result<Void, LogError> = bytes.withUnsafeBufferPointer { all in
            var start = 0
            while let newline = LineSplit.firstEnd(in: all[start...]) {
                do throws(LogError) {
                    let line = UnsafeBufferPointer(rebasing: all[start..<newline])
                    let decoded = try checker.check(
                        line, at: Int64(start),
                        batchComplete: { (offset, n) throws(LogError) in
                            LineSplit.hasLines(in: all, from: Int(offset), count: n)
                        })
                    if let decoded { lines.append(decoded) }
                } catch {
                    return .failure(error)
                }
                start = newline + 1
            }
            return .success(())
        }
        if case .failure(let error) = result { throw error }
        let end = checker.cursor.offset
        if end < Int64(bytes.count) { try checker.checkTail(Array(bytes[Int(end)...].prefix(64)), at: end) }
        let torn = end < Int64(bytes.count) ? TornTail(offset: end, length: Int64(bytes.count) - end) : nil
        return (lines, checker.cursor, torn)
    }
}
