import Foundation
import PlingsTestSupport
import Testing

/// `plings lend`, `plings loans` and the loan on the card and in away (issue 25, item 2).
@Suite("Loans through the CLI")
struct LoanCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    func setUp() {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
        _ = plings(["create", "anna", "Anna"], log: log)
    }

    func run(_ args: [String], _ lang: String = "en") -> Run {
        plings(args, log: log, env: ["PLINGS_LANG": lang, "TZ": "UTC"])
    }

    @Test("a loan after the head snapshot moves the thing in tree as the log does (the snapshot's tree is not kept)")
    func treeAfterTheSnapshot() throws {
        setUp()
        #expect(run(["rebuild"]).status == 0)
        #expect(run(["lend", "5GgB", "--to", "anna"]).status == 0)
        let cached = run(["tree"]).out
        try FileManager.default.removeItem(atPath: log + ".plings-cache")
        let replayed = run(["tree"]).out
        #expect(cached == replayed, "\(cached)")
        #expect(replayed.contains("Bord"))
    }

    @Test("away and away --in C from the head snapshot are the replay's, before and after a loan that follows it")
    func awayAfterTheSnapshot() throws {
        setUp()
        #expect(run(["place", "yTvK", "on", "5GgB", "--axes", "current"]).status == 0)
        let asked = [
            ["away"], ["away", "--json"], ["away", "--in", "saltsjon"], ["away", "--in", "vardagsrummet", "--json"],
            ["away", "--in", "lillstugan"], ["away", "--in", "nope"], ["away", "--in", "saltsjon"],
        ]
        func answers(_ lang: String = "en") -> [String] {
            asked.map { args in
                let r = run(args, lang)
                return "\(r.status)\n\(r.out)\(r.err)"
            }
        }
        for lent in [false, true] {
            #expect(run(["rebuild"]).status == 0)
            if lent { #expect(run(["lend", "5GgB", "--to", "anna"]).status == 0) }
            let cached = answers() + answers("sv")
            try FileManager.default.removeItem(atPath: log + ".plings-cache")
            let replayed = answers() + answers("sv")
            #expect(cached == replayed)
            // Lent, Bord leaves Saltsjön on the current axis and the box on it goes along.
            #expect(replayed[0].contains("Plastlåda (yTvK)") && replayed[0].contains("Bord (5GgB)") == lent)
            #expect(replayed[2].contains("Plastlåda (yTvK)") == !lent, "\(replayed[2])")
            #expect(replayed[4].contains("Everything is at home."), "\(replayed[4])")
            #expect(replayed[5].hasPrefix("1\n") && replayed[5].contains("'nope'"), "\(replayed[5])")
        }
    }

    @Test("lend, then the card, away and loans say who has it, since when, due when and overdue, in both languages")
    func lendAndShow() {
        setUp()
        let lent = run(["lend", "5GgB", "--to", "anna", "--due", "2001-01-01", "--note", "party"])
        #expect(
            lent.status == 0 && lent.out.contains("lent Bord (5GgB) to Anna (anna), due 2001-01-01"),
            "\(lent.out)\(lent.err)")
        #expect(
            fileBytes(log).count > 0
                && String(decoding: fileBytes(log), as: UTF8.self).contains("\"type\":\"lent\",\"v\":4"))
        let card = run(["card", "5GgB"]).out
        #expect(card.contains("Current location: lent to Anna since "), "\(card)")
        #expect(card.contains(", due 1 January 2001 (overdue) — party"), "\(card)")
        #expect(card.contains("Away from home: yes"))
        let sv = run(["card", "5GgB"], "sv").out
        #expect(sv.contains("utlånad till Anna sedan ") && sv.contains(", åter 1 januari 2001 (försenad)"), "\(sv)")
        #expect(run(["away"]).out.contains("  is at: lent to Anna since "))
        let loans = run(["loans"]).out
        #expect(loans.hasPrefix("Bord (5GgB)  lent to Anna since "), "\(loans)")
        #expect(run(["loans", "--overdue", "--json"]).out.contains("\"borrowerId\":\"anna\""))
        #expect(run(["loans", "--json"]).out.contains("\"overdue\":true"))
        #expect(run(["card", "5GgB", "--json"]).out.contains("\"loan\":{\"seq\":"))
        // Lent to a name with a due day far ahead: not overdue.
        #expect(run(["lend", "yTvK", "--to", "Grannen Bo", "--due", "2999-12-31"]).status == 0)
        #expect(run(["loans", "--overdue"]).out.split(separator: "\n").count == 1)
        #expect(run(["card", "yTvK"]).out.contains("lent to Grannen Bo since "))
        #expect(run(["history", "yTvK"]).out.contains("Lent to Grannen Bo, due 2999-12-31"))
        // Return ends the loan and puts it home.
        #expect(run(["return", "5GgB"]).out.contains("returned Bord (5GgB) home"))
        #expect(run(["loans"]).out.hasPrefix("Plastlåda (yTvK)"))
        #expect(run(["card", "5GgB"]).out.contains("Current location: Saltsjön › Vardagsrummet"))
        #expect(run(["return", "yTvK"]).status == 0)
        #expect(run(["loans"]).out == "Nothing is lent.\n")
        #expect(run(["loans", "--overdue"], "sv").out == "Inget utlånat är försenat.\n")
    }

    @Test("bad input: no --to, a bad due day, the thing itself, undo of a loan")
    func refusals() {
        setUp()
        #expect(run(["lend", "5GgB"]).status == 64)
        let due = run(["lend", "5GgB", "--to", "anna", "--due", "1 June"])
        #expect(due.status == 64 && due.err.contains("--due takes a day as YYYY-MM-DD"))
        let itself = run(["lend", "5GgB", "--to", "5GgB"], "sv")
        #expect(itself.status == 1 && itself.err.contains("kan inte lånas ut till sig själv"), "\(itself.err)")
        let lent = run(["lend", "5GgB", "--to", "anna"])
        #expect(lent.status == 0 && lent.out.hasPrefix("#"))
        #expect(run(["lend", "5GgB", "--to", "anna"]).out.hasPrefix("unchanged"))
        // The undo walk takes back moves and renames only; a loan named by its seq is refused.
        let seq = String(lent.out.dropFirst().prefix { $0.isNumber })
        let undo = run(["undo", seq])
        #expect(undo.status == 1 && undo.err.contains("a loan ends with 'plings return'"), "\(undo.err)")
    }

    @Test("apply takes a lend line, and live, replayed and cached worlds agree")
    func applyAndCaches() {
        setUp()
        let lines = """
            {"command":"lend","object":"5GgB","to":"anna","due":"2027-06-01","note":"x"}
            {"command":"lend","object":"yTvK","to":"Bo"}

            """
        let path = dir.file("in.jsonl")
        try? lines.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(run(["apply", path]).status == 0)
        let before = run(["fingerprint"]).out
        #expect(run(["rebuild"]).status == 0)
        #expect(run(["fingerprint"]).out == before)
        #expect(run(["card", "5GgB"]).out.contains("lent to Anna"))
        #expect(run(["card", "5GgB", "--at", "11"]).out.contains("Current location: Saltsjön › Vardagsrummet"))
        #expect(run(["verify"]).status == 0)
    }
}
