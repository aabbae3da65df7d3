import Foundation
import PlingsTestSupport
import Testing

/// Issue 25, item 3, as the newcomer met it: Sofa moved away and returned; the
/// four things around it were never away.
@Suite("Away means not where it belongs, through the CLI")
struct AwayCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    func run(_ args: [String], _ lang: String = "en") -> Run {
        plings(args, log: log, env: ["PLINGS_LANG": lang])
    }

    @Test("the sofa's neighbours are not in away after return sofa, and return --all appends nothing")
    func sofa() {
        for (id, name) in [("room", "Room"), ("sofa", "Sofa"), ("lamp", "Lamp"), ("rug", "Rug"), ("tbl", "Table")] {
            #expect(run(["create", id, name]).status == 0)
        }
        _ = run(["place", "sofa", "in", "room"])
        _ = run(["place", "lamp", "next-to", "sofa"])
        _ = run(["place", "rug", "under", "sofa"])
        _ = run(["place", "tbl", "behind,left-of", "sofa"])
        let moved = run(["place", "sofa", "in", "world", "--axes", "current"])
        #expect(moved.out.contains("Lamp is no longer next to Sofa (current)"))
        #expect(run(["away"]).out.hasPrefix("Sofa (sofa)\n"))
        let json = run(["away", "--json"]).out
        #expect(json.contains("\"away\":[{\"id\":\"sofa\""))
        #expect(!json.contains("\"name\":\"Lamp\",\"current\""), "the lamp is not an entry of away")
        #expect(run(["return", "sofa"]).status == 0)
        #expect(run(["away"]).out == "Everything is at home.\n")
        #expect(run(["away"], "sv").out == "Allt är hemma.\n")
        #expect(run(["card", "lamp"]).out.contains("Away from home: no"))
        let before = fileBytes(log)
        let all = run(["return", "--all"])
        #expect(all.status == 0)
        #expect(fileBytes(log) == before, "return --all wrote \(all.out)")
        #expect(run(["return", "lamp"]).out.contains("returned Lamp (lamp) home"))
        #expect(run(["card", "lamp"]).out.contains("Next to Sofa"))
    }
}
