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
        /// On a shallow device: the hub's snapshot its copy begins after (the lines were checked from it on).
        var base: LogCursor?
        var tornTail: Tail?
        var problem: Problem?
        var expect: Expectation?
        /// The events skipped against the state; nil when they were not folded (without `--events`).
        var skipped: [Skip]?
        /// The events written while the writer's clock was behind the log (each keeps its reading).
        var clockBehind = 0
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
        let read = LogVerification.check(
            path: context.logPath, expecting: expect.map { (seq: $0.0, hash: $0.1) }, replaying: args.flag("--events"))
        if !read.exists && expect == nil {
            throw CLIError.failure(context.text(.noLog, ["path": Printable.quote(context.logPath)]))
        }
        var report = VerifyReport(ok: read.isSound, lines: read.head.lines, head: read.head, base: read.base)
        report.clockBehind = read.clockBehindEvents
        if let error = read.problem {
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
        report.tornTail = read.torn.map { .init(offset: $0.offset, length: $0.length) }
        report.skipped = read.skipped?.map { .init(seq: $0.seq, reason: context.text.message($0.error)) }
        if let (seq, hash) = expect {
            let matched = read.expectedFound ?? false
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
        } else if let base = report.base {
            let values = ["seq": "\(base.lastSeq)", "hash": base.lastHash.hex]
            if report.lines == 0 {
                out(t(.verifyOnBaseOnly, values))
            } else {
                out(
                    t(
                        .verifyOnBase,
                        values.merging(["first": "\(base.lastSeq + 1)", "last": "\(report.head.lastSeq)"]) { a, _ in a }
                    ))
            }
            out(t(.verifyHead, ["seq": "\(report.head.lastSeq)", "hash": report.head.lastHash.hex]))
        } else if report.lines == 0 {
            out(t(.verifyOKEmpty))
            out(t(.verifyHead, ["seq": "\(report.head.lastSeq)", "hash": report.head.lastHash.hex]))
        } else {
            out(t(.verifyOK, ["lines": t.count(.countLines, report.lines), "seq": "\(report.head.lastSeq)"]))
            out(t(.verifyHead, ["seq": "\(report.head.lastSeq)", "hash": report.head.lastHash.hex]))
        }
        if report.clockBehind > 0 {
            out(t.count(.verifyClockKept, report.clockBehind))
        }
        if report.head.lastSeq > 0, let clock = Store.clockBehind(SystemClock.now(), log: report.head.lastAt) {
            out(t(.verifyClockBehind, ["clock": clock.rfc3339, "at": report.head.lastAt.rfc3339]))
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
