import Foundation
import PlingsKit
import PlingsServe
import PlingsTestSupport
import Testing

@Suite("GET /snapshot: the hub's published snapshot, checked before it is sent; 404 with a reason otherwise")
struct SnapshotRouteTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    func makeHub(events: Int = 300, seed: UInt64 = 11) throws {
        _ = try SyntheticLog(events: events, objects: 30, seed: seed).write(to: hubPath)
    }

    func get(ifNoneMatch: String? = nil, user: String? = "alice") -> WebResponse {
        var router = WebRouter()
        SyncRoutes.add(to: &router, hubPath: hubPath)
        var headers: [String: String] = [:]
        if let ifNoneMatch { headers["if-none-match"] = ifNoneMatch }
        return router.respond(to: WebRequest(method: "GET", path: ["snapshot"], headers: headers, user: user))
    }

    func text(_ response: WebResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("none published: 404 and one line that says how to publish one")
    func nonePublished() throws {
        try makeHub()
        let response = get()
        #expect(response.status == 404)
        #expect(text(response) == "the hub has published no snapshot; its keeper can run 'plings rebuild'\n")
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("after rebuild: the published file's bytes, an ETag of its seq and hash, 304 when it is still the one")
    func served() throws {
        try makeHub()
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        let response = get()
        #expect(response.status == 200)
        #expect(response.body == fileBytes(PublishedSnapshot.path(forLog: hubPath)))
        #expect(response.header("Content-Type") == "application/octet-stream")
        #expect(response.header("Plings-Snapshot-Seq") == "300")
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasPrefix("\"snapshot-300-"))
        let again = get(ifNoneMatch: etag)
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(get(ifNoneMatch: "\"snapshot-299-00\"").status == 200)
        #expect(get(user: nil).status == 401)
    }

    @Test("a damaged or stale published snapshot is never sent: 404 as when there is none")
    func neverDamaged() throws {
        try makeHub()
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        let file = PublishedSnapshot.path(forLog: hubPath)
        let good = fileBytes(file)
        var bad = good
        bad[bad.count / 2] ^= 1
        writeBytes(bad, to: file)
        #expect(get().status == 404)
        writeBytes(good, to: file)
        #expect(get().status == 200)
        // The log replaced by another under its name: the snapshot is not of it any more.
        let other = dir.file("other.jsonl")
        _ = try SyntheticLog(events: 320, objects: 30, seed: 12).write(to: other)
        writeBytes(fileBytes(other), to: hubPath)
        #expect(get().status == 404)
    }
}
