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

    func get(_ query: String, language: Language) -> String {
        var router = WebRouter()
        PageRoutes.add(to: &router, hubPath: hubPath)
        let response = router.respond(
            to: WebRequest(
                method: "GET", path: ["tree"], query: query, user: "alice", base: "/plings", language: language))
        #expect(response.status == 200)
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("both axes and languages, at the head and at a point: the same page from the head snapshot as from the log")
    func sameInPlace() throws {
        let hub = try Store(path: hubPath)
        _ = try hub.executeBatch(Saltsjon.commands, actor: "hub", policy: .stop)
        try hub.execute(.place(Placement(object: oid("yTvK"), relation: .under, target: oid("5GgB"), axes: .current)))
        try hub.execute(.create(oid("deep"), name: "Ask <i>"))
        try hub.execute(.place(Placement(object: oid("deep"), relation: .in, target: oid("yTvK"), axes: .both)))
        let asks = ["", "axis=normal", "at=12", "axis=normal&at=14"]
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
}
