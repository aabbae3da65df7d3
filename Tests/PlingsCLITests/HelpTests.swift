import Foundation
import PlingsTestSupport
import Testing

/// The help texts are part of the interface: each is compared with the
/// committed copy in Golden/LANG/. After an intended change, regenerate them with
/// `plings --lang LANG COMMAND --help > Tests/PlingsCLITests/Golden/LANG/COMMAND.txt`.
@Suite("Help texts")
struct HelpTests {
    static let commands = [
        "plings", "create", "rename", "place", "card", "tree", "picture", "labels", "history", "log", "away", "diff",
        "rebuild",
        "fingerprint", "apply", "import", "export", "verify", "head", "repair", "help", "completion", "return", "undo",
        "seen",
        "stocktake", "find",
        "archive", "restore", "clone", "sync", "pending",
        "serve",
    ]
    static let cases = ["en", "sv"].flatMap { language in commands.map { (language, $0) } }
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let sections = ["en": ["OVERVIEW:", "USAGE:", "OPTIONS:"], "sv": ["ÖVERSIKT:", "ANVÄNDNING:", "FLAGGOR:"]]

    @Test("every help text matches its golden copy in both languages and has the house sections", arguments: cases)
    func golden(_ language: String, _ command: String) throws {
        let args = command == "plings" ? ["--help"] : [command, "--help"]
        let run = plings(args, log: "/nonexistent/plings.jsonl", env: ["PLINGS_LANG": language])
        #expect(run.status == 0)
        let file = Self.golden.appendingPathComponent(language).appendingPathComponent("\(command).txt")
        #expect(run.out == (try String(contentsOf: file, encoding: .utf8)))
        for section in Self.sections[language] ?? [] { #expect(run.out.contains(section)) }
        #expect(run.out.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let viaHelp = plings(
            command == "plings" ? ["help"] : ["help", command], log: "x", env: ["PLINGS_LANG": language])
        #expect(viaHelp.status == 0 && viaHelp.out == run.out, "plings help \(command)")
    }

    @Test("-h works after the command too, and plings alone prints the overview with a usage status")
    func variants() {
        let en = ["PLINGS_LANG": "en"]
        #expect(plings(["place", "-h"], log: "x", env: en).out.hasPrefix("OVERVIEW: Place X relative to Y"))
        #expect(plings(["place", "-h"], log: "x", env: ["LANG": "sv_SE.UTF-8"]).out.hasPrefix("ÖVERSIKT: Placera X"))
        let bare = plings([], log: "x", env: en)
        #expect(bare.status == 64 && bare.out.contains("SUBCOMMANDS:"))
        #expect(plings(["--version"], log: "x").out.hasPrefix("plings "))
        let unknown = plings(["help", "plac"], log: "x", env: en)
        #expect(unknown.status == 64 && unknown.err == "plings: unknown command 'plac'; did you mean 'plings place'?\n")
    }
}
