import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// History, time travel, diff, away, log, rebuild, fingerprint and apply through the CLI.
@Suite("History and time travel through the CLI")
struct HistoryCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("plings.jsonl") }

    /// The fixture, then: yTvK under Bord (#12), lampa created and placed next to yTvK (#13, #14),
    /// Bord moved to Lillstugan (#15, drops yTvK's "under" on both axes), Vardagsrummet moved into
    /// Lillstugan on the current axis (#16: yTvK's path changes), Lillstugan renamed (#17: again).
    func setUp() {
        for a in Saltsjon.cliArguments { _ = plings(a, log: log, env: ["PLINGS_ACTOR": "paul"]) }
        for a in [
            ["place", "yTvK", "under", "5GgB"],
            ["create", "lampa", "Lampa"],
            ["place", "lampa", "next-to", "yTvK"],
            ["place", "5GgB", "in", "lillstugan"],
            ["place", "vardagsrummet", "in", "lillstugan", "--axes", "current"],
            ["rename", "lillstugan", "Gäststugan"],
        ] {
            let run = plings(a, log: log, env: ["PLINGS_ACTOR": "anna"])
            #expect(run.status == 0, "\(a): \(run.err)")
        }
    }

    func history(_ id: String, _ extra: [String] = []) throws -> [[String: Any]] {
        let run = plings(["history", id, "--json"] + extra, log: log, env: ["PLINGS_LANG": "sv"])
        #expect(run.status == 0, "\(run.err)")
        let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any] ?? [:]
        #expect(object["id"] as? String == id)
        return object["entries"] as? [[String: Any]] ?? []
    }

    @Test("history shows events, references, the cascade with its cause, and path changes, with actors")
    func history() throws {
        setUp()
        let entries = try history("yTvK")
        let kinds = entries.map { "\($0["seq"] ?? "")/\($0["kind"] ?? "")" }
        #expect(
            kinds == [
                "6/event", "11/event", "12/event", "14/reference", "15/cascade", "15/cascade", "16/path", "17/path",
            ])
        let cascade = entries[4]
        #expect(cascade["cause"] as? String == "5GgB")
        #expect(cascade["actor"] as? String == "anna")
        #expect(
            (cascade["text"] as? String ?? "").contains(
                "Relationen 'under Bord' (nuvarande) föll bort eftersom Bord flyttades"))
        #expect((entries[2]["text"] as? String) == "Placerad under Bord (i Vardagsrummet), både nuvarande och hem")
        #expect(entries[2]["relation"] as? String == "under" && entries[2]["target"] as? String == "5GgB")
        #expect(entries[2]["axes"] as? [String] == ["current", "normal"])
        #expect(cascade["relation"] as? String == "under" && cascade["axes"] as? [String] == ["current"])
        #expect(entries[0]["name"] as? String == "Plastlåda" && entries[0]["cause"] is NSNull)
        #expect(
            (entries[6]["text"] as? String ?? "").contains(
                "eftersom Vardagsrummet flyttades; nu Saltsjön › Lillstugan › Vardagsrummet"))
        #expect(
            (entries[7]["text"] as? String ?? "").contains(
                "Gäststugan fick nytt namn; nu Saltsjön › Gäststugan › Vardagsrummet"))
        let english = plings(["history", "yTvK", "--lang", "en"], log: log).out
        #expect(english.contains("Relation 'under Bord' (current) dropped because Bord moved"))
        #expect(english.contains("#12  ") && english.contains("  anna  "))
    }

    @Test("history --at stops at the point; an unknown object is an error")
    func historyAt() throws {
        setUp()
        #expect(try history("yTvK", ["--at", "12"]).count == 3)
        let run = plings(["history", "nope"], log: log)
        #expect(run.status == 1 && run.err.contains("nope"))
        #expect(plings(["history", "lampa", "--at", "12"], log: log).status == 1, "lampa did not exist yet")
    }

    @Test("card and tree --at SEQ show the world as it was; --at TIME and --at DATE too")
    func timeTravel() throws {
        setUp()
        let before = try cardJSON(plings(["card", "yTvK", "--json", "--at", "11"], log: log).out)
        #expect((before["current"] as? [String: Any])?["parent"] as? String == "koksbordet")
        let after = try cardJSON(plings(["card", "yTvK", "--json", "--at", "12"], log: log).out)
        #expect((after["current"] as? [String: Any])?["parent"] as? String == "vardagsrummet")
        let lines = try ChainChecker.checkAll(fileBytes(log)).lines
        let at12 = lines[11].event.at.rfc3339
        let byTime = try cardJSON(plings(["card", "yTvK", "--json", "--at", at12], log: log).out)
        #expect(byTime["asOfSeq"] as? Int ?? 0 >= 12)
        let day = String(at12.prefix(10))
        let byDate = try cardJSON(plings(["card", "yTvK", "--json", "--at", day], log: log).out)
        #expect(byDate["asOfSeq"] as? Int == 17)
        let early = plings(["card", "yTvK", "--at", "1999-01-01"], log: log)
        #expect(early.status == 1, "nothing existed then")
        #expect(plings(["card", "yTvK", "--at", "yesterday"], log: log).status == 64)
        #expect(
            plings(["card", "yTvK", "--at", "#11"], log: log).out
                == plings(["card", "yTvK", "--at", "11"], log: log).out)
        #expect(plings(["card", "yTvK", "--at", "#"], log: log).status == 64)
        #expect(plings(["card", "yTvK", "--at", "#+11"], log: log).status == 64)
        let tree = plings(["tree", "--at", "11"], log: log).out
        #expect(tree.contains("Lillstugan") && !tree.contains("Gäststugan"))
    }

    @Test("card --at reads the object timeline after a rebuild and prints what the full path prints, in both languages")
    func cardFromTimeline() throws {
        setUp()
        let lines = try ChainChecker.checkAll(fileBytes(log)).lines
        var points = (1...lines.count).map(String.init) + ["0", "99", "1999-01-01", "2999-01-01"]
        points += lines.map { $0.event.at.rfc3339 } + [String(lines[11].event.at.rfc3339.prefix(10))]
        let ids = ["yTvK", "lampa", "5GgB", "lillstugan", "vardagsrummet", "saltsjon", "nobody"]
        let forms = [["--lang", "sv"], ["--lang", "en"], ["--json"]]
        // Every form of every card at every point with PLINGS_STRESS; by default each (point, id)
        // in one form, the forms taking turns, so every id and every point meets every form.
        func answers() -> [String] {
            points.enumerated().flatMap { p, point in
                ids.enumerated().flatMap { i, id in
                    (Stress.enabled ? forms : [forms[(p + i) % forms.count]]).map { extra in
                        let run = plings(["card", id, "--at", point] + extra, log: log)
                        return "\(run.status) \(run.out) \(run.err)"
                    }
                }
            }
        }
        let full = answers()
        #expect(plings(["rebuild", "--quiet"], log: log).status == 0)
        let timeline = try #require(SnapshotCache(logPath: log).timelineEntries().last)
        #expect(PastCard.answer(oid("yTvK"), logPath: log, at: .seq(12)) != nil, "the timeline answers")
        #expect(answers() == full)
        try FileManager.default.removeItem(atPath: timeline.path)
        #expect(answers() == full)
    }

    @Test("card --at a point after the last rebuild reads the head snapshot and the events since, as the full path")
    func cardAfterRebuild() throws {
        setUp()
        #expect(plings(["rebuild", "--quiet"], log: log).status == 0)
        for a in [
            ["create", "pen", "Penna"], ["place", "pen", "in", "koksbordet"], ["seen", "lampa"],
            ["rename", "pen", "Penna 2"], ["place", "yTvK", "on", "koksbordet"],
        ] {
            #expect(plings(a, log: log).status == 0, "\(a)")
        }
        let lines = try ChainChecker.checkAll(fileBytes(log)).lines
        var points = (1...lines.count).map(String.init) + ["99"]
        points += lines.suffix(6).map { $0.event.at.rfc3339 } + ["2999-01-01"]
        let ids = ["yTvK", "lampa", "5GgB", "lillstugan", "vardagsrummet", "saltsjon", "koksbordet", "pen", "nobody"]
        let forms = [["--lang", "sv"], ["--json"]]
        // Both forms of every card at every point with PLINGS_STRESS; by default one, in turn.
        func answers() -> [String] {
            points.enumerated().flatMap { p, point in
                ids.enumerated().flatMap { i, id in
                    (Stress.enabled ? forms : [forms[(p + i) % forms.count]]).map { extra in
                        let run = plings(["card", id, "--at", point] + extra, log: log)
                        return "\(run.status) \(run.out) \(run.err)"
                    }
                }
            }
        }
        let last = Int64(lines.count)
        #expect(HeadCard.answer(oid("saltsjon"), logPath: log, at: .seq(last)) != nil, "the head snapshot answers")
        #expect(HeadCard.answer(oid("koksbordet"), logPath: log, at: .seq(last)) == nil, "a touched card gives way")
        let withCache = answers()
        try FileManager.default.moveItem(atPath: log + ".plings-cache", toPath: log + ".aside")
        #expect(withCache == answers())
    }

    @Test("diff lists moves, renames, appearances and positional changes between two points")
    func diff() throws {
        setUp()
        let run = plings(["diff", "--from", "11", "--to", "17", "--json"], log: log)
        #expect(run.status == 0)
        let d = try cardJSON(run.out)
        #expect((d["appeared"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["lampa"])
        #expect((d["renamed"] as? [[String: Any]])?.first?["to"] as? String == "Gäststugan")
        let moved = (d["moved"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "")/\($0["axis"] ?? "")" }
        #expect(Set(moved) == ["yTvK/current", "yTvK/normal", "5GgB/current", "5GgB/normal", "vardagsrummet/current"])
        let appeared = (d["positionalAppeared"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "")" }
        #expect(appeared.filter { $0 == "lampa" }.count == 2)
        #expect(plings(["diff", "--from", "17", "--to", "11"], log: log).status == 64)
        #expect(plings(["diff"], log: log).status == 64)
    }

    @Test("diff names the things an archive took out of the world and a restore brought back, as text and JSON")
    func diffArchiveRestore() throws {
        // The issue's log: Box holds Cable, Cable holds Plug; #8 archives Box with its contents.
        for a in [
            ["create", "hall", "Hall"], ["create", "box", "Box"], ["create", "cable", "Cable"],
            ["create", "plug", "Plug"], ["place", "box", "in", "hall"], ["place", "cable", "in", "box"],
            ["place", "plug", "in", "cable"], ["archive", "box", "--with-contents"],
            ["restore", "box", "--to", "hall"],
        ] {
            let run = plings(a, log: log)
            #expect(run.status == 0, "\(a): \(run.err)")
        }
        let archived = plings(["diff", "--from", "7", "--to", "8", "--lang", "en"], log: log).out
        // Below the two ends ("From: As of #7 (…)", "To: As of #8 (…)").
        #expect(archived.hasPrefix("From: As of #7 ("), "\(archived)")
        #expect(
            archived.hasSuffix(
                ")\nChanges #7 → #8\n- Box (box) archived\n- Cable (cable) archived\n- Plug (plug) archived\n"))
        let arkiverat = plings(["diff", "--from", "7", "--to", "8", "--lang", "sv"], log: log).out
        #expect(
            arkiverat.hasPrefix("Från: Per #7 (") && arkiverat.contains(")\nSkillnad #7 → #8\n- Box (box) arkiverad\n"))
        let json = try cardJSON(plings(["diff", "--from", "7", "--to", "8", "--json"], log: log).out)
        #expect((json["archived"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["box", "cable", "plug"])
        #expect((json["restored"] as? [[String: Any]])?.isEmpty == true)
        let back = try cardJSON(plings(["diff", "--from", "8", "--to", "9", "--json"], log: log).out)
        #expect((back["restored"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["box", "cable", "plug"])
        #expect(
            plings(["diff", "--from", "8", "--to", "9", "--lang", "en"], log: log).out.contains(
                "+ Plug (plug) restored"))
        // Across both: out and back again is no change to the world.
        #expect(plings(["diff", "--from", "7", "--to", "9", "--lang", "en"], log: log).out.hasSuffix("(no changes)\n"))
    }

    @Test("away lists what is not home, with where it belongs and since which event")
    func away() throws {
        setUp()
        let list = try cardJSON(plings(["away", "--json"], log: log).out)
        let away = list["away"] as? [[String: Any]] ?? []
        #expect(away.compactMap { $0["id"] as? String } == ["vardagsrummet"])
        #expect(away.first?["sinceSeq"] as? Int == 16)
        #expect(plings(["away", "--at", "15"], log: log, env: ["PLINGS_LANG": "sv"]).out.contains("Allt är hemma"))
        _ = plings(["place", "vardagsrummet", "in", "saltsjon", "--axes", "current"], log: log)
        #expect(plings(["away", "--lang", "en"], log: log).out == "Everything is at home.\n")
    }

    @Test("log shows events as sentences or as the stored JSON lines, filtered by range and object")
    func logView() throws {
        setUp()
        let json = plings(["log", "--json", "--from", "12", "--to", "15", "--object", "yTvK"], log: log).out
        let stored = String(decoding: fileBytes(log), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(json == stored[11] + "\n" + stored[13] + "\n")
        let text = plings(["log", "--object", "lampa", "--lang", "en"], log: log).out
        #expect(text.split(separator: "\n").count == 2)
        #expect(text.contains("placed Lampa (lampa) next to Plastlåda (yTvK)"))
    }

    @Test("rebuild writes snapshots; views agree with and without them; a stale cache is detected")
    func rebuild() throws {
        setUp()
        let full = plings(["fingerprint", "--full", "--json"], log: log).out
        let dry = plings(["rebuild", "--dry-run", "--json"], log: log)
        #expect(dry.status == 0)
        #expect(SnapshotCache(logPath: log).entries().isEmpty, "a dry run writes nothing")
        let run = plings(["rebuild", "--json"], log: log)
        #expect(run.status == 0, "\(run.err)")
        #expect(try cardJSON(run.out)["snapshots"] as? Int == 1)
        #expect(SnapshotCache(logPath: log).entries().map(\.seq) == [17])
        #expect(plings(["fingerprint", "--json"], log: log).out == full)
        // Append, then replace the log by a different one of the same length: the snapshot no longer matches.
        _ = plings(["create", "extra", "Extra"], log: log)
        #expect(
            plings(["fingerprint", "--json"], log: log).out
                == plings(["fingerprint", "--full", "--json"], log: log).out)
        // Another log written by another actor: same events, other hashes. The cache no longer fits.
        let other = dir.file("other.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: other, env: ["PLINGS_ACTOR": "eve"]) }
        for k in 0..<7 { #expect(plings(["create", "x\(k)", "X"], log: other).status == 0) }
        writeBytes(fileBytes(other), to: log)
        let point = try Timeline(path: log).state()
        #expect(point.fromSnapshot == nil && point.ignored.count == 1)
        #expect(
            plings(["fingerprint", "--json"], log: log).out
                == plings(["fingerprint", "--full", "--json"], log: log).out)
    }

    @Test("a card at the head read from the head snapshot is the loaded world's, text and JSON, both languages")
    func cardAtHead() throws {
        setUp()
        _ = plings(["seen", "lampa"], log: log)
        _ = plings(["archive", "lampa", "--note", "lånad"], log: log)
        #expect(plings(["rebuild"], log: log).status == 0)
        let point = try Timeline(path: log).state()
        let head = String(point.cursor.lastSeq)
        #expect(try #require(SnapshotCache(logPath: log).entries().last).seq == point.cursor.lastSeq)
        let ids = point.state.registry.indices.map { point.state.registry.id($0).rawValue }
        #expect(HeadCard.answer(oid("yTvK"), logPath: log) != nil, "the head snapshot answers")
        for id in ids + ["nobody"] {
            for args in [
                ["--lang", "en"], ["--lang", "sv"], ["--lang", "en", "--json"], ["--lang", "sv", "--json"],
            ] {
                let atHead = plings(["card", id] + args, log: log)
                let loaded = plings(["card", id, "--at", head] + args, log: log)
                // The same card; the one at a point begins by saying where it is.
                let json = args.contains("--json")
                #expect(loaded.out.isEmpty || json || loaded.out.hasPrefix(args[1] == "en" ? "As of #" : "Per #"))
                #expect(
                    withoutPoint(atHead.out, json: json) == withoutPoint(loaded.out, json: json)
                        && atHead.err == loaded.err, "\(id) \(args)")
                #expect(atHead.status == loaded.status)
            }
        }
    }

    @Test("apply runs JSON-line commands in batches; refused lines are reported by number")
    func apply() throws {
        setUp()
        let input = dir.file("commands.jsonl")
        let text = """
            {"command":"create","object":"b1","name":"Back \\"1\\""}
            {"command":"place","object":"b1","relation":"on","target":"5GgB","axes":"current"}

            {"command":"place","object":"b1","relation":"under","target":"nope"}
            not json
            {"command":"rename","object":"b1","name":"Back ett"}

            """
        writeBytes(Array(text.utf8), to: input)
        let before = fileBytes(log)
        let stop = plings(["apply", input, "--json"], log: log)
        #expect(stop.status == 1)
        let stopReport = try cardJSON(stop.out)
        #expect(stopReport["appended"] as? Int == 0)
        #expect((stopReport["rejected"] as? [[String: Any]])?.first?["line"] as? Int == 4)
        #expect(fileBytes(log) == before, "stop: the refused batch is not appended")
        let skip = plings(["apply", input, "--on-error", "skip", "--batch", "2"], log: log, env: ["PLINGS_LANG": "en"])
        #expect(skip.status == 1)
        #expect(skip.err.contains("commands.jsonl:4: unknown object 'nope'"))
        #expect(skip.err.contains("commands.jsonl:5: not a flat JSON object"))
        #expect(skip.out.contains("appended 3 events in 2 batches, 0 unchanged, 2 rejected"))
        let card = try cardJSON(plings(["card", "b1", "--json"], log: log).out)
        #expect(card["name"] as? String == "Back ett")
        #expect((card["current"] as? [String: Any])?["relation"] as? String == "on")
        #expect(plings(["apply", dir.file("missing")], log: log).status == 1)
        #expect(plings(["apply", input, "--on-error", "maybe"], log: log).status == 64)
    }

    /// A card's answer without the point a card at a point begins with: the "As of …" line, or
    /// the JSON's `asOfTime` and `point` (the JSON read back with sorted keys).
    func withoutPoint(_ out: String, json: Bool) -> String {
        if out.isEmpty { return out }
        guard json else {
            return out.hasPrefix("As of #") || out.hasPrefix("Per #")
                ? String(out.drop { $0 != "\n" }.dropFirst()) : out
        }
        guard var object = try? cardJSON(out) else { return out }
        object["asOfTime"] = nil
        object["point"] = nil
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
