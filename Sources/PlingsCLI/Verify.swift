import PlingsKit
import PlingsText

/// `plings verify` and `plings head`.
extension Commands {
    struct VerifyReport {
        struct Problem {
            var message: String
            var line: Int?
            var offset: Int64?
            var seq: Int64?
        }
        struct Tail {
            var offset: Int64
            var length: Int64
        }
        struct Expectation {
            var seq: Int64
            var hash: String
            var matched: Bool
        }
        struct Skip {
            var seq: Int64
            var reason: String
        }
        var ok: Bool
        var lines: Int
        var head: LogCursor
        var tornTail: Tail?
        var problem: Problem?
        var expect: Expectation?
        /// The events skipped against the state; nil when they were not folded (without `--events`).
        var skipped: [Skip]?
    }

    /// What a read of the log found.
    struct VerifyRead {
        var cursor = LogCursor()
        var expectedFound = false
        var torn: TornTail?
        var skipped: [VerifyReport.Skip]?
    }

    static func parseExpect(_ text: String, _ context: Context) throws -> (Int64, Digest) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let seq = Int64(parts[0]), seq >= 0, let hash = Digest(hex: String(parts[1])) else {
            throw CLIError.usage(context.text(.badExpect, ["value": Printable.quote(text)]))
        }
        return (seq, hash)
    }

    static func verify(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let expect = try args.values["--expect"].map { try parseExpect($0, context) }
        var report = VerifyReport(ok: true, lines: 0, head: LogCursor())
        var read = VerifyRead()
        if let file = try LogFile.open(context.logPath, create: false) {
            do {
                try file.withLock(exclusive: false) { () throws(LogError) in
                    if args.flag("--events") {
                        try foldEvents(file, expect, context, &read)
                    } else {
                        try checkLines(file, expect, &read)
                    }
                }
            } catch {
                report.ok = false
                let seq: Int64? =
                    switch error {
                    case .chainBroken(_, _, _, let s), .hashMismatch(_, _, _, let s), .timeWentBack(_, _, _, let s): s
                    case .seqOutOfOrder(_, _, _, _, let found): found
                    default: nil
                    }
                report.problem = .init(
                    message: context.text.message(error, inVerify: true), line: error.location?.line,
                    offset: error.location?.offset, seq: seq)
            }
        } else if expect == nil {
            throw CLIError.failure(context.text(.noLog, ["path": Printable.quote(context.logPath)]))
        }
        report.lines = read.cursor.lines
        report.head = read.cursor
        report.tornTail = read.torn.map { .init(offset: $0.offset, length: $0.length) }
        report.skipped = read.skipped
        if let (seq, hash) = expect {
            let matched = read.expectedFound || (seq == 0 && hash == .zero)
            report.expect = .init(seq: seq, hash: hash.hex, matched: matched)
            if !matched { report.ok = false }
        }
        if args.flag("--json") {
            writeJSON(report, context)
        } else {
            printVerifyReport(report, context)
        }
        return report.ok ? ExitStatus.ok : ExitStatus.failure
    }

    /// The check every reader makes (the strict scan, every hash, the chain
    /// rules), on every core, without folding events. With an expected head,
    /// first up to its seq (to see its hash), then on: the verdicts of a
    /// replay up to that seq and on, without its state.
    static func checkLines(_ file: LogFile, _ expect: (Int64, Digest)?, _ read: inout VerifyRead) throws(LogError) {
        var checker = ChainChecker(path: file.path)
        defer { read.cursor = checker.cursor }
        if let (seq, hash) = expect, seq >= 1 {
            // Seen even when a later line in the same read stops the check: the head was there.
            defer { read.expectedFound = checker.cursor.lastSeq == seq && checker.cursor.lastHash == hash }
            _ = try file.checkChain(&checker, .automatic, stoppingAfter: seq)
        }
        read.torn = try file.checkChain(&checker, .automatic).torn
    }

    /// `--events`: the same reader, folding the events to find those skipped against the state.
    static func foldEvents(
        _ file: LogFile, _ expect: (Int64, Digest)?, _ context: Context, _ read: inout VerifyRead
    ) throws(LogError) {
        var replayer = Replayer(path: context.logPath)
        defer {
            read.cursor = replayer.cursor
            read.skipped = replayer.state.skipped.map { .init(seq: $0.seq, reason: context.text.message($0.error)) }
        }
        if let (seq, hash) = expect, seq >= 1 {
            // Stop after the expected seq to see its hash, then read on.
            // Seen even when a later line in the same read stops the replay: the head was there.
            defer { read.expectedFound = replayer.cursor.lastSeq == seq && replayer.cursor.lastHash == hash }
            try replayer.run(file, limit: .seq(seq))
        }
        read.torn = try replayer.run(file)
    }

    static func head(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let store = try context.openStore()
        let cursor = store.cursor
        if args.flag("--json") {
            writeJSON(context) {
                $0.object {
                    $0.field("seq", cursor.lastSeq)
                    $0.field("hash", cursor.lastHash.hex)
                    $0.field("at", cursor.lastSeq == 0 ? nil : cursor.lastAt.rfc3339)
                }
            }
        } else {
            context.terminal.out("\(cursor.lastSeq):\(cursor.lastHash.hex)\n")
        }
        return ExitStatus.ok
    }

    /// The human report: the verdict on stdout; a damaged line as one error line on stderr.
    static func printVerifyReport(_ report: VerifyReport, _ context: Context) {
        let t = context.text
        let out = { (line: String) in context.terminal.out(line + "\n") }
        if let problem = report.problem {
            context.terminal.err("plings: \(problem.message)\n")
            out(t.count(.verifyIntactBefore, report.lines))
        } else if report.lines == 0 {
            out(t(.verifyOKEmpty))
            out(t(.verifyHead, ["seq": "\(report.head.lastSeq)", "hash": report.head.lastHash.hex]))
        } else {
            out(t(.verifyOK, ["lines": t.count(.countLines, report.lines), "seq": "\(report.head.lastSeq)"]))
            out(t(.verifyHead, ["seq": "\(report.head.lastSeq)", "hash": report.head.lastHash.hex]))
        }
        if let torn = report.tornTail {
            out(t(.verifyTorn, ["bytes": "\(torn.length)", "offset": "\(torn.offset)"]))
        }
        if let e = report.expect {
            let values = ["seq": "\(e.seq)", "hash": e.hash]
            if e.matched {
                out(t(.verifyExpectFound, values))
            } else {
                context.terminal.err("plings: \(t(.verifyExpectMissing, values))\n")
            }
        }
        if let skipped = report.skipped {
            // --events: say that the events were replayed, so the check shows even when none was skipped.
            out(t(.verifyReplayed, ["events": t.count(.countEvents, report.lines), "skipped": "\(skipped.count)"]))
            for s in skipped { out(t(.verifySkipped, ["seq": "\(s.seq)", "reason": s.reason])) }
        }
    }
}
