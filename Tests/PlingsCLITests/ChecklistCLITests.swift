import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// The seed's device checklist through the built `plings` executable: every
/// step is a fresh process that replays the log, so "restart" (item 6) is
/// exercised by every line.
@Suite("Seed checklist through the CLI")
struct ChecklistCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("plings.jsonl") }

    /// A step of the Saltsjön log that the executable refused.
    struct SetupFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The Saltsjön log, written once for the suite by the executable, a process a line; each
    /// test starts from a copy of its bytes.
    static let saltsjon = Result { () throws -> [UInt8] in
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        for args in Saltsjon.cliArguments {
            let run = try plingsProcess(args, log: log)
            guard run.status == 0 else { throw SetupFailure(description: "\(args): \(run.err)") }
        }
        return fileBytes(log)
    }

    func setUp() throws {
        let bytes = try Self.saltsjon.get()
        #expect(bytes.count > 1000, "the Saltsjön log")
        writeBytes(bytes, to: log)
    }

    func card(_ id: String) throws -> [String: Any] {
        let run = try plingsProcess(["card", id, "--json"], log: log)
        #expect(run.status == 0, "\(run.err)")
        return try cardJSON(run.out)
    }

    func location(_ card: [String: Any], _ axis: String) -> (String?, [String], [String]) {
        let loc = card[axis] as? [String: Any] ?? [:]
        let path = (loc["path"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let positional = (loc["positional"] as? [[String: Any]] ?? []).map {
            "\($0["relation"] ?? "") \($0["target"] ?? "") \($0["targetName"] ?? "")"
        }
        return (loc["parent"] as? String, path, positional)
    }

    @Test("1. Plastlåda under Bord with Både: Vardagsrummet on both axes and 'Under Bord' on the card")
    func underBord() throws {
        try setUp()
        let run = try plingsProcess(["place", "yTvK", "under", "5GgB", "--axes", "både"], log: log)
        #expect(run.status == 0)
        let c = try card("yTvK")
        for axis in ["current", "normal"] {
            let (parent, path, positional) = location(c, axis)
            #expect(parent == "vardagsrummet")
            #expect(path == ["Saltsjön", "Vardagsrummet"])
            #expect(positional == ["under 5GgB Bord"])
            #expect((c[axis] as? [String: Any])?["relation"] as? String == "in")
        }
        #expect(c["away"] as? Bool == false)
        let text = try plingsProcess(["card", "yTvK"], log: log).out
        #expect(text.components(separatedBy: "Under Bord").count == 3, "\(text)")
        #expect(text.contains("Saltsjön › Vardagsrummet"))
        let english = try plingsProcess(["card", "yTvK", "--lang", "en"], log: log).out
        #expect(english.contains("Current location: Saltsjön › Vardagsrummet") && english.contains("Under Bord"))
    }

    @Test("2. right of Y: X is Y's sibling, the card says 'Höger om'")
    func rightOf() throws {
        try setUp()
        _ = try plingsProcess(["create", "hylla", "Hylla"], log: log)
        _ = try plingsProcess(["place", "hylla", "in", "lillstugan"], log: log)
        #expect(try plingsProcess(["place", "yTvK", "right-of", "hylla"], log: log).status == 0)
        let (parent, _, positional) = location(try card("yTvK"), "current")
        #expect(parent == "lillstugan")
        #expect(positional == ["right-of hylla Hylla"])
        #expect(try plingsProcess(["card", "yTvK", "--lang", "sv"], log: log).out.contains("Höger om Hylla"))
    }

    @Test("3 and 4. attached-to follows Y; moving Y drops 'under Y' but leaves X in its container")
    func attachedAndCascade() throws {
        try setUp()
        _ = try plingsProcess(["create", "ring", "Nyckelring"], log: log)
        _ = try plingsProcess(["create", "key", "Nyckel"], log: log)
        _ = try plingsProcess(["place", "ring", "in", "koksbordet"], log: log)
        _ = try plingsProcess(["place", "key", "attached-to", "ring"], log: log)
        _ = try plingsProcess(["place", "yTvK", "under", "5GgB"], log: log)
        _ = try plingsProcess(["place", "ring", "in", "vardagsrummet"], log: log)
        let key = location(try card("key"), "current")
        #expect(key.0 == "ring" && key.1 == ["Saltsjön", "Vardagsrummet", "Nyckelring"])
        #expect((try card("key")["current"] as? [String: Any])?["relation"] as? String == "attached-to")
        _ = try plingsProcess(["place", "5GgB", "in", "lillstugan"], log: log)
        let x = location(try card("yTvK"), "current")
        #expect(x.0 == "vardagsrummet" && x.2.isEmpty)
        #expect(!(try plingsProcess(["card", "yTvK"], log: log).out.contains("Under")))
    }

    @Test("4, said aloud: moving Y tells which positional relations of other things it dropped, in both languages")
    func moveSaysWhatDropped() throws {
        try setUp()
        _ = try plingsProcess(["place", "yTvK", "under", "5GgB", "--axes", "both"], log: log)
        let en = try plingsProcess(["place", "5GgB", "in", "lillstugan", "--lang", "en"], log: log)
        #expect(en.status == 0, "\(en.err)")
        #expect(en.out.contains("Plastlåda is no longer under Bord (current)"), "\(en.out)")
        #expect(en.out.contains("Plastlåda is no longer under Bord (home)"), "\(en.out)")
        _ = try plingsProcess(["place", "yTvK", "under", "5GgB", "--axes", "current"], log: log)
        let sv = try plingsProcess(["place", "5GgB", "in", "vardagsrummet", "--lang", "sv"], log: log)
        #expect(sv.out.contains("Plastlåda är inte längre under Bord (nuvarande)"), "\(sv.out)")
    }

    @Test("5. moving X to a new container clears its positional relations")
    func moveX() throws {
        try setUp()
        _ = try plingsProcess(["place", "yTvK", "under", "5GgB"], log: log)
        _ = try plingsProcess(["place", "yTvK", "in", "lillstugan", "--axes", "current"], log: log)
        let c = try card("yTvK")
        #expect(location(c, "current").2.isEmpty)
        #expect(location(c, "normal").2 == ["under 5GgB Bord"])
        #expect(c["away"] as? Bool == true)
    }

    @Test("7. Y away: X's current mirrors Y's current, X's normal mirrors Y's normal")
    func mirror() throws {
        try setUp()
        _ = try plingsProcess(["place", "5GgB", "in", "lillstugan", "--axes", "nuvarande"], log: log)
        _ = try plingsProcess(["place", "yTvK", "next-to", "5GgB"], log: log)
        let c = try card("yTvK")
        #expect(location(c, "current").0 == "lillstugan")
        #expect(location(c, "normal").0 == "vardagsrummet")
        #expect(c["away"] as? Bool == true)
        let contents = (try card("lillstugan")["contents"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(Set(contents) == ["koksbordet", "5GgB", "yTvK"])
    }

    @Test("6. a fresh process replaying the log shows the same world as the live state")
    func freshProcess() throws {
        let path = log
        let store = try Store(path: path)
        let seed: UInt64 = 2024
        var rng = SplitMix64(seed: seed)
        for command in Saltsjon.commands { try store.execute(command) }
        for _ in 0..<200 { _ = try? store.execute(Generators.command(objects: 12, &rng)) }
        for axis in Axis.allCases {
            let fromProcess = try plingsProcess(["tree", "--json", "--axis", axis.token], log: path)
            #expect(
                fromProcess.out == WorldTree(axis: axis, state: store.state).jsonLine,
                "seed \(seed), axis \(axis.token)")
        }
    }
}
