import Foundation
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

/// The CGI layer in process: requests built from CGI variables as a web
/// server sets them, answered by the router with the sync routes.
@Suite("serve --cgi: bad requests get a status and a one-line reason")
struct CGIRequestTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    init() throws {
        let hub = try Store(path: dir.file("hub.jsonl"))
        try hub.execute(.create(oid("box"), name: "Box"), actor: "hub")
        try hub.execute(.create(oid("shelf"), name: "Shelf"), actor: "hub")
    }

    func router(access: String? = nil) throws -> WebRouter {
        var router = WebRouter(accessList: try access.map { text throws(WebFailure) in try AccessList(text: text) })
        SyncRoutes.add(to: &router, hubPath: hubPath)
        return router
    }

    /// The answer to a request with these CGI variables and body.
    func answer(_ variables: [String: String], body: [UInt8] = [], access: String? = nil) throws -> WebResponse {
        var environment = ["REQUEST_METHOD": "GET", "SCRIPT_NAME": "/plings"]
        for (key, value) in variables { environment[key] = value }
        if environment["CONTENT_LENGTH"] == nil, environment["REQUEST_METHOD"] == "POST" {
            environment["CONTENT_LENGTH"] = String(body.count)
        }
        let router = try router(access: access)
        let source = WebBody(bytes: body)
        do throws(WebFailure) {
            let request = try CGIGateway.request(environment, language: .en) { count in
                (try? source.read(limit: Int.max)).map { Array($0.prefix(count)) } ?? []
            }
            return router.respond(to: request)
        } catch {
            return error.response(.en)
        }
    }

    static func text(_ response: WebResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// A reason is one line, names no file of the server and no stack.
    func expectReason(_ response: WebResponse, _ status: Int, containing words: String) {
        #expect(response.status == status)
        let text = Self.text(response)
        #expect(text.hasSuffix("\n") && text.dropLast().split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains(words), "\(text)")
        #expect(!text.contains(dir.path) && !text.contains(".jsonl") && !text.contains("/tmp"), "a path: \(text)")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test(
        "a path outside the routes is 404: /../, encoded slashes and backslashes, empty segments, unknown routes",
        arguments: [
            ("/../log", "/plings/../log"), ("/log", "/plings/x/%2e%2e/log"), ("/a/log", "/plings/a%2Flog"),
            ("/log", "/plings/a%2flog"), ("/log", "/plings%5clog"), ("//log", "/plings//log"),
            ("/log/", "/plings/log/"),
            ("/nothing", "/plings/nothing"), ("/./log", "/plings/./log"), ("/lo\u{1}g", "/plings/lo%01g"),
        ])
    func notFound(pathInfo: String, requestURI: String) throws {
        let response = try answer(["PATH_INFO": pathInfo, "REQUEST_URI": requestURI, "REMOTE_USER": "alice"])
        expectReason(response, 404, containing: "no such page")
    }

    @Test("a route asked with another method is 405 with Allow; HEAD is GET without the body")
    func methodNotAllowed() throws {
        let put = try answer(["REQUEST_METHOD": "PUT", "PATH_INFO": "/log", "REMOTE_USER": "alice"])
        expectReason(put, 405, containing: "PUT is not allowed here")
        #expect(put.header("Allow") == "GET, HEAD")
        let get = try answer(["REQUEST_METHOD": "GET", "PATH_INFO": "/sync", "REMOTE_USER": "alice"])
        expectReason(get, 405, containing: "use POST")
        #expect(get.header("Allow") == "POST")
        let head = try answer(["REQUEST_METHOD": "HEAD", "PATH_INFO": "/log", "REMOTE_USER": "alice"])
        #expect(head.status == 200 && head.body.isEmpty && head.header("ETag") != nil)
    }

    @Test("no REMOTE_USER is 401; a user the access list does not name is 403; a reader may not push")
    func signIn() throws {
        let hello = Array("{\"count\":0,\"device\":\"d\",\"op\":\"hello\"}\n".utf8)
        let post = ["REQUEST_METHOD": "POST", "PATH_INFO": "/sync", "CONTENT_TYPE": "application/x-ndjson"]
        expectReason(try answer(["PATH_INFO": "/log"]), 401, containing: "sign in first")
        expectReason(try answer(post, body: hello), 401, containing: "sign in first")
        var carol = post
        carol["REMOTE_USER"] = "carol"
        let access = "# who may do what\nalice write\nbob read\n"
        expectReason(try answer(carol, body: hello, access: access), 403, containing: "'carol' may not use this hub")
        var bob = post
        bob["REMOTE_USER"] = "bob"
        #expect(try answer(bob, body: hello, access: access).status == 200)
        let before = fileBytes(hubPath)
        let push = Array(
            ("{\"count\":1,\"device\":\"d\",\"op\":\"push\"}\n"
                + "{\"command\":{\"kind\":\"rename\",\"name\":\"B\",\"object\":\"box\"},"
                + "\"dat\":\"2026-05-01T10:00:00.000Z\",\"dseq\":1,\"seen\":2}\n").utf8)
        expectReason(try answer(bob, body: push, access: access), 403, containing: "'bob' may only read")
        #expect(fileBytes(hubPath) == before, "a refused push wrote to the hub")
        var alice = post
        alice["REMOTE_USER"] = "alice"
        #expect(try answer(alice, body: push, access: access).status == 200)
        #expect(fileBytes(hubPath) != before)
    }

    @Test("an access list with a line that is not 'USER read|write' is 500 naming the line, not the file")
    func damagedAccessList() {
        #expect(throws: WebFailure.self) { try AccessList(text: "alice write\nbob admin\n") }
        do {
            _ = try AccessList(text: "alice write\n\n# note\nbob admin\n")
        } catch {
            let response = error.response(.en)
            #expect(response.status == 500)
            #expect(Self.text(response).contains("line 4"))
        }
        #expect((try? AccessList(text: "alice read\nalice write\n"))?.permission(of: "alice") == .write)
    }

    @Test("a body over the limit is 413 (nothing read), shorter than CONTENT_LENGTH 400, without a length 411")
    func bodies() throws {
        let post = [
            "REQUEST_METHOD": "POST", "PATH_INFO": "/sync", "CONTENT_TYPE": "application/x-ndjson",
            "REMOTE_USER": "alice",
        ]
        var huge = post
        huge["CONTENT_LENGTH"] = String(SyncRoutes.maxRequestBytes + 1)
        expectReason(try answer(huge), 413, containing: "over the limit")
        var short = post
        short["CONTENT_LENGTH"] = "500"
        expectReason(try answer(short, body: Array("{\"op\":\"hello\"}\n".utf8)), 400, containing: "not the 500")
        var none = post
        none["CONTENT_LENGTH"] = ""
        let request = try CGIGateway.request(none, language: .en) { _ in [] }
        expectReason(try router().respond(to: request), 411, containing: "Content-Length")
        var bad = post
        bad["CONTENT_LENGTH"] = "-3"
        expectReason(try answer(bad), 400, containing: "malformed")
        var plain = post
        plain["CONTENT_TYPE"] = "text/plain"
        expectReason(try answer(plain, body: Array("x\n".utf8)), 415, containing: "application/x-ndjson")
    }

    @Test("a reason is in the language Accept-Language asks for")
    func language() throws {
        let response = try answer(["PATH_INFO": "/log", "HTTP_ACCEPT_LANGUAGE": "sv-SE,sv;q=0.9,en;q=0.8"])
        #expect(response.status == 401)
        #expect(Self.text(response).contains("logga in"))
    }

    @Test(
        "Accept-Language: the weightier of sv and en, never one refused with q=0",
        arguments: [
            ("sv;q=0.1, en;q=0.9", Language.en), ("en;q=0, sv", .sv), ("fr, sv;q=0.5, en;q=0.4", .sv),
            ("en-GB;q=0.8, sv-SE;q=0.8", .en), ("sv", .sv), ("EN", .en), ("sv;q=0", nil), ("de, fr", nil),
            ("sv;q=abc", .sv), ("", nil),
        ])
    func weights(header: String, language: Language?) {
        #expect(WebRequest.language(accepting: header) == language, "\(header)")
    }
}
