import Foundation
import PlingsTestSupport
import PlingsText
import Testing

/// What a newcomer met walking through the README, on a hand-made log of a few events.
@Suite("A newcomer's nits: points before the first event, apply's count, ids in the wrong case, history's columns")
struct NewcomerTests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("plings.jsonl") }

    /// box and shelf, box placed in shelf: #1–#3.
    func setUp() {
        for a in [["create", "box", "Box"], ["create", "shelf", "Shelf"], ["place", "box", "in", "shelf"]] {
            let run = plings(a, log: log, env: ["PLINGS_ACTOR": "me"])
            #expect(run.status == 0, "\(a): \(run.err)")
        }
    }

    @Test("a point before the first event is called that, never '#0', in both languages; JSON keeps seq 0")
    func beforeTheFirstEvent() throws {
        setUp()
        let expected = [
            "en": "plings: 'box' did not exist yet: --at 2020-01-01 is before the first event of the log; "
                + "give a later --at\n",
            "sv": "plings: 'box' fanns inte ännu: --at 2020-01-01 ligger före loggens första händelse; "
                + "ange en senare --at\n",
        ]
        for (lang, message) in expected {
            for command in ["card", "history"] {
                let run = plings([command, "box", "--at", "2020-01-01", "--lang", lang], log: log)
                #expect(run.status == 1 && run.err == message, "\(command) \(lang): \(run.err)")
            }
        }
        let seqZero = plings(["card", "box", "--at", "0"], log: log, env: ["PLINGS_LANG": "en"])
        #expect(seqZero.err.contains("--at 0 is before the first event"), "\(seqZero.err)")
        let diff = plings(["diff", "--from", "2020-01-01", "--to", "2", "--lang", "en"], log: log)
        // Both ends first (the start before the first event), then the changes.
        #expect(diff.out.hasPrefix("From: Before the first event: nothing existed yet at "), "\(diff.out)")
        #expect(diff.out.contains("\nTo: As of #2 (") && diff.out.contains("\nChanges (before the first event) → #2\n"))
        let diffSv = plings(["diff", "--from", "2020-01-01", "--lang", "sv"], log: log)
        #expect(diffSv.out.hasPrefix("Från: Före den första händelsen: ingenting fanns ännu vid "), "\(diffSv.out)")
        #expect(diffSv.out.contains("\nSkillnad (före första händelsen) → #3\n"), "\(diffSv.out)")
        let reversed = plings(["diff", "--from", "3", "--to", "2020-01-01", "--lang", "en"], log: log)
        #expect(reversed.err == "plings: --from (#3) comes after --to (before the first event); swap them\n")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(plings(["diff", "--from", "2020-01-01", "--json"], log: log).out.utf8)) as? [String: Any]
        #expect(json?["fromSeq"] as? Int == 0 && json?["toSeq"] as? Int == 3)
        // The object timeline of a rebuild answers the same.
        #expect(plings(["rebuild", "--quiet"], log: log).status == 0)
        let cached = plings(["card", "box", "--at", "2020-01-01", "--lang", "en"], log: log)
        #expect(cached.err == expected["en"], "\(cached.err)")
    }

    @Test("tree, away, find and stocktake at a point before the first event say so, not an empty world")
    func worldBeforeTheFirstEvent() throws {
        setUp()
        let en = "Nothing existed yet: --at 2020-01-01 is before the first event of the log.\n"
        let tree = plings(["tree", "--at", "2020-01-01", "--lang", "en"], log: log)
        #expect(tree.status == 0 && tree.out == "World (current)\n" + en, "\(tree.out)")
        let away = plings(["away", "--at", "0", "--lang", "sv"], log: log)
        #expect(away.out == "Ingenting fanns ännu: --at 0 ligger före loggens första händelse.\n", "\(away.out)")
        let find = plings(["find", "Box", "--at", "2020-01-01", "--lang", "en"], log: log)
        #expect(find.status == 0 && find.out == en, "\(find.out)")
        let stocktake = plings(["stocktake", "shelf", "--at", "2020-01-01", "--lang", "en"], log: log)
        #expect(
            stocktake.err.hasPrefix("plings: 'shelf' did not exist yet: --at 2020-01-01 is before"), "\(stocktake.err)")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(plings(["away", "--at", "2020-01-01", "--json"], log: log).out.utf8)) as? [String: Any]
        #expect(json?["asOfSeq"] as? Int == 0 && (json?["away"] as? [Any])?.isEmpty == true)
    }

    @Test("apply counts the lines that changed nothing, in the summary, the dry run and JSON, in both languages")
    func applyCountsUnchanged() throws {
        setUp()
        let input = dir.file("in.jsonl")
        let lines = [
            #"{"command":"place","object":"box","relation":"in","target":"shelf"}"#,  // already so
            #"{"command":"create","object":"lamp","name":"Lamp"}"#,
            #"{"command":"seen","object":"nope"}"#,
            #"{"command":"rename","object":"shelf","name":"Shelf","cid":"c1"}"#,  // already so, alone (a cid)
        ]
        writeBytes(Array(lines.joined(separator: "\n").utf8), to: input)
        let dry = plings(["apply", input, "--dry-run", "--on-error", "skip", "--lang", "sv"], log: log)
        #expect(
            dry.out.hasSuffix(
                "läste 4 kommandon; 1 händelse skulle läggas till, 2 oförändrade, 1 avvisad; inget skrevs\n"))
        let run = plings(["apply", input, "--on-error", "skip", "--json"], log: log)
        let report = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any]
        #expect(report?["appended"] as? Int == 1 && report?["unchanged"] as? Int == 2, "\(run.out)")
        // Again: the create is refused now (lamp exists), the place and the rename still change nothing.
        let again = plings(["apply", input, "--on-error", "skip", "--lang", "en"], log: log)
        #expect(again.out == "read 4 commands, appended 0 events in 0 batches, 2 unchanged, 2 rejected\n")
        // A retried cid in a dry run is "already done", not "would append".
        let twice = #"{"command":"create","object":"cup","name":"Cup","cid":"c2"}"#
        writeBytes(Array((twice + "\n" + twice + "\n").utf8), to: input)
        let dryTwice = plings(["apply", input, "--dry-run", "--lang", "en"], log: log)
        #expect(dryTwice.out.contains("line 2: already done (event #5); would append nothing\n"), "\(dryTwice.out)")
    }

    @Test("an id in the wrong case gets 'did you mean' with the known id, for commands, log and apply lines")
    func idInTheWrongCase() throws {
        setUp()
        let en = [
            (["card", "BOX"], "plings: unknown object 'BOX'; ids are case-sensitive: did you mean 'box'?\n"),
            (
                ["place", "box", "in", "Shelf"],
                "plings: unknown object 'Shelf'; ids are case-sensitive: did you mean 'shelf'?\n"
            ),
            (
                ["history", "bOx", "--at", "2"],
                "plings: unknown object 'bOx'; ids are case-sensitive: did you mean 'box'?\n"
            ),
            (["card", "boxes"], "plings: unknown object 'boxes'; create it first with 'plings create boxes NAME'\n"),
        ]
        for (args, message) in en {
            let run = plings(args, log: log, env: ["PLINGS_LANG": "en"])
            #expect(run.status == 1 && run.err == message, "\(args): \(run.err)")
        }
        let sv = plings(["seen", "BOX"], log: log, env: ["PLINGS_LANG": "sv"])
        #expect(sv.err == "plings: okänt objekt 'BOX'; id:n skiljer på stora och små bokstäver: menade du 'box'?\n")
        let logRun = plings(["log", "--object", "Box"], log: log, env: ["PLINGS_LANG": "en"])
        #expect(logRun.err.hasSuffix("no such object; ids are case-sensitive: did you mean 'box'?\n"), "\(logRun.err)")
        let input = dir.file("in.jsonl")
        writeBytes(Array(#"{"command":"seen","object":"SHELF"}"#.utf8), to: input)
        let apply = plings(["apply", input, "--lang", "en"], log: log)
        #expect(
            apply.err.hasSuffix("in.jsonl:1: unknown object 'SHELF'; ids are case-sensitive: did you mean 'shelf'?\n"))
        // Commands and options in the wrong case, too.
        let command = plings(["PLACE", "box", "in", "shelf"], log: log, env: ["PLINGS_LANG": "en"])
        #expect(command.err == "plings: unknown command 'PLACE'; did you mean 'plings place'?\n", "\(command.err)")
        #expect(EditDistance.suggestion(for: "--AXES", among: ["--axes", "--at"]) == "--axes")
    }

    @Test("creating an id that differs from another only in case works and says so: create, apply, dry run, JSON")
    func createInTheWrongCase() throws {
        setUp()
        let create = plings(["create", "BOX", "Big box", "--lang", "en"], log: log)
        #expect(
            create.status == 0
                && create.out == "#4 created Big box (BOX)\n  'BOX' differs from 'box' only in case; ids are "
                    + "case-sensitive, so these are two objects (if you meant 'box', archive 'BOX')\n",
            "\(create.out)")
        let json = plings(["create", "Shelf", "Hylla", "--json", "--lang", "sv"], log: log).out
        #expect(
            json.contains(#""notes":["'Shelf' skiljer sig från 'shelf' bara i stora och små bokstäver;"#), "\(json)")
        #expect(plings(["create", "cup", "Cup", "--json"], log: log).out.contains(#""notes":[]"#))
        let input = dir.file("in.jsonl")
        let lines = [
            #"{"command":"create","object":"CUP","name":"Cup"}"#,
            #"{"command":"create","object":"lamp","name":"Lamp"}"#,
            #"{"command":"create","object":"LAMP","name":"Lamp"}"#,
        ]
        writeBytes(Array(lines.joined(separator: "\n").utf8), to: input)
        let dry = plings(["apply", input, "--dry-run", "--lang", "sv"], log: log)
        #expect(dry.out.contains("rad 3:   'LAMP' skiljer sig från 'lamp' bara i"), "\(dry.out)")
        let run = plings(["apply", input, "--lang", "en"], log: log)
        #expect(
            run.status == 0
                && run.err == "plings: 2 new ids differ from existing ones only in case: 'CUP' (line 1) beside 'cup', "
                    + "'LAMP' (line 3) beside 'lamp'; ids are case-sensitive, so each is an object of its own\n",
            "\(run.err)")
        writeBytes(Array(#"{"command":"create","object":"Lamp","name":"Lamp","cid":"c1"}"#.utf8), to: input)
        let report =
            try JSONSerialization.jsonObject(
                with: Data(plings(["apply", input, "--json"], log: log).out.utf8)) as? [String: Any]
        let twins = report?["caseTwins"] as? [[String: Any]]
        #expect(twins?.first?["id"] as? String == "Lamp" && twins?.first?["existing"] as? String == "lamp")
    }

    @Test("history and log pad the seq column so the times line up; JSON keeps the seq a number")
    func historyColumns() throws {
        setUp()
        let input = dir.file("seen.jsonl")
        let seen = Array(repeating: #"{"command":"seen","object":"box"}"#, count: 8)
        writeBytes(Array(seen.joined(separator: "\n").utf8), to: input)
        #expect(plings(["apply", input], log: log).status == 0)
        let lines = plings(["history", "box", "--lang", "en"], log: log).out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#1   20") == true && lines.last?.hasPrefix("#11  20") == true, "\(lines)")
        let columns = Set(
            lines.map { line in
                line.firstRange(of: "  20").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            })
        #expect(columns == [3] && lines.count == 10, "\(lines)")
        let json = plings(["history", "box", "--json"], log: log).out
        #expect(json.contains(#""seq":1,"#) && json.contains(#""seq":11,"#))
        // log streams: its column is as wide as the log's last seq (or --to's, when smaller).
        let logLines = plings(["log", "--lang", "sv"], log: log).out.split(separator: "\n")
        #expect(logLines.first?.hasPrefix("#1   20") == true && logLines.last?.hasPrefix("#11  20") == true)
        #expect(logLines.count == 11, "\(logLines)")
        let upTo = plings(["log", "--to", "9", "--object", "shelf", "--lang", "en"], log: log).out
        #expect(upTo.hasPrefix("#2  20") && upTo.contains("\n#3  20"), "\(upTo)")
    }
}
