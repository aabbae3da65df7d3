import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@Suite("CLI errors: clear, one line, log untouched")
struct ErrorTests {
    static let cases: [([String], Int32, String)] = [
        (["place", "nope", "in", "5GgB"], 1, "unknown object 'nope'"),
        (["place", "yTvK", "in", "nope"], 1, "unknown object 'nope'"),
        (["place", "yTvK", "bakåt", "5GgB"], 64, "unknown relation 'bakåt'"),
        (["place", "yTvK", "in", "5GgB", "--axes", "sideways"], 64, "unknown axis 'sideways'"),
        (["place", "yTvK", "in", "yTvK"], 1, "relative to itself"),
        (["place", "saltsjon", "in", "koksbordet"], 1, "is inside 'saltsjon'"),
        (["place", "lillstugan", "under", "koksbordet"], 1, "is inside 'lillstugan'"),
        (["place", "yTvK", "under", "world"], 1, "cannot be used against World"),
        (["create", "yTvK", "Igen"], 1, "exists already"),
        (["create", "bad id", "X"], 64, "invalid id 'bad id'"),
        (["create", "world", "X"], 64, "reserved"),
        (["create", "ok", ""], 64, "invalid name"),
        (["create", "ok", "a\u{1B}[31mred"], 64, "control character"),
        (["create", "ok"], 64, "missing NAME"),
        (["create", "ok", "two", "words"], 64, "unexpected argument 'words'"),
        (["card"], 64, "missing X"),
        (["card", "nope"], 1, "unknown object 'nope'"),
        (["explode"], 64, "unknown command 'explode'"),
        (["card", "yTvK", "--frobnicate"], 64, "unknown option '--frobnicate'"),
        (["card", "yTvK", "--axes", "both"], 64, "does not apply"),
        (["card", "yTvK", "--lang", "fi"], 64, "unknown language 'fi'"),
        (["tree", "--axis", "up"], 64, "unknown axis 'up'"),
        (["verify", "--expect", "12"], 64, "--expect takes SEQ:HASH"),
        (["create", "ok", "Ok", "--expect-seq", "3"], 1, "the last seq is 11, not 3"),
        (["rename", "nope", "X"], 1, "unknown object 'nope'"),
        (["place", "yTvK", "in", "5GgB", "--actor", "bad\u{7}actor"], 64, "control character"),
        (["place", "yTvK", "in", "5GgB", "--cid", "has space"], 64, "command id"),
    ]

    @Test("each bad command exits non-zero with one line on stderr and leaves the log as it was", arguments: 0..<27)
    func badInput(_ index: Int) throws {
        let (args, status, fragment) = Self.cases[index]
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        try writeSaltsjonLog(to: log)
        let before = fileBytes(log)
        let run = plings(args, log: log, env: ["PLINGS_LANG": "en"])
        #expect(run.status == status, "\(args): \(run.err)")
        #expect(run.err.hasPrefix("plings: "))
        #expect(run.err.contains(fragment), "\(run.err)")
        #expect(run.err.filter { $0 == "\n" }.count == 1)
        #expect(!run.err.contains("\u{1B}"))
        #expect(fileBytes(log) == before)
    }

    @Test("error messages follow the locale: Swedish for sv_SE, English otherwise")
    func locale() {
        let dir = TemporaryDirectory()
        let log = dir.file("x.jsonl")
        _ = plings(["create", "a", "A"], log: log, env: ["PLINGS_LANG": "en"])
        let sv = plings(["card", "nope"], log: log, env: ["LANG": "sv_SE.UTF-8"])
        #expect(sv.err == "plings: okänt objekt 'nope'; skapa det först med 'plings create nope NAMN'\n")
        let en = plings(["card", "nope"], log: log, env: ["LANG": "C"])
        #expect(en.err == "plings: unknown object 'nope'; create it first with 'plings create nope NAME'\n")
    }

    @Test("a damaged log: every command stops with line and byte offset, and the file is unchanged")
    func damaged() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        var bytes = fileBytes(log)
        let starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        bytes[starts[2] + 2] ^= 0x01  // the key "at" becomes "`t": the line no longer reads
        writeBytes(bytes, to: log)
        for args in [["card", "yTvK"], ["create", "n", "N"], ["tree"], ["head"]] {
            let run = try plingsProcess(args, log: log)
            #expect(run.status == 1)
            #expect(run.err.contains("plings.jsonl:3 (byte \(starts[2]))"), "\(run.err)")
        }
        let verify = try plingsProcess(["verify", "--json"], log: log)
        #expect(verify.status == 1)
        let report = try cardJSON(verify.out)
        #expect((report["problem"] as? [String: Any])?["line"] as? Int == 3)
        #expect(report["lines"] as? Int == 2)
        #expect(fileBytes(log) == bytes)
    }

    @Test("names with terminal escapes never reach the terminal raw")
    func escapes() {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        // Written by hand into the log: the CLI refuses such names, a hand edit could add one.
        let name = "evil\u{1B}]0;title\u{7} \u{1B}[2J"
        let event = Event(seq: 1, at: Timestamp(milliseconds: 0), payload: .created(oid("x"), name: name))
        writeBytes(LineFormat.encode(event, prev: .zero).bytes, to: log)
        #expect(plings(["rename", "x", name], log: log).status == 64)
        // Replay skips the event (its name breaks the rules); every view and message stays clean.
        for args in [["card", "x"], ["tree"], ["verify"], ["verify", "--json"], ["verify", "--events", "--json"]] {
            let run = plings(args, log: log, env: ["PLINGS_LANG": "en"])
            for text in [run.out, run.err] {
                #expect(!text.contains("\u{1B}") && !text.contains("\u{7}"), "\(args)")
            }
        }
        let events = plings(["verify", "--events"], log: log, env: ["PLINGS_LANG": "en"]).out
        #expect(events.contains("replayed 1 event; 1 skipped against the state\nskipped on replay: #1"), "\(events)")
        let sv = plings(["verify", "--events"], log: log, env: ["PLINGS_LANG": "sv"]).out
        #expect(sv.contains("spelade upp 1 händelse; 1 hoppades över mot tillståndet"), "\(sv)")
        let plain = plings(["verify"], log: log, env: ["PLINGS_LANG": "en"]).out
        #expect(!plain.contains("replayed"), "only with --events: \(plain)")
    }
}
