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
        #expect(place.status == 0 && place.out == "unchanged: Plastlåda is already in Köksbordet\n")
        #expect(run(["rename", "yTvK", "Plastlåda"], "sv").out.hasPrefix("oförändrat"))
        #expect(run(["place", "yTvK", "in", "koksbordet", "--json"]).out.contains("\"unchanged\":true"))
        #expect(fileBytes(log) == before)
    }

    @Test("find folds case and accents, ranks, limits, and prints where each hit is and belongs")
    func find() {
        setUp()
        let kok = run(["find", "kok"])
        #expect(kok.out == "Köksbordet (koksbordet)  Saltsjön › Lillstugan; home: Saltsjön › Lillstugan\n")
        let bord = run(["find", "BORD", "--json"])
        #expect(bord.out.contains("\"rank\":\"prefix\"") && bord.out.contains("\"rank\":\"substring\""))
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
        #expect(run(["stocktake", "--since", "2999-01-01", "--json"]).out.contains("\"id\":\"saltsjon\""))
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
        #expect(run(["undo", "15"]).out.contains("#16 placed Plastlåda (yTvK) in Vardagsrummet"))
        #expect(run(["undo", "16"]).status == 0)
    }

    @Test("repeated undo walks back through my moves and renames, redo walks forward, each answer names the event")
    func undoWalks() throws {
        setUp()
        _ = run(["place", "5GgB", "in", "lillstugan"])  // #12
        _ = run(["rename", "5GgB", "Matbord"])  // #13
        let first = run(["undo"])
        #expect(first.out.hasPrefix("undid #13: renamed 5GgB to Matbord\n#14 renamed 5GgB to Bord\n"))
        let second = run(["undo"], "sv")
        #expect(second.out.hasPrefix("ångrade #12: placerade Bord (5GgB) i Lillstugan (lillstugan)"))
        #expect(second.out.contains("#15 placerade Bord (5GgB) i Vardagsrummet (vardagsrummet)"))
        let redo = run(["redo", "--json"])
        #expect(redo.out.contains("\"redid\":12") && redo.out.contains("\"appended\":[16]"))
        #expect(run(["redo"]).out.hasPrefix("redid #13: renamed 5GgB to Matbord\n#17 "))
        let none = run(["redo"])
        #expect(none.status == 1 && none.err.contains("you have nothing to redo"))
        _ = run(["undo"])  // #18
        _ = run(["place", "5GgB", "in", "saltsjon"])  // #19, a new command: nothing left to redo
        #expect(run(["redo"], "sv").err.contains("du har inget att göra om"))
        let lines = dir.file("walk.jsonl")
        try Data("{\"command\":\"undo\"}\n{\"command\":\"undo\"}\n{\"command\":\"redo\"}\n".utf8).write(
            to: URL(fileURLWithPath: lines))
        #expect(run(["apply", lines]).status == 0)
        let history = run(["history", "5GgB"]).out
        #expect(history.contains("(undid #19)") && history.contains("(undid #16)") && history.contains("(undid #21)"))
        #expect(run(["card", "5GgB"]).out.contains("Current location: Saltsjön › Lillstugan"))
    }

    @Test("a reused --cid with another command is refused, naming the earlier event; the same command again is done")
    func reusedCommandID() throws {
        setUp()
        #expect(run(["place", "yTvK", "in", "vardagsrummet", "--cid", "move-1"]).status == 0)  // #12
        let again = run(["place", "yTvK", "in", "vardagsrummet", "--cid", "move-1"])
        #expect(again.status == 0 && again.out == "already done (event #12); nothing appended\n")
        let before = fileBytes(log)
        let other = run(["place", "yTvK", "in", "lillstugan", "--cid", "move-1"])
        #expect(other.status == 1)
        #expect(other.err.contains("the command id 'move-1' was used by event #12 for another command"))
        #expect(run(["rename", "yTvK", "Låda", "--cid", "move-1"], "sv").err.contains("användes av händelse #12"))
        #expect(
            run(["place", "yTvK", "in", "vardagsrummet", "--cid", "move-1", "--json"]).out.contains(
                "\"duplicateOf\":12"))
        #expect(fileBytes(log) == before)
        // Through apply: the same line again is unchanged; another command under the id is refused with its line.
        let lines = dir.file("cid.jsonl")
        let same = #"{"command":"place","object":"yTvK","relation":"in","target":"vardagsrummet","cid":"move-1"}"#
        try Data((same + "\n" + #"{"command":"seen","object":"yTvK","cid":"move-1"}"# + "\n").utf8).write(
            to: URL(fileURLWithPath: lines))
        let applied = run(["apply", lines])
        #expect(applied.status == 1 && applied.err.contains(":2: the command id 'move-1' was used by event #12"))
        #expect(fileBytes(log) == before)
        // An undo given again under its id is done (plain undo names the next step by then).
        #expect(run(["undo", "--cid", "undo-1"]).status == 0)  // #13
        #expect(run(["undo", "--cid", "undo-1"]).out == "already done (event #13); nothing appended\n")
    }

    @Test("archive --with-contents takes what is inside now; a thing that only belongs inside refuses it")
    func archiveContentsNow() {
        setUp()
        for args in [
            ["create", "box1", "Låda"], ["place", "box1", "in", "koksbordet"], ["create", "cup", "Kopp"],
            ["place", "cup", "in", "box1"], ["create", "lid", "Lock"], ["place", "lid", "in", "box1"],
            ["place", "lid", "in", "vardagsrummet", "--axes", "current"],
        ] { #expect(run(args).status == 0) }
        let before = fileBytes(log)
        let refused = run(["archive", "box1", "--with-contents"])
        #expect(refused.status == 1 && refused.err.contains("'lid' belongs in 'box1' but is elsewhere now"))
        #expect(run(["archive", "box1", "--with-contents"], "sv").err.contains("'lid' hör hemma i 'box1'"))
        #expect(fileBytes(log) == before)
        _ = run(["place", "lid", "in", "vardagsrummet", "--axes", "normal"])  // #19
        #expect(run(["archive", "box1", "--with-contents"]).status == 0)  // #20
        let lid = run(["card", "lid"]).out
        #expect(lid.contains("Current location: Saltsjön › Vardagsrummet") && !lid.contains("Archived"))
        // The archived box lists what went with it, as their own cards say they are inside it.
        let box = run(["card", "box1", "--at", "20"]).out
        #expect(box.contains("Contents:\n  Kopp (cup)"))
        #expect(
            run(["card", "cup", "--at", "20"]).out.contains(
                "Current location: Saltsjön › Lillstugan › Köksbordet › Låda"))
        #expect(run(["card", "koksbordet"]).out.contains("Contents:\n  Plastlåda (yTvK)\n"))
        _ = run(["rebuild"])
        #expect(run(["card", "box1", "--at", "20"]).out == box)
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

    @Test("return puts things home, says unchanged when home, and --all returns everything inside C as one batch")
    func returnHome() {
        setUp()
        _ = run(["place", "yTvK", "behind", "5GgB", "--axes", "current"])
        _ = run(["place", "koksbordet", "in", "vardagsrummet", "--axes", "current"])
        #expect(run(["return", "yTvK"]).out == "#14 returned Plastlåda (yTvK) home\n")
        #expect(run(["return", "yTvK"], "sv").out == "oförändrat: Plastlåda är redan hemma\n")
        _ = run(["place", "yTvK", "behind", "5GgB", "--axes", "current"])
        let all = run(["return", "--all", "--in", "saltsjon", "--json"])
        #expect(all.out.contains("\"appended\":[16,17]"))
        // Everything is home, as at the first event (whose view begins with the point it shows).
        let atStart = run(["away", "--at", "1"]).out.split(separator: "\n", maxSplits: 1)
        #expect(atStart.first?.hasPrefix("As of #1 (") == true)
        #expect(run(["away"]).out == String(atStart.last ?? ""))
        #expect(run(["return", "yTvK", "--all"]).status == 64)
        #expect(run(["return", "--in", "saltsjon"]).status == 64)
        #expect(run(["history", "yTvK"]).out.contains("Returned home (Saltsjön › Lillstugan › Köksbordet)"))
        #expect(run(["history", "yTvK"], "sv").out.contains("Tillbaka på hemplatsen"))
    }

    @Test("seen records a sighting on the card and in history; stocktake counts it")
    func seen() {
        setUp()
        let out = run(["seen", "yTvK", "5GgB"], "sv").out
        #expect(out == "#12 såg Plastlåda (yTvK) på sin plats\n#13 såg Bord (5GgB) på sin plats\n")
        #expect(run(["card", "yTvK"]).out.contains("Last seen: #12 "))
        #expect(run(["card", "yTvK", "--at", "11"]).out.contains("Last seen") == false)
        #expect(run(["card", "yTvK", "--json"]).out.contains("\"lastSeen\""))
        #expect(run(["history", "yTvK"]).out.contains("Seen where Plings says it is"))
        #expect(run(["stocktake", "lillstugan"]).out.contains("#12 ") && run(["seen", "nope"]).status == 1)
        #expect(run(["seen", "yTvK", "nope"]).status == 1 && run(["stocktake"]).out.contains("#13 "))
        #expect(!run(["stocktake"]).out.contains("#14 "))
    }

    @Test("archive refuses a full container, takes contents with --with-contents, hides them; restore brings them back")
    func archiveRestore() {
        setUp()
        let before = fileBytes(log)
        let full = run(["archive", "koksbordet"])
        #expect(full.status == 1 && full.err.contains("contains 1 object;") && fileBytes(log) == before)
        let archived = run(["archive", "koksbordet", "--note", "Såld", "--with-contents"])
        #expect(
            archived.out == "#12 archived Köksbordet (koksbordet): Såld\n  'yTvK' was archived with 'koksbordet'\n")
        #expect(!run(["tree"]).out.contains("Köksbordet") && run(["tree", "--at", "11"]).out.contains("Köksbordet"))
        #expect(run(["find", "kok"]).out == "no matches\n")
        #expect(run(["find", "kok", "--archived"]).out.contains("[archived]"))
        #expect(
            run(["card", "yTvK"]).out.contains("Archived: #12 ")
                && run(["card", "yTvK"]).out.contains("with koksbordet"))
        #expect(run(["create", "koksbordet", "Nytt"]).err.contains("never reused"))
        #expect(run(["place", "yTvK", "in", "saltsjon"]).err.contains("is archived"))
        #expect(run(["history", "yTvK"]).out.contains("Archived with Köksbordet"))
        let restored = run(["restore", "koksbordet", "--to", "vardagsrummet"])
        #expect(restored.out == "#13 restored Köksbordet (koksbordet) in Vardagsrummet (vardagsrummet)\n")
        #expect(run(["card", "yTvK"]).out.contains("Current location: Saltsjön › Vardagsrummet › Köksbordet"))
        #expect(run(["history", "yTvK"], "sv").out.contains("Återställd med Köksbordet"))
        #expect(run(["restore", "koksbordet", "--to", "vardagsrummet"]).err.contains("is not archived"))
        #expect(run(["restore", "koksbordet"]).status == 64)
        #expect(run(["archive", "yTvK", "--note", ""]).status == 64)
    }

    @Test("undo of a batch of two per-axis placements redoes as one; history says which event each undid")
    func undoBatch() {
        setUp()
        _ = run(["place", "yTvK", "under", "5GgB", "--axes", "current"])
        _ = run(["place", "yTvK", "in", "lillstugan"])
        let undo = run(["undo", "13"])
        #expect(undo.out.contains("#14 placed Plastlåda (yTvK) under Bord (5GgB), current only"))
        #expect(undo.out.contains("#15 placed Plastlåda (yTvK) in Köksbordet (koksbordet), new home"))
        let redo = run(["undo", "15"])
        #expect(
            redo.out == "undid #15: placed Plastlåda (yTvK) in Köksbordet (koksbordet), new home\n"
                + "#16 placed Plastlåda (yTvK) in Lillstugan (lillstugan), both current and home\n")
        #expect(run(["history", "yTvK"]).out.contains("(undid #13)"))
        #expect(run(["log", "--json", "--from", "14"]).out.contains("\"undoes\":13"))
    }

    @Test("apply runs the everyday verbs from JSON lines")
    func apply() throws {
        setUp()
        let input = dir.file("commands.jsonl")
        let lines = [
            #"{"command":"place","object":"yTvK","relation":"in-front-of","target":"5GgB","axes":"current"}"#,
            #"{"command":"seen","object":"5GgB"}"#, #"{"command":"return-all","in":"saltsjon"}"#,
            #"{"command":"archive","object":"koksbordet","note":"Såld","contents":"yes"}"#,
            #"{"command":"restore","object":"koksbordet","relation":"behind","target":"5GgB"}"#,
            #"{"command":"return","object":"yTvK"}"#,
        ]
        writeBytes(Array((lines.joined(separator: "\n") + "\n").utf8), to: input)
        let result = run(["apply", input])
        #expect(result.status == 0, "\(result.err)")
        #expect(run(["card", "koksbordet"]).out.contains("Behind Bord"))
        writeBytes(Array(#"{"command":"seen","object":"yTvK","note":"x"}"#.utf8) + [10], to: input)
        #expect(run(["apply", input]).status != 0)
    }
}
