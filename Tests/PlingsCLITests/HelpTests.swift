import Foundation
import PlingsTestSupport
import Testing

/// The help texts are part of the interface: each is compared with the
/// committed copy in Golden/. After an intended change, regenerate them with
/// `plings COMMAND --help > Tests/PlingsCLITests/Golden/COMMAND.txt`.
@Suite("Help texts")
struct HelpTests {
    static let commands = [
        "plings", "create", "rename", "place", "card", "tree", "history", "log", "away", "diff", "rebuild",
        "fingerprint", "apply", "verify", "head",
    ]
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("every help text matches its golden copy and has the house sections", arguments: commands)
    func golden(_ command: String) throws {
        let args = command == "plings" ? ["--help"] : [command, "--help"]
        let run = plings(args, log: "/nonexistent/plings.jsonl")
        #expect(run.status == 0)
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("\(command).txt"), encoding: .utf8)
        #expect(run.out == expected)
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:"] { #expect(run.out.contains(section)) }
        #expect(run.out.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    @Test("-h works after the command too, and plings alone prints the overview with a usage status")
    func variants() {
        #expect(plings(["place", "-h"], log: "x").out.hasPrefix("OVERVIEW: Place X relative to Y"))
        let bare = plings([], log: "x")
        #expect(bare.status == 64 && bare.out.contains("SUBCOMMANDS:"))
        #expect(plings(["--version"], log: "x").out.hasPrefix("plings "))
    }
}
