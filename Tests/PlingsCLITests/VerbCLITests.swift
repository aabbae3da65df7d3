import Foundation
import PlingsTestSupport
import Testing

/// The everyday verbs through the CLI, on the Saltsjön world.
@Suite("Everyday verbs through the CLI")
struct VerbCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    func setUp() {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
    }

    func run(_ args: [String], _ lang: String = "en") -> Run {
        plings(args, log: log, env: ["PLINGS_LANG": lang])
    }

    @Test("behind and in front of are placements like the others; the card says Bakom Bord")
    func depth() {
        setUp()
        #expect(run(["place", "yTvK", "bakom", "5GgB"]).status == 0)
        #expect(run(["card", "yTvK"], "sv").out.contains("  Bakom Bord"))
        #expect(run(["place", "yTvK", "in-front-of", "5GgB"]).out.contains("in front of Bord"))
        #expect(run(["card", "yTvK"]).out.contains("  In front of Bord"))
    }

    @Test("a placement or rename that changes nothing appends nothing, says unchanged and exits 0")
    func unchanged() {
        setUp()
        let before = fileBytes(log)
        let place = run(["place", "yTvK", "in", "koksbordet"])
        #expect(place.status == 0 && place.out == "unchanged; nothing appended\n")
        #expect(run(["rename", "yTvK", "Plastlåda"], "sv").out == "oförändrat; inget lades till\n")
        #expect(run(["place", "yTvK", "in", "koksbordet", "--json"]).out.contains("\"unchanged\" : true"))
        #expect(fileBytes(log) == before)
    }

    @Test("find folds case and accents, ranks, limits, and prints where each hit is and belongs")
    func find() {
        setUp()
        let kok = run(["find", "kok"])
        #expect(kok.out == "Köksbordet (koksbordet)  Saltsjön › Lillstugan; home: Saltsjön › Lillstugan\n")
        let bord = run(["find", "BORD", "--json"])
        #expect(bord.out.contains("\"rank\" : \"prefix\"") && bord.out.contains("\"rank\" : \"substring\""))
        #expect(run(["find", "bord", "--limit", "1"]).out.split(separator: "\n").count == 1)
        #expect(run(["find", "bord", "--limit", "0"]).status == 64)
        #expect(run(["find", "zzz"], "sv").out == "inga träffar\n")
    }

    @Test("stocktake lists what was not handled since a time, oldest first, inside a container")
    func stocktake() throws {
        setUp()
        let all = run(["stocktake", "lillstugan"])
        #expect(all.out.split(separator: "\n").count == 2)
        #expect(all.out.hasPrefix("#8 ") && all.out.contains("Plastlåda (yTvK)"))
        #expect(run(["stocktake", "--since", "2999-01-01", "--json"]).out.contains("\"id\" : \"saltsjon\""))
        #expect(run(["stocktake", "lillstugan", "--since", "1999-01-01"]).out == "nothing to check\n")
        #expect(run(["stocktake", "nope"]).status == 1)
    }

    @Test("undo compensates a placement, lists lost relations, time travel sees before and after")
    func undo() {
        setUp()
        _ = run(["create", "cat", "Katt"])
        _ = run(["place", "cat", "next-to", "yTvK"])
        let move = run(["place", "yTvK", "in", "vardagsrummet", "--json"])
        #expect(move.status == 0)
        let undone = run(["undo", "14"])
        #expect(undone.status == 0)
        #expect(undone.out.contains("#15 placed Plastlåda (yTvK) in Köksbordet (koksbordet)"))
        #expect(undone.out.contains("not restored: 'cat' next to 'yTvK'"))
        #expect(run(["card", "yTvK", "--at", "14"]).out.contains("Current location: Saltsjön › Vardagsrummet"))
        #expect(run(["card", "yTvK"]).out.contains("Current location: Saltsjön › Lillstugan › Köksbordet"))
        #expect(run(["undo"]).out.contains("#16 placed Plastlåda (yTvK) in Vardagsrummet"))
        #expect(run(["undo", "16"]).status == 0)
    }

    @Test("undo refuses what it cannot undo, with the reason, in both languages, and appends nothing")
    func undoRefused() {
        setUp()
        let before = fileBytes(log)
        let created = run(["undo", "1"])
        #expect(created.status == 1)
        #expect(created.err.contains("#1 created an object and cannot be undone"))
        #expect(run(["undo", "1"], "sv").err.contains("#1 skapade ett objekt och kan inte ångras"))
        #expect(run(["undo", "99"]).err.contains("there is no event #99"))
        #expect(run(["undo", "x"]).status == 64)
        #expect(fileBytes(log) == before)
    }
}
