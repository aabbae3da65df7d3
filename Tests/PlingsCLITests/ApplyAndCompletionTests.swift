import Foundation
import PlingsTestSupport
import Testing

@Suite("apply's dialect, dry run and limits; shell completion; no silent wrong worlds")
struct ApplyAndCompletionTests {
    let en = ["PLINGS_LANG": "en"]

    func saltsjon() -> (TemporaryDirectory, String) {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log, env: en) }
        return (dir, log)
    }

    @Test("apply reads the log's words; an unknown field is named with the allowed set; stdin is 'stdin'")
    func dialect() throws {
        let (dir, log) = saltsjon()
        let input = dir.file("in.jsonl")
        writeBytes(Array(#"{"command":"place","x":"yTvK","relation":"under","target":"5GgB"}"#.utf8), to: input)
        let bad = plings(["apply", input], log: log, env: en)
        #expect(bad.status == 1)
        #expect(
            bad.err.contains(
                "in.jsonl:1: unexpected field 'x'; a place line takes \"command\", \"object\", \"relation\", "
                    + "\"target\", \"axes\", \"cid\""), "\(bad.err)")
        let line = #"{"command":"place","object":"yTvK","relation":"under","target":"5GgB","cid":"c1"}"#
        writeBytes(Array((line + "\n" + line + "\n").utf8), to: input)
        let ok = plings(["apply", input], log: log, env: en)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(
            ok.out == "read 2 commands, appended 1 event in 1 batch, 1 unchanged, 0 rejected\n", "the cid counts once")
        let stdin = try plingsProcess(["apply"], log: log, env: en, input: "{\"command\":\"fly\"}\n")
        #expect(stdin.err.hasPrefix("plings: stdin:1: unknown command 'fly'"), "\(stdin.err)")
        #expect(stdin.err.contains("return-all, seen, archive, restore or undo"), "every command: \(stdin.err)")
    }

    @Test("apply skips lines of only spaces, tabs or CR like empty ones, and counts no batch that appended nothing")
    func blankLinesAndEmptyBatches() throws {
        let (dir, log) = saltsjon()
        let before = fileBytes(log)
        let input = dir.file("in.jsonl")
        let good = #"{"command":"place","object":"yTvK","relation":"under","target":"5GgB"}"#
        writeBytes(Array(("  \n\t\r\n\n" + good + "\n \t \n").utf8), to: input)
        let ok = plings(["apply", input], log: log, env: en)
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out == "read 1 command, appended 1 event in 1 batch, 0 unchanged, 0 rejected\n", "\(ok.out)")
        let after = fileBytes(log)
        #expect(after.count > before.count)
        let refused = #"{"command":"place","object":"nope","relation":"in","target":"5GgB"}"#
        writeBytes(Array((refused + "\n" + refused + "\n").utf8), to: input)
        for (env, expected) in [
            (en, "read 2 commands, appended 0 events in 0 batches, 0 unchanged, 2 rejected\n"),
            (["PLINGS_LANG": "sv"], "läste 2 kommandon, lade till 0 händelser i 0 satser, 0 oförändrade, 2 avvisade\n"),
        ] {
            let skip = plings(["apply", input, "--on-error", "skip"], log: log, env: env)
            #expect(skip.status == 1)
            #expect(skip.out == expected, "\(skip.out)")
        }
        #expect(fileBytes(log) == after, "refused lines change no byte")
    }

    @Test("apply undoes by seq or the actor's last move or rename, seeing the earlier lines of the same input")
    func undoLines() throws {
        let (dir, log) = saltsjon()
        let before = fileBytes(log)
        let head = before.filter { $0 == 0x0A }.count
        let input = dir.file("in.jsonl")
        let lines = [
            #"{"command":"place","object":"yTvK","relation":"under","target":"5GgB"}"#,
            #"{"command":"rename","object":"yTvK","name":"Blå låda"}"#,
            #"{"command":"undo"}"#,
            "{\"command\":\"undo\",\"seq\":\(head + 1)}",
            #"{"command":"undo","seq":99999}"#,
            #"{"command":"undo","seq":"0"}"#,
        ]
        writeBytes(Array(lines.joined(separator: "\n").utf8), to: input)
        let run = plings(["apply", input, "--on-error", "skip"], log: log, env: en)
        #expect(run.status == 1)
        #expect(run.err.contains("in.jsonl:5: "), "\(run.err)")
        #expect(run.err.contains("in.jsonl:6: SEQ is an event number (1 or more), not '0'"), "\(run.err)")
        let text = String(decoding: fileBytes(log), as: UTF8.self)
        #expect(text.contains("\"undoes\":\(head + 2)"), "the plain undo takes the rename of line 2")
        #expect(text.contains("\"undoes\":\(head + 1)"), "undo by seq sees line 1, appended before it")
        let card = try cardJSON(plings(["card", "yTvK", "--json"], log: log, env: en).out)
        let after = try cardJSON(
            {
                let other = dir.file("other.jsonl")
                writeBytes(before, to: other)
                return plings(["card", "yTvK", "--json"], log: other, env: en).out
            }())
        #expect(card["name"] as? String == after["name"] as? String)
        for key in ["parent", "relation"] {
            let now = (card["current"] as? [String: Any])?[key] as? String
            #expect(now != nil && now == (after["current"] as? [String: Any])?[key] as? String, "as before line 1")
        }
        let positional = { (c: [String: Any]) in ((c["current"] as? [String: Any])?["positional"] as? [Any])?.count }
        #expect(positional(card) != nil && positional(card) == positional(after), "no longer under 5GgB")
    }

    @Test("apply --dry-run decides every line against the evolving state and writes nothing")
    func dryRun() throws {
        let (dir, log) = saltsjon()
        _ = plings(["place", "yTvK", "under", "5GgB"], log: log, env: en)
        let before = fileBytes(log)
        let input = dir.file("in.jsonl")
        let lines = [
            #"{"command":"create","object":"hylla","name":"Hylla"}"#,
            #"{"command":"place","object":"5GgB","relation":"in","target":"lillstugan"}"#,
            #"{"command":"place","object":"hylla","relation":"on","target":"nope"}"#,
        ]
        writeBytes(Array(lines.joined(separator: "\n").utf8), to: input)
        let run = plings(["apply", input, "--dry-run", "--on-error", "skip"], log: log, env: en)
        #expect(run.status == 1)
        #expect(run.out.contains("line 1: would append: #"), "\(run.out)")
        #expect(run.out.contains("line 2:   and Plastlåda would no longer be under Bord (current)"), "\(run.out)")
        #expect(run.out.contains("line 3: would be refused: unknown object 'nope'"), "\(run.out)")
        #expect(
            run.out.hasSuffix(
                "read 3 commands; 2 events would be appended, 0 unchanged, 1 rejected; nothing was written\n"))
        #expect(fileBytes(log) == before)
    }

    @Test("apply refuses a line over 16 KiB, naming it, and stops on endless input without newlines")
    func limits() {
        let (dir, log) = saltsjon()
        let input = dir.file("long.jsonl")
        let long = #"{"command":"create","object":"z","name":""# + String(repeating: "a", count: 17000) + #""}"#
        writeBytes(Array((#"{"command":"create","object":"y","name":"Y"}"# + "\n" + long + "\n").utf8), to: input)
        let run = plings(["apply", input], log: log, env: en)
        #expect(run.status == 1)
        #expect(run.err.contains("long.jsonl:2: the line is longer than 16384 bytes"), "\(run.err)")
        let zero = plings(["apply", "/dev/zero"], log: log, env: en)
        #expect(zero.status == 1 && zero.err.contains("/dev/zero:1: the line is longer than 16384 bytes"))
    }

    @Test("a read on a log that does not exist fails and creates nothing; the first write says it starts one")
    func noLog() {
        let dir = TemporaryDirectory()
        let log = dir.file("nonexist.jsonl")
        for args in [["tree"], ["card", "x"], ["away"], ["log"], ["history", "x"], ["head"], ["fingerprint"]] {
            let run = plings(args, log: log, env: en)
            #expect(run.status == 1 && run.err.hasPrefix("plings: no log at '\(log)'; start one with"), "\(args)")
        }
        #expect(plings(["place", "a", "in", "b"], log: log, env: en).status == 1)
        #expect(!FileManager.default.fileExists(atPath: log), "a refused write leaves no empty log")
        let first = plings(["create", "a", "A"], log: log, env: en)
        #expect(first.err == "plings: started a new log at '\(log)'\n")
        #expect(plings(["create", "b", "B"], log: log, env: en).err.isEmpty)
    }

    @Test("--at before an object existed and log filters that match nothing say so")
    func honestAnswers() {
        let (dir, log) = saltsjon()
        defer { withExtendedLifetime(dir) {} }
        let card = plings(["card", "yTvK", "--at", "1"], log: log, env: en)
        #expect(card.status == 1 && card.err.hasPrefix("plings: 'yTvK' did not exist yet at #1"), "\(card.err)")
        let nope = plings(["log", "--object", "NOPE"], log: log, env: en)
        #expect(nope.status == 0 && nope.out.isEmpty && nope.err.contains("no events about 'NOPE'"))
    }

    @Test("the bash completion, sourced in bash, completes commands, options and relations")
    func bashCompletion() throws {
        let script = plings(["completion", "bash"], log: "x").out
        let dir = TemporaryDirectory()
        let file = dir.file("plings.bash")
        writeBytes(Array(script.utf8), to: file)
        func complete(_ words: [String]) throws -> String {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                "-c",
                "source '\(file)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _plings; "
                    + "echo \"${COMPREPLY[*]}\"",
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try complete(["plings", "pla"]) == "place")
        #expect(
            try complete(["plings", "place", "yTvK", "un"])
                == "under under,left-of under,right-of under,in-front-of under,behind")
        #expect(try complete(["plings", "place", "yTvK", "behind,l"]) == "behind,left-of")
        #expect(try complete(["plings", "tree", "--ax"]) == "--axis")
        #expect(try complete(["plings", "place", "a", "in", "b", "--axes", "c"]) == "current")
        for shell in ["zsh", "fish"] { #expect(plings(["completion", shell], log: "x").out.contains("plings")) }
    }
}
