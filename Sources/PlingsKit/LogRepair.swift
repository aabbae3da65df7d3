import PlingsPlatform

/// `plings repair`: the way back from a damaged log (docs/adr/0012). The lines
/// up to the first problem the strict reader finds (cut back to the start of
/// its batch) are kept; every byte after them is copied whole to a file beside
/// the log and made durable there, and only then is the log cut back to that
/// line boundary. The events of the set-aside lines that still read (a line
/// edited by hand among them) are written as `plings apply` commands, each
/// with a command id that records its seq and original time, to be decided
/// again. A log that verifies is never touched; a device's mirror neither
/// (it is cloned again instead).
package enum LogRepair {
    /// What a repair sets aside and keeps.
    package struct Plan: Sendable, Hashable {
        /// The first problem the strict reader found.
        package var problem: LogError
        /// The lines kept: the position after the last whole batch before the problem.
        package var kept: LogCursor
        /// The bytes set aside, from `kept.offset` to the end of the file.
        package var bytes: Int64
        /// The lines set aside (a last one without its newline counts).
        package var lines: Int
        /// The first and last seq the set-aside lines that still read claim.
        package var seqs: ClosedRange<Int64>?
        /// Where the set-aside bytes go (beside the log).
        package var asidePath: String
        /// The set-aside events as `plings apply` lines, oldest first.
        package var commands: [String]
        /// Where the commands go (nil when there are none).
        package var commandsPath: String?
        /// Set-aside lines that are neither a command (a hub's `refused` record) nor readable at all.
        package var notCommands: Int
        /// The SHA-256 of the set-aside bytes.
        package var digest: Digest

        /// The number of the first line set aside.
        package var firstLine: Int { kept.lines + 1 }
    }

    /// What `run` found or did.
    package enum Outcome: Sendable, Hashable {
        /// There is no log at the path.
        case noLog
        /// Every line passed: nothing is set aside (a torn tail is the next write's to set aside).
        case sound(torn: TornTail?)
        /// The log is a device's mirror: nothing is changed; clone the hub again.
        case mirror
        /// A dry run: what a repair would set aside.
        case wouldRepair(Plan)
        /// The set-aside file's name holds other bytes than the ones to set aside: nothing was changed.
        case asideTaken(Plan)
        /// Set aside and cut; `reused` when the set-aside file was already there whole
        /// (a repair killed between the copy and the cut, run again).
        case repaired(Plan, reused: Bool)
    }

    /// Repairs the log at `path` (or, with `dryRun`, only says what it would do).
    /// - Complexity: two passes over the log, one over the set-aside bytes.
    package static func run(path: String, dryRun: Bool) throws(LogError) -> Outcome {
        if DeviceMark.isMirrorFile(logPath: path) { return .mirror }
        guard let file = try LogFile.open(path, create: false) else { return .noLog }
        return try file.withLock(exclusive: !dryRun) { () throws(LogError) -> Outcome in
            let problem: LogError
            let kept: LogCursor
            switch try read(file) {
            case .sound(let torn): return .sound(torn: torn)
            case .damaged(let error, let cursor): (problem, kept) = (error, cursor)
            }
            let plan = try makePlan(file, problem, kept: kept)
            if dryRun { return .wouldRepair(plan) }
            let copy = try file.copySuffix(from: plan.kept.offset, to: plan.asidePath, expecting: plan.digest)
            if copy == .taken { return .asideTaken(plan) }
            if let commandsPath = plan.commandsPath {
                try SideFile(commandsPath, log: path).replace(with: Array(plan.commands.joined().utf8))
            }
            try file.cutSetAsideSuffix(at: plan.kept.offset)
            return .repaired(plan, reused: copy == .reused)
        }
    }

    /// What the strict reader found.
    enum Reading {
        /// Every line passed.
        case sound(torn: TornTail?)
        /// The first problem, and the position to keep.
        case damaged(LogError, kept: LogCursor)
    }

    /// Reads the log with the one strict reader (`ChainChecker`, through `LogFile.read`): its
    /// first problem with the position to keep, after the last good line or at the start of
    /// the batch that line is in (a batch is kept whole or not at all). A problem with no line
    /// (a read failure, a file that is not a log) is thrown.
    static func read(_ file: LogFile) throws(LogError) -> Reading {
        var good = LogCursor()
        var batchStart = LogCursor()
        var remaining = 0
        do {
            let torn = try file.read(from: LogCursor()) { decoded, offset, batchRemaining in
                // `good` is the position before this line: its offset, and the line before it.
                good.offset = offset
                if remaining == 0 { batchStart = good }
                remaining = batchRemaining
                good = LogCursor(
                    offset: offset, lines: good.lines + 1, lastSeq: decoded.event.seq, lastAt: decoded.event.at,
                    lastHash: decoded.hash)
            }.torn
            return .sound(torn: torn)
        } catch {
            guard error.location != nil else { throw error }
            if remaining > 0 { return .damaged(error, kept: batchStart) }
            guard good.lines > 0 else { return .damaged(error, kept: LogCursor()) }
            // `good.offset` is where the last good line starts; it ends at its newline.
            let line = try file.bytes(at: good.offset, length: LineFormat.maxLineBytes + 1)
            guard let end = LineSplit.firstEnd(in: line) else { throw error }
            good.offset += Int64(end) + 1
            return .damaged(error, kept: good)
        }
    }

    /// What setting aside everything after `kept` means: its size, lines, seqs and commands.
    static func makePlan(_ file: LogFile, _ problem: LogError, kept: LogCursor) throws(LogError) -> Plan {
        let (digest, bytes) = try file.digestOfSuffix(from: kept.offset)
        let name = "\(file.path).set-aside-\(kept.lines + 1)-\(String(digest.hex.prefix(8)))"
        var plan = Plan(
            problem: problem, kept: kept, bytes: bytes, lines: 0, seqs: nil, asidePath: name + ".jsonl",
            commands: [], commandsPath: nil, notCommands: 0, digest: digest)
        var last = kept.offset
        var stoppedAt: Int64?
        try file.readLines(from: kept.offset) { (line, offset) throws(LogError) in
            // A line past the limit is the reader's whole buffer: the rest is counted, not read.
            guard stoppedAt == nil else { return }
            guard line.count <= LineFormat.maxLineBytes else {
                stoppedAt = offset
                return
            }
            plan.lines += 1
            last = offset + Int64(line.count) + 1
            guard let decoded = LineDecoder.decodeIgnoringOwnHash(line) else { return }
            let seq = decoded.event.seq
            plan.seqs = plan.seqs.map { min($0.lowerBound, seq)...max($0.upperBound, seq) } ?? seq...seq
            if let command = applyLine(decoded.event) { plan.commands.append(command) }
        }
        plan.lines += try linesCounted(file, from: stoppedAt ?? last)
        plan.notCommands = plan.lines - plan.commands.count
        if !plan.commands.isEmpty { plan.commandsPath = name + ".apply.jsonl" }
        return plan
    }

    /// The lines from `offset` to the end of the file, counted by their newlines (and a last one without).
    private static func linesCounted(_ file: LogFile, from offset: Int64) throws(LogError) -> Int {
        var count = 0
        var position = offset
        var lastByte = LineSplit.newline
        while true {
            let piece = try file.bytes(at: position, length: 1 << 20)
            guard let end = piece.last else { break }
            count += piece.withUnsafeBytes { LineSplit.countLines(in: $0, upTo: .max).lines }
            position += Int64(piece.count)
            lastByte = end
        }
        return count + (lastByte == LineSplit.newline ? 0 : 1)
    }

    /// The `plings apply` line that decides `event` again, or nil for a hub's `refused`
    /// record (not a command). Its `cid` records the seq and original time
    /// (`set-aside-12-2026-12-01T100000.000Z`), so applying the file twice appends once.
    package static func applyLine(_ event: Event) -> String? {
        let cid = "set-aside-\(event.seq)-" + event.at.rfc3339.filter { $0 != ":" }
        let line = JSONWriter.text { w in
            w.beginObject()
            switch event.payload {
            case .created(let id, let name):
                w.field("command", "create")
                w.field("object", id.rawValue)
                w.field("name", name)
            case .renamed(let id, let name):
                w.field("command", "rename")
                w.field("object", id.rawValue)
                w.field("name", name)
            case .placed(let p):
                w.field("command", "place")
                w.field("object", p.object.rawValue)
                w.field("relation", p.relation.token)
                w.field("target", p.target?.rawValue ?? ObjectID.worldToken)
                w.field("axes", p.axes == .both ? "both" : p.axes == .current ? "current" : "normal")
            case .returned(let id):
                w.field("command", "return")
                w.field("object", id.rawValue)
            case .seen(let id):
                w.field("command", "seen")
                w.field("object", id.rawValue)
            case .archived(let id, let note):
                w.field("command", "archive")
                w.field("object", id.rawValue)
                if let note { w.field("note", note) }
            case .restored(let p):
                w.field("command", "restore")
                w.field("object", p.object.rawValue)
                w.field("relation", p.relation.token)
                w.field("target", p.target?.rawValue ?? ObjectID.worldToken)
            case .lent(let loan):
                w.field("command", "lend")
                w.field("object", loan.object.rawValue)
                switch loan.borrower {
                case .thing(let id): w.field("to", id.rawValue)
                case .name(let name): w.field("to", name)
                }
                if let due = loan.due { w.field("due", due.description) }
                if let note = loan.note { w.field("note", note) }
            case .refused:
                break
            }
            w.field("cid", cid)
            w.endObject()
        }
        if case .refused = event.payload { return nil }
        return line + "\n"
    }
}
