import Foundation
import PlingsTestSupport
import Testing

/// Diagonal relations (`behind,left-of`) through the command line: placing,
/// the card, tree and history in both languages, replacement and cascade,
/// `apply`, the cache's past cards, and a spreadsheet out and in.
@Suite("Diagonals through the CLI")
struct DiagonalCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    func setUp() {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
        _ = run(["create", "lampa", "Lampa"])
    }

    @discardableResult
    func run(_ args: [String], _ lang: String = "en", log: String? = nil) -> Run {
        plings(args, log: log ?? self.log, env: ["PLINGS_LANG": lang])
    }

    @Test("place X behind,left-of Y: a sibling of Y with one edge; card, tree and history say it in both languages")
    func place() throws {
        setUp()
        let placed = run(["place", "lampa", "behind,left-of", "5GgB"])
        #expect(placed.status == 0, "\(placed.err)")
        let card = run(["card", "lampa"]).out
        #expect(card.contains("Behind and to the left of Bord"), "\(card)")
        #expect(run(["card", "lampa"], "sv").out.contains("Snett bakom till vänster om Bord"))
        #expect(run(["card", "5GgB"]).out.contains("Behind and to the left of it: Lampa"))
        #expect(run(["card", "5GgB"], "sv").out.contains("Snett bakom till vänster om den: Lampa"))
        let json = try cardJSON(run(["card", "lampa", "--json"]).out)
        let current = json["current"] as? [String: Any] ?? [:]
        #expect(current["parent"] as? String == "vardagsrummet")
        let positional = current["positional"] as? [[String: Any]] ?? []
        #expect(positional.count == 1)
        #expect(positional.first?["relation"] as? String == "behind,left-of")
        #expect(run(["tree"]).out.contains("Lampa (lampa) — behind and to the left of Bord"))
        #expect(run(["tree"], "sv").out.contains("Lampa (lampa) — snett bakom till vänster om Bord"))
        let history = run(["history", "lampa"]).out
        #expect(history.contains("behind and to the left of Bord"), "\(history)")
        // The line is version 3.
        let lines = String(decoding: fileBytes(log), as: UTF8.self).split(separator: "\n")
        #expect(lines.last?.contains("\"relation\":\"behind,left-of\"") == true)
        #expect(lines.last?.contains("\"v\":3") == true)
    }

    @Test("Swedish words and either order name the same diagonal; the same placement again is unchanged")
    func swedishAndOrder() {
        setUp()
        #expect(run(["place", "lampa", "snett-bakom-till-vänster-om", "5GgB"], "sv").status == 0)
        let before = fileBytes(log)
        let again = run(["place", "lampa", "left-of,behind", "5GgB"])
        #expect(again.status == 0)
        #expect(fileBytes(log) == before)
        #expect(run(["place", "lampa", "bakom,vänster-om", "5GgB"], "sv").status == 0)
        #expect(fileBytes(log) == before)
        let bad = run(["place", "lampa", "left-of,right-of", "5GgB"])
        #expect(bad.status == 64)
        #expect(bad.err.contains("unknown relation 'left-of,right-of'"), "\(bad.err)")
    }

    @Test(
        "one positional edge per axis: a diagonal replaces a plain relation and is replaced; its reference's move drops it"
    )
    func replaceAndCascade() throws {
        setUp()
        run(["place", "lampa", "under", "5GgB"])
        run(["place", "lampa", "above,right-of", "5GgB", "--axes", "current"])
        var json = try cardJSON(run(["card", "lampa", "--json"]).out)
        let current = (json["current"] as? [String: Any])?["positional"] as? [[String: Any]] ?? []
        let normal = (json["normal"] as? [String: Any])?["positional"] as? [[String: Any]] ?? []
        #expect(current.map { $0["relation"] as? String } == ["above,right-of"])
        #expect(normal.map { $0["relation"] as? String } == ["under"])
        // Bord moves on the current axis: the diagonal on it is dropped, the home one stays.
        let moved = run(["place", "5GgB", "in", "koksbordet", "--axes", "current"])
        #expect(moved.status == 0)
        #expect(moved.out.contains("above and to the right of"), "\(moved.out)")
        json = try cardJSON(run(["card", "lampa", "--json"]).out)
        let currentEdges = ((json["current"] as? [String: Any])?["positional"] as? [[String: Any]]) ?? []
        let normalEdges = ((json["normal"] as? [String: Any])?["positional"] as? [[String: Any]]) ?? []
        #expect(currentEdges.isEmpty)
        #expect(normalEdges.count == 1)
    }

    @Test("apply takes a diagonal; a rebuilt cache's past card and history say the same as a replay")
    func applyAndCache() throws {
        setUp()
        let input = dir.file("in.jsonl")
        let lines = [
            #"{"command":"place","object":"lampa","relation":"under,behind","target":"5GgB"}"#,
            #"{"command":"place","object":"yTvK","relation":"in-front-of,right-of","target":"lampa","axes":"current"}"#,
        ]
        writeBytes(Array((lines.joined(separator: "\n") + "\n").utf8), to: input)
        let applied = run(["apply", input])
        #expect(applied.status == 0, "\(applied.err)")
        let seq = run(["log", "--json"]).out.split(separator: "\n").count
        run(["place", "lampa", "in", "koksbordet"])
        let live = (run(["card", "lampa", "--at", "\(seq)"]).out, run(["card", "yTvK", "--at", "\(seq)"]).out)
        let history = run(["history", "yTvK"]).out
        #expect(live.0.contains("Under and behind Bord"), "\(live.0)")
        #expect(live.1.contains("In front of and to the right of Lampa"), "\(live.1)")
        #expect(run(["rebuild"]).status == 0)
        #expect(run(["card", "lampa", "--at", "\(seq)"]).out == live.0)
        #expect(run(["card", "yTvK", "--at", "\(seq)"]).out == live.1)
        #expect(run(["history", "yTvK"]).out == history)
        #expect(history.contains("in front of and to the right of Lampa"), "\(history)")
    }

    @Test("export writes a diagonal as one quoted cell; import of it into an empty log gives the same world")
    func spreadsheet() throws {
        setUp()
        run(["place", "lampa", "behind,left-of", "5GgB"])
        run(["place", "yTvK", "above,in-front-of", "lampa", "--axes", "normal"])
        for lang in ["en", "sv"] {
            let export = run(["export", "--csv"], lang)
            #expect(export.status == 0)
            let cell = lang == "en" ? "\"behind,left-of\"" : "snett-bakom-till-vänster-om"
            #expect(export.out.contains("lampa,Lampa,5GgB,\(cell),5GgB,\(cell),,,,\r\n"), "\(export.out)")
            let file = dir.file("e-\(lang).csv")
            writeBytes(Array(export.out.utf8), to: file)
            let copy = dir.file("copy-\(lang).jsonl")
            let imported = run(["import", file], lang, log: copy)
            #expect(imported.status == 0, "\(imported.err)")
            let world = { (log: String) in
                try cardJSON(run(["fingerprint", "--json"], log: log).out)["world"] as? String
            }
            #expect(try world(copy) == (try world(self.log)))
        }
    }
}
