import PlingsKit

/// `plings verify` and `plings head`.
extension Commands {
    struct VerifyReport: Encodable {
        struct Problem: Encodable {
            var message: String
            var line: Int?
            var offset: Int64?
            var seq: Int64?
        }
        struct Tail: Encodable {
            var offset: Int64
            var length: Int64
        }
        struct Expectation: Encodable {
            var seq: Int64
            var hash: String
            var matched: Bool
        }
        struct Skip: Encodable {
            var seq: Int64
            var reason: String
        }
        var ok: Bool
        var lines: Int
        var lastSeq: Int64
        var head: String
        var tornTail: Tail?
        var problem: Problem?
        var expect: Expectation?
        var skipped: [Skip]
    }

    static func parseExpect(_ text: String) throws -> (Int64, Digest) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let seq = Int64(parts[0]), seq >= 0, let hash = Digest(hex: String(parts[1])) else {
            throw CLIError.usage(
                "--expect takes SEQ:HASH as printed by 'plings head' (e.g. 42:3f…), not '\(Printable.quote(text))'")
        }
        return (seq, hash)
    }

    static func verify(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let expect = try args.values["--expect"].map(parseExpect)
        var report = VerifyReport(ok: true, lines: 0, lastSeq: 0, head: Digest.zero.hex, skipped: [])
        var state = WorldState()
        var expectedFound = false
        var cursor = LogCursor()
        var torn: TornTail?
        if let file = try LogFile.open(context.logPath, create: false) {
            do {
                try file.withLock(exclusive: false) { () throws(LogError) in
                    let result = try file.read(from: LogCursor()) { line, _ in
                        state.apply(line.event)
                        cursor.lastSeq = line.event.seq
                        cursor.lastHash = line.hash
                        cursor.lines += 1
                        if let (seq, hash) = expect, seq == line.event.seq, hash == line.hash { expectedFound = true }
                    }
                    torn = result.torn
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
                    message: error.message, line: error.location?.line, offset: error.location?.offset, seq: seq)
            }
        } else if expect == nil {
            throw CLIError.failure(
                context.language == .sv
                    ? "ingen logg på '\(Printable.quote(context.logPath))'; ange --log SÖKVÄG"
                    : "no log at '\(Printable.quote(context.logPath))'; pass --log PATH")
        }
        report.lines = cursor.lines
        report.lastSeq = cursor.lastSeq
        report.head = cursor.lastHash.hex
        report.tornTail = torn.map { .init(offset: $0.offset, length: $0.length) }
        report.skipped = state.skipped.map { .init(seq: $0.seq, reason: $0.error.message(context.language)) }
        if let (seq, hash) = expect {
            let matched = expectedFound || (seq == 0 && hash == .zero)
            report.expect = .init(seq: seq, hash: hash.hex, matched: matched)
            if !matched { report.ok = false }
        }
        let sv = context.language == .sv
        if args.flag("--json") {
            context.terminal.out(try json(report))
        } else {
            if let problem = report.problem {
                context.terminal.out((sv ? "FEL: " : "BAD: ") + problem.message + "\n")
                context.terminal.out(
                    sv
                        ? "\(report.lines) rader före felet är hela och kedjade\n"
                        : "\(report.lines) lines before it are intact and chained\n")
            } else {
                context.terminal.out(
                    sv
                        ? "OK: \(report.lines) rader, seq 1–\(report.lastSeq), hashkedjan hel\n"
                        : "OK: \(report.lines) lines, seq 1–\(report.lastSeq), hash chain intact\n")
                context.terminal.out("head \(report.lastSeq):\(report.head)\n")
            }
            if let t = report.tornTail {
                context.terminal.out(
                    sv
                        ? "varning: avbruten sista rad (\(t.length) byte vid byte \(t.offset)) efter en krasch; nästa tillägg flyttar den till karantän\n"
                        : "warning: torn last line (\(t.length) bytes at byte \(t.offset)) from a crash; the next append moves it to quarantine\n"
                )
            }
            if let e = report.expect {
                if e.matched {
                    context.terminal.out(
                        sv
                            ? "förväntat huvud \(e.seq):\(e.hash) finns kvar: loggen är en förlängning av det\n"
                            : "expected head \(e.seq):\(e.hash) is present: the log extends it\n")
                } else {
                    context.terminal.out(
                        sv
                            ? "FEL: förväntat huvud \(e.seq):\(e.hash) saknas: loggen har kortats eller skrivits om\n"
                            : "BAD: expected head \(e.seq):\(e.hash) is missing: the log was truncated or rewritten\n")
                }
            }
            for s in report.skipped {
                context.terminal.out(
                    (sv ? "hoppades över vid uppspelning: #" : "skipped on replay: #") + "\(s.seq): \(s.reason)\n")
            }
        }
        return report.ok ? ExitStatus.ok : ExitStatus.failure
    }

    static func head(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let store = try context.openStore()
        let cursor = store.cursor
        if args.flag("--json") {
            struct Head: Encodable {
                var seq: Int64
                var hash: String
                var at: String?
            }
            context.terminal.out(
                try json(
                    Head(
                        seq: cursor.lastSeq, hash: cursor.lastHash.hex,
                        at: cursor.lastSeq == 0 ? nil : cursor.lastAt.rfc3339)))
        } else {
            context.terminal.out("\(cursor.lastSeq):\(cursor.lastHash.hex)\n")
        }
        return ExitStatus.ok
    }
}
