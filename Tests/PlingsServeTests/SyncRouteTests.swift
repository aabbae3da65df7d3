import Foundation
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("POST /sync: the signed-in user is the actor, and a device name belongs to its first user")
struct SyncRouteTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    init() throws {
        let hub = try Store(path: dir.file("hub.jsonl"))
        try hub.execute(.create(oid("box"), name: "Box"), actor: "hub")
    }

    func post(_ text: String, user: String?, access: AccessList? = nil) -> WebResponse {
        var router = WebRouter(accessList: access)
        SyncRoutes.add(to: &router, hubPath: hubPath)
        let request = WebRequest(
            method: "POST", path: ["sync"], headers: ["content-type": "application/x-ndjson; charset=utf-8"],
            user: user, body: WebBody(bytes: Array(text.utf8)))
        return router.respond(to: request)
    }

    func push(device: String, dseq: Int64, name: String) -> String {
        "{\"count\":1,\"device\":\"\(device)\",\"op\":\"push\"}\n"
            + "{\"command\":{\"kind\":\"rename\",\"name\":\"\(name)\",\"object\":\"box\"},"
            + "\"dat\":\"2026-05-01T10:00:0\(dseq).000Z\",\"dseq\":\(dseq),\"seen\":1}\n"
    }

    @Test(
        "an accepted command carries actor = REMOTE_USER; another user pushing as that device gets 403, nothing written"
    )
    func ownership() throws {
        let first = post(push(device: "phone", dseq: 1, name: "A"), user: "alice")
        #expect(first.status == 200)
        #expect(String(decoding: first.body, as: UTF8.self).contains("\"verdict\":\"accepted\""))
        let store = try Store(path: hubPath)
        #expect(store.state.devices.owner(of: "phone") == "alice")
        let line = try #require(String(decoding: fileBytes(hubPath), as: UTF8.self).split(separator: "\n").last)
        #expect(line.contains("\"actor\":\"alice\"") && line.contains("\"device\":\"phone\""))
        let before = fileBytes(hubPath)
        let taken = post(push(device: "phone", dseq: 2, name: "B"), user: "bob")
        #expect(taken.status == 403)
        #expect(String(decoding: taken.body, as: UTF8.self).contains("belongs to another user"))
        #expect(fileBytes(hubPath) == before)
        let hello = post("{\"count\":0,\"device\":\"phone\",\"op\":\"hello\"}\n", user: "bob")
        #expect(hello.status == 403, "a clone as a taken device name is refused before anything is written")
        #expect(post(push(device: "phone", dseq: 2, name: "B"), user: "alice").status == 200)
        #expect(post(push(device: "tablet", dseq: 1, name: "C"), user: "bob").status == 200)
    }

    @Test("a broken message is a protocol error answer (200), and a hub that cannot be read is 503 without its path")
    func failures() throws {
        let garbage = post("not json\n", user: "alice")
        #expect(garbage.status == 200)
        #expect(String(decoding: garbage.body, as: UTF8.self).contains("\"op\":\"error\""))
        try FileManager.default.removeItem(atPath: hubPath)
        let missing = post("{\"count\":0,\"device\":\"d\",\"op\":\"hello\"}\n", user: "alice")
        #expect(missing.status == 503)
        #expect(!String(decoding: missing.body, as: UTF8.self).contains(dir.path))
    }
}
