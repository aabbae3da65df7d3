import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// Every error path the command line can reach, in both languages: one line on
/// stderr, `plings: ` first, the right status, and no word of the other language.
@Suite("Errors in one language at a time")
struct LanguageErrorTests {
    /// Words that betray the other language in a message.
    static let stopWords: [String: Set<String>] = [
        "sv": ["the", "is", "not", "unknown", "use", "run", "give", "missing", "cannot", "and", "with", "was", "did"],
        "en": [
            "och", "inte", "okänt", "okänd", "använd", "kör", "ange", "saknas", "finns", "eller", "är", "det", "med",
        ],
    ]

    /// (arguments, environment, status). `LOG` stands for the Saltsjön log, `DIR` for the test's folder.
    static let cases: [([String], [String: String], Int32)] = [
        (["plac"], [:], 64),
        (["explode"], [:], 64),
        (["help", "histroy"], [:], 64),
        (["card"], [:], 64),
        (["create", "ok"], [:], 64),
        (["create", "ok", "two", "words"], [:], 64),
        (["card", "yTvK", "--frobnicate"], [:], 64),
        (["card", "yTvK", "--jsn"], [:], 64),
        (["card", "yTvK", "--axes", "both"], [:], 64),
        (["card", "yTvK", "--at"], [:], 64),
        (["card", "yTvK", "--json=yes"], [:], 64),
        (["log", "--from", "1", "--from", "2"], [:], 64),
        (["card", "yTvK", "--lang", "fi"], [:], 64),
        (["card", "yTvK"], ["PLINGS_LANG_BAD": "fi"], 64),
        (["card", "yTvK", "--at", "yesterday"], [:], 64),
        (["card", "yTvK", "--at", "99"], [:], 1),
        (["card", "nope"], [:], 1),
        (["card", "bad id"], [:], 64),
        (["tree", "--axis", "both"], [:], 64),
        (["tree", "--axis", "up"], [:], 64),
        (["place", "yTvK", "bakåt", "5GgB"], [:], 64),
        (["place", "yTvK", "undr", "5GgB"], [:], 64),
        (["place", "yTvK", "in", "5GgB", "--axes", "sideways"], [:], 64),
        (["place", "yTvK", "in", "yTvK"], [:], 1),
        (["place", "saltsjon", "in", "koksbordet"], [:], 1),
        (["place", "yTvK", "under", "world"], [:], 1),
        (["place", "nope", "in", "5GgB"], [:], 1),
        (["create", "yTvK", "Igen"], [:], 1),
        (["create", "-x", "X"], [:], 64),
        (["create", "world", "X"], [:], 64),
        (["create", "a.b/c", "X"], [:], 64),
        (["create", "ok", ""], [:], 64),
        (["create", "ok", "a\u{1B}[31mred"], [:], 64),
        (["create", "ok", "Ok", "--expect-seq", "3"], [:], 1),
        (["create", "ok", "Ok", "--expect-seq", "-1"], [:], 64),
        (["create", "ok", "Ok", "--cid", "has space"], [:], 64),
        (["create", "ok", "Ok"], ["PLINGS_ACTOR": ""], 64),
        (["create", "ok", "Ok", "--actor", String(repeating: "a", count: 101)], [:], 64),
        (["create", "ok", "Ok", "--actor", "bad\u{7}actor"], [:], 64),
        (["rename", "nope", "X"], [:], 1),
        (["diff"], [:], 64),
        (["diff", "--from", "9", "--to", "2"], [:], 64),
        (["verify", "--expect", "12"], [:], 64),
        (["verify", "--expect", "1:00"], [:], 64),
        (["apply", "DIR/absent.jsonl"], [:], 1),
        (["apply", "DIR"], [:], 1),
        (["apply", "--on-error", "maybe"], [:], 64),
        (["apply", "--batch", "0"], [:], 64),
        (["completion", "tcsh"], [:], 64),
        (["tree"], ["LOG": "DIR/none.jsonl"], 1),
        (["head"], ["LOG": "DIR/none.jsonl"], 1),
        (["verify"], ["LOG": "DIR/none.jsonl"], 1),
        (["create", "x", "X"], ["LOG": "DIR"], 1),
    ]

    @Test("each error is one line in the chosen language, with the right status", arguments: 0..<53)
    func error(_ index: Int) throws {
        let (args, env, status) = Self.cases[index]
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        try writeSaltsjonLog(to: log)
        let before = fileBytes(log)
        let fix = { (s: String) in s.replacingOccurrences(of: "DIR", with: dir.path) }
        var messages: [String: String] = [:]
        for language in ["en", "sv"] {
            var environment = ["PLINGS_LANG": language, "LANG": language == "sv" ? "sv_SE.UTF-8" : "en_US.UTF-8"]
            for (k, v) in env where k != "LOG" { environment[k == "PLINGS_LANG_BAD" ? "PLINGS_LANG" : k] = v }
            let run = plings(args.map(fix), log: env["LOG"].map(fix) ?? log, env: environment)
            #expect(run.status == status, "\(language) \(args): \(run.err)")
            #expect(run.err.hasPrefix("plings: ") && run.err.filter { $0 == "\n" }.count == 1, "\(run.err)")
            let words = Set(run.err.lowercased().split { !$0.isLetter }.map(String.init))
            let leaked = words.intersection(Self.stopWords[language] ?? [])
            #expect(leaked.isEmpty, "\(language) \(args): \(run.err) has \(leaked)")
            messages[language] = run.err
        }
        #expect(messages["en"] != messages["sv"], "\(args) says the same in both languages")
        #expect(fileBytes(log) == before)
    }

    @Test("a damaged log and a directory as log: the lower layers' errors come in the chosen language too")
    func lowerLayers() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        var bytes = fileBytes(log)
        let starts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        bytes[starts[2] + 40] ^= 0x01
        writeBytes(bytes, to: log)
        for language in ["en", "sv"] {
            for args in [["card", "yTvK"], ["create", "n", "N"], ["verify"]] {
                let run = plings(args, log: log, env: ["PLINGS_LANG": language])
                #expect(run.status == 1)
                #expect(run.err.contains("plings.jsonl:3 (byte \(starts[2]))"), "\(run.err)")
                let words = Set(run.err.lowercased().split { !$0.isLetter }.map(String.init))
                #expect(words.isDisjoint(with: Self.stopWords[language] ?? []), "\(run.err)")
                if args == ["verify"] {
                    #expect(!run.err.contains("plings verify"), "verify does not send you to itself")
                }
            }
        }
        let sv = plings(["tree"], log: dir.path, env: ["PLINGS_LANG": "sv"])
        #expect(sv.err.contains("det är en mapp"), "\(sv.err)")
        let en = plings(["tree"], log: dir.path, env: ["PLINGS_LANG": "en"])
        #expect(en.err.contains("it is a directory"), "\(en.err)")
    }

    @Test("verify of an empty log says it is empty in either language, not \"seq 1–0\"")
    func emptyLogVerifies() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        writeBytes([], to: log)
        let en = plings(["verify"], log: log, env: ["PLINGS_LANG": "en"])
        let sv = plings(["verify"], log: log, env: ["PLINGS_LANG": "sv"])
        #expect(en.status == 0 && sv.status == 0)
        #expect(en.out.hasPrefix("OK: the log is empty\n"), "\(en.out)")
        #expect(sv.out.hasPrefix("OK: loggen är tom\n"), "\(sv.out)")
        #expect(!en.out.contains("1–0") && !sv.out.contains("1–0"))
    }
}
