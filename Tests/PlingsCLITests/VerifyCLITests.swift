import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `plings verify` checks the chain on every core without folding events; `--events` folds them
/// too (the reader verify had before). Apart from the skipped events, their verdicts are one.
@Suite("verify without --events gives the verdict of verify --events")
struct VerifyCLITests {
    let dir = TemporaryDirectory()

    /// Both ways, in both languages, as text and JSON: the same status, stdout and stderr, once
    /// the list of skipped events (the one thing only `--events` reports) is taken out.
    func expectSameVerdict(
        _ log: String, _ extra: [String] = [], _ note: String, languages: [String] = ["en", "sv"],
        forms: [Bool] = [false, true]
    ) {
        for lang in languages {
            for json in forms {
                let args = ["--lang", lang, "verify"] + extra + (json ? ["--json"] : [])
                let chain = plings(args, log: log)
                let events = plings(args + ["--events"], log: log)
                #expect(chain.status == events.status, "\(note), \(lang), json \(json)")
                #expect(chain.err == events.err, "\(note), \(lang), json \(json)")
                #expect(chain.out == withoutSkipped(events.out, json: json), "\(note), \(lang), json \(json)")
            }
        }
    }

    func withoutSkipped(_ out: String, json: Bool) -> String {
        if json {
            // The skipped list, an array of objects, ends where the members after it begin.
            guard let range = out.range(of: ",\"skipped\":["),
                let end = out.range(of: "],\"clockBehind\":", options: .backwards)
            else { return out }
            return String(out[..<range.lowerBound]) + ",\"skipped\":null"
                + String(out[out.index(after: end.lowerBound)...])
        }
        let skips = ["skipped on replay: ", "hoppades över vid uppspelning: ", "replayed ", "spelade upp "]
        let kept = out.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            !skips.contains { line.hasPrefix($0) }
        }
        return kept.joined(separator: "\n")
    }

    /// The hash written on line `n` (from 1) of `bytes`.
    func hash(ofLine n: Int, _ bytes: [UInt8]) -> String {
        let line = lines(bytes)[n - 1]
        return String(decoding: line.dropLast(3).suffix(64), as: UTF8.self)
    }

    @Test("a small log (checked on one thread), intact and damaged, with and without an expected head")
    func small() {
        let log = dir.file("small.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        let bytes = fileBytes(log)
        expectSameVerdict(log, [], "intact")
        expectSameVerdict(log, ["--expect", "5:\(hash(ofLine: 5, bytes))"], "expect 5")
        var edited = bytes
        edited[bytes.count / 2] ^= 0x01
        writeBytes(edited, to: log)
        expectSameVerdict(log, [], "a flipped bit")
        writeBytes(Array(bytes.dropLast(30)), to: log)
        expectSameVerdict(log, ["--expect", "1:\(hash(ofLine: 1, bytes))"], "a torn tail")
    }

    @Test("a log of some 6 MB (checked in chunks on every core), intact, damaged and cut, with expected heads")
    func chunked() throws {
        let log = dir.file("large.jsonl")
        // Just over the 4 MiB from which verify checks in chunks on every core.
        let events = 15_000
        try SyntheticLog(events: events, objects: 2_000, seed: 3).write(to: log)
        let bytes = fileBytes(log)
        #expect(bytes.count > 4 << 20)
        // Each verdict is asked for twice (text or JSON) to eight times over 4 MB: the small log above
        // asks in both languages and forms; here the intact log in both forms, each other case in
        // one (text and JSON take turns), and Swedish, both forms everywhere and the widest loops
        // run with PLINGS_STRESS set.
        let languages = Stress.enabled ? ["en", "sv"] : ["en"]
        func expectSameVerdict(_ log: String, _ extra: [String] = [], _ note: String, json: Bool) {
            self.expectSameVerdict(
                log, extra, note, languages: languages, forms: Stress.enabled ? [false, true] : [json])
        }
        self.expectSameVerdict(log, [], "intact", languages: languages)
        let expected = Stress.enabled ? [1, 7_777, events - 1, events] : [7_777, events]
        for (k, seq) in expected.enumerated() {
            expectSameVerdict(
                log, ["--expect", "\(seq):\(hash(ofLine: seq, bytes))"], "expect \(seq)", json: k % 2 == 1)
        }
        expectSameVerdict(log, ["--expect", "7777:\(hash(ofLine: 7_778, bytes))"], "expect a wrong hash", json: true)
        let seed: UInt64 = 61
        var rng = SplitMix64(seed: seed)
        for run in 0..<(Stress.enabled ? 6 : 3) {
            var m = bytes
            let at = Int.random(in: 0..<m.count, using: &rng)
            switch run % 3 {
            case 0: m[at] ^= UInt8.random(in: 1...255, using: &rng)
            case 1: m.insert(0x0A, at: at)
            default: m.removeLast(m.count - at)
            }
            writeBytes(m, to: log)
            let lineAt = m.withUnsafeBytes {
                LineSplit.countLines(in: UnsafeRawBufferPointer(rebasing: $0[..<at]), upTo: .max).lines
            }
            let expect = max(1, lineAt - 1)
            expectSameVerdict(log, [], "seed \(seed), run \(run)", json: run % 2 == 1)
            expectSameVerdict(
                log, ["--expect", "\(expect):\(hash(ofLine: expect, bytes))"], "seed \(seed), run \(run), expect",
                json: run % 2 == 0)
        }
    }

    @Test("an expected head before a damaged line is reported present, with the damage, both ways")
    func expectedHeadBeforeDamage() throws {
        let small = dir.file("head-small.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: small) }
        let large = dir.file("head-large.jsonl")
        try SyntheticLog(events: 15_000, objects: 2_000, seed: 4).write(to: large)
        for (log, seq) in [(small, 5), (large, 7_777)] {
            let bytes = fileBytes(log)
            var damaged = bytes
            // A byte inside the name or ids of the line after the expected head.
            let start = lines(bytes)[0..<seq].reduce(0) { $0 + $1.count }
            damaged[start + 20] ^= 0x01
            writeBytes(damaged, to: log)
            let expected = "\(seq):\(hash(ofLine: seq, bytes))"
            for events in [false, true] {
                let args = ["--lang", "en", "verify", "--expect", expected] + (events ? ["--events"] : [])
                let run = plings(args, log: log)
                #expect(run.status == 1, "the damage still fails verify")
                #expect(run.out.contains("expected head \(expected) is present"), "\(log), \(events): \(run.out)")
                #expect(!run.err.contains("expected head"), "\(run.err)")
                #expect(run.out.contains("\(seq) lines"), "intact before the damage: \(run.out)")
            }
        }
    }
}
