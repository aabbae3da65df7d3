import Foundation
import PlingsKit
import PlingsServe
import PlingsTestSupport
import PlingsWeb
import Testing

/// `GET /tree` at the head reads the tree as `plings tree` does (`Query.tree`: the head
/// snapshot in place after a rebuild), the lists made as the rows come.
@Suite("The tree page read in place")
struct TreePageTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    func get(_ query: String, language: Language, status: Int = 200) -> String {
        var router = WebRouter()
        PageRoutes.add(to: &router, hubPath: hubPath)
        let response = router.respond(
            to: WebRequest(
                method: "GET", path: ["tree"], query: query, user: "alice", base: "/plings", language: language))
        #expect(response.status == status, "\(query)")
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("both axes and languages, at the head and at a point: the same page from the head snapshot as from the log")
    func sameInPlace() throws {
        let hub = try Store(path: hubPath)
        _ = try hub.executeBatch(Saltsjon.commands, actor: "hub", policy: .stop)
        try hub.execute(.place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .current)))
        try hub.execute(.create(oid("deep"), name: "Ask <i>"))
        try hub.execute(.place(Placement(object: oid("deep"), relation: .in, target: oid("yTvK"), axes: .both)))
        let asks = [
            "", "axis=normal", "at=12", "axis=normal&at=14", "of=vardagsrummet", "of=saltsjon&from=1&axis=normal",
            "of=koksbordet&at=12", "of=yTvK",
        ]
        let fromLog = Language.allCases.flatMap { language in asks.map { get($0, language: language) } }
        #expect(fromLog[0].contains("<details open=\"open\">"))
        #expect(fromLog[0].contains("Ask &lt;i&gt;"))
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        // A seen after the rebuild: the head snapshot still answers.
        try Store(path: hubPath).execute(.seen(oid("5GgB")))
        #expect(HeadTree.answer(axis: .current, logPath: hubPath) != nil)
        #expect(HeadTree.answer(axis: .normal, logPath: hubPath) != nil)
        #expect(Language.allCases.flatMap { language in asks.map { get($0, language: language) } } == fromLog)
    }

    @Test("a box of 250 things: the page lists 25 of them and links to the box's own pages of 100, both languages")
    func folded() throws {
        let hub = try Store(path: hubPath)
        var commands: [Command] = [.create(oid("room"), name: "Rum"), .create(oid("box"), name: "Låda <b>")]
        commands.append(place("box", .in, "room"))
        for k in 0..<250 {
            commands.append(.create(oid("t\(k)"), name: "Sak \(1000 + k)"))
            commands.append(place("t\(k)", .in, "box"))
        }
        commands += [.create(oid("inner"), name: "Inre"), place("inner", .in, "t0")]
        _ = try hub.executeBatch(commands, actor: "hub", policy: .stop)
        let top = get("", language: .en)
        #expect(top.contains("Låda &lt;b&gt;") && !top.contains("<b>"))
        #expect(top.contains("<a class=\"holds\" href=\"/plings/tree?of=box\">250 things</a>"), "\(top)")
        #expect(top.contains("<a href=\"/plings/tree?of=box\">and 225 more</a>"))
        #expect(top.contains(">Sak 1024</a>") && !top.contains(">Sak 1025</a>"))
        // Sak 1000 holds Inre: listed below it, since rows are left.
        #expect(top.contains("<a href=\"/plings/o/inner\">Inre</a>"))
        let first = get("of=box", language: .sv)
        #expect(first.contains(">Världen</a> › <a href=\"/plings/tree?of=room\">Rum</a> › "), "\(first)")
        #expect(
            first.contains("1–100 av 250") && first.contains("href=\"/plings/tree?of=box&amp;from=100\" rel=\"next\""))
        #expect(first.contains(">Sak 1099</a>") && !first.contains(">Sak 1100</a>"))
        let last = get("of=box&from=200&axis=normal", language: .en)
        #expect(last.contains("201–250 of 250") && !last.contains("rel=\"next\""))
        #expect(last.contains("href=\"/plings/tree?of=box&amp;from=100&amp;axis=normal\" rel=\"prev\""))
        #expect(last.contains(">Sak 1249</a>") && !last.contains(">Sak 1199</a>"))
        for page in [top, first, last] { #expect(page.utf8.count < 50_000) }
        #expect(get("of=nope", language: .en, status: 404).contains("nothing here has the id &#39;nope&#39;"))
        #expect(get("of=box&from=-1", language: .sv, status: 400).contains("&#39;-1&#39; är ingen plats i listan"))
        #expect(get("from=many", language: .en, status: 400).contains("&#39;many&#39; is not a place in the list"))
        // The same pages from the head snapshot.
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        #expect(get("", language: .en) == top)
        #expect(get("of=box", language: .sv) == first)
    }
}
