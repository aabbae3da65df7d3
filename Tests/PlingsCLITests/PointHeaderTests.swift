import Foundation
import PlingsTestSupport
import Testing

/// Time travel says where it is (issue 25, item 4): every text view at a point begins with the
/// line that names the event it shows and its time, in the reader's language; a time after the
/// last event says so; a time without a zone is read in TZ and the answer shows the instant used;
/// `--at SEQ` past the head stays an error naming the head; `--json` carries the point.
@Suite("Every view at a point says where it is")
struct PointHeaderTests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    func setUp() {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
    }

    func run(_ args: [String], _ lang: String, tz: String = "UTC") -> Run {
        plings(args, log: log, env: ["PLINGS_LANG": lang, "TZ": tz])
    }

    static let views: [[String]] = [
        ["card", "yTvK"], ["tree"], ["away"], ["history", "yTvK"], ["stocktake"], ["find", "Plast"], ["loans"],
    ]

    @Test(
        "card, tree, away, history, stocktake, find and loans at a seq begin with 'As of #N (TIME)'",
        arguments: ["en", "sv"])
    func everyView(lang: String) {
        setUp()
        let asOf = lang == "en" ? "As of #9 (" : "Per #9 ("
        for view in Self.views {
            let r = run(view + ["--at", "9"], lang)
            #expect(r.status == 0, "\(view): \(r.err)")
            #expect(r.out.hasPrefix(asOf), "\(view): \(r.out)")
            #expect(r.out.split(separator: "\n").first?.hasSuffix("Z)") == true, "\(view): \(r.out)")
            // Without --at, no such line.
            #expect(!run(view, lang).out.hasPrefix(String(asOf.prefix(5))), "\(view)")
        }
        let diff = run(["diff", "--from", "3", "--to", "9"], lang).out
        let from = lang == "en" ? "From: As of #3 (" : "Från: Per #3 ("
        let to = lang == "en" ? "To: As of #9 (" : "Till: Per #9 ("
        #expect(diff.hasPrefix(from) && diff.contains("\n" + to), "\(diff)")
    }

    @Test(
        "a time after the last event says so; a seq past the head is an error naming the head", arguments: ["en", "sv"])
    func afterTheLastEvent(lang: String) {
        setUp()
        for view in Self.views {
            let r = run(view + ["--at", "2099-12-31T23:00:00Z"], lang)
            let after = lang == "en" ? "After the last event (#11, " : "Efter den sista händelsen (#11, "
            #expect(r.status == 0 && r.out.hasPrefix(after), "\(view): \(r.out)\(r.err)")
            #expect(r.out.contains("2099-12-31T23:00:00.000Z"), "\(view): \(r.out)")
            let past = run(view + ["--at", "99"], lang)
            #expect(past.status == 1 && past.err.contains("#11"), "\(view): \(past.err)")
        }
    }

    @Test("a time without a zone is read in TZ, and the answer shows the instant used", arguments: ["en", "sv"])
    func localTime(lang: String) {
        setUp()
        let r = run(["card", "yTvK", "--at", "2099-06-01T12:00"], lang, tz: "Europe/Stockholm")
        let first = r.out.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("2099-06-01T10:00:00.000Z") && first.contains("Europe/Stockholm"), "\(r.out)\(r.err)")
    }

    @Test("--json carries the point: asOfTime and the answer, for the card, tree, away, loans and history")
    func json() {
        setUp()
        for view in [["card", "yTvK"], ["tree"], ["away"], ["loans"], ["history", "yTvK"]] {
            let out = run(view + ["--at", "9", "--json"], "en").out
            #expect(out.contains("\"asOfTime\":\"20"), "\(view): \(out)")
            #expect(out.contains("\"point\":{\"asked\":\"9\",\"seq\":9,"), "\(view): \(out)")
            #expect(out.contains("\"place\":\"within\""), "\(view): \(out)")
            #expect(out.contains("\"asOfSeq\":9"), "\(view): \(out)")
            #expect(!run(view + ["--json"], "en").out.contains("\"point\""), "\(view)")
        }
    }

    @Test(
        "find and stocktake --json at a point: an object around the array that carries the point; an array at the head")
    func arraysAtAPoint() throws {
        setUp()
        for (view, member) in [(["find", "a"], "hits"), (["stocktake"], "things")] {
            let out = run(view + ["--at", "9", "--json"], "en").out
            let object = try cardJSON(out)
            #expect(
                object["asOfSeq"] as? Int == 9 && (object["asOfTime"] as? String)?.hasPrefix("20") == true, "\(out)")
            let point = object["point"] as? [String: Any]
            #expect(point?["asked"] as? String == "9" && point?["seq"] as? Int == 9, "\(out)")
            #expect(point?["place"] as? String == "within", "\(out)")
            let items = object[member] as? [[String: Any]] ?? []
            #expect(!items.isEmpty, "\(view): \(out)")
            // The same things as at that point's head: the array is what --json printed alone.
            let head = run(view + ["--json"], "en").out
            #expect(head.hasPrefix("["), "\(view): \(head)")
            let after = try cardJSON(run(view + ["--at", "2099-12-31T23:00:00Z", "--json"], "en").out)
            #expect((after["point"] as? [String: Any])?["place"] as? String == "after-last-event")
            let hits = try JSONSerialization.jsonObject(with: Data(head.utf8)) as? [[String: Any]] ?? []
            #expect(
                (after[member] as? [[String: Any]])?.map { $0["id"] as? String } == hits.map { $0["id"] as? String })
        }
    }
}
