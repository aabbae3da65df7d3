import Foundation
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("GET /log: pages of the raw log from a line boundary, whole batches, cacheable")
struct LogRouteTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    /// A hub of `singles` one-line events, then one batch of `batch` lines.
    func makeHub(singles: Int, batch: Int) throws {
        let hub = try Store(path: hubPath)
        for k in 0..<singles { try hub.execute(.create(oid("s\(k)"), name: "Single \(k)"), actor: "hub") }
        let creates = (0..<batch).map { Command.create(oid("b\($0)"), name: "Batch \($0)") }
        _ = try hub.executeBatch(creates, actor: "hub", policy: .stop)
    }

    func get(_ range: String?, ifNoneMatch: String? = nil) -> WebResponse {
        var router = WebRouter()
        SyncRoutes.add(to: &router, hubPath: hubPath)
        var headers: [String: String] = [:]
        if let range { headers["range"] = range }
        if let ifNoneMatch { headers["if-none-match"] = ifNoneMatch }
        return router.respond(to: WebRequest(method: "GET", path: ["log"], headers: headers, user: "alice"))
    }

    /// Offsets just past each line of the hub's log.
    var lineEnds: [Int64] {
        var ends: [Int64] = []
        for (index, byte) in fileBytes(hubPath).enumerated() where byte == 0x0A { ends.append(Int64(index + 1)) }
        return ends
    }

    @Test("a page from any line boundary is the log's bytes there; a page that stops short of the head is immutable")
    func pages() throws {
        try makeHub(singles: 40, batch: 0)
        let all = fileBytes(hubPath)
        let response = get("bytes=0-")
        #expect(response.status == 206)
        #expect(response.body == all)
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.header("Content-Range") == "bytes 0-\(all.count - 1)/*")
        let start = lineEnds[9]
        let short = get("bytes=\(start)-\(start + 1000)")
        #expect(short.status == 206)
        #expect(!short.body.isEmpty && short.body.count <= 1001)
        #expect(Array(all[Int(start)..<(Int(start) + short.body.count)]) == short.body)
        #expect(short.body.last == 0x0A)
        #expect(short.header("Cache-Control") == "public, max-age=31536000, immutable")
        let etag = try #require(short.header("ETag"))
        let again = get("bytes=\(start)-\(start + 1000)", ifNoneMatch: etag)
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(get("bytes=\(start)-\(start + 1000)", ifNoneMatch: "\"other\"").status == 206)
    }

    @Test("a page never ends inside a batch; one batch larger than a page goes whole")
    func batches() throws {
        try makeHub(singles: 3, batch: 200)
        let ends = lineEnds
        let page = get("bytes=0-\(ends[5])")
        #expect(page.status == 206)
        #expect(Int64(page.body.count) == ends[2], "the page ended inside the batch")
        let batch = get("bytes=\(ends[2])-\(ends[3])")
        #expect(Int64(batch.body.count) == ends[202] - ends[2], "the batch did not go whole")
        #expect(batch.header("Cache-Control") == "no-cache")
    }

    @Test("a start that is not a line boundary, or past the end, is 416; other Range forms are 400")
    func badRanges() throws {
        try makeHub(singles: 5, batch: 0)
        let size = Int64(fileBytes(hubPath).count)
        for range in ["bytes=7-", "bytes=\(size)-", "bytes=\(size + 100)-"] {
            let response = get(range)
            #expect(response.status == 416, "\(range)")
            #expect(response.header("Content-Range") == "bytes */*")
        }
        for range in [
            "bytes=-500", "bytes=0-10,20-30", "lines=0-", "bytes=+5-", "bytes=10-5", "bytes= 0 -", "bytes=x-",
        ] {
            #expect(get(range).status == 400, "\(range)")
        }
        #expect(get(nil).status == 200)
    }

    @Test("LogPage.read: diverged for a mirror longer than the log or off a boundary; whole lines only")
    func logPage() throws {
        try makeHub(singles: 4, batch: 3)
        let bytes = fileBytes(hubPath)
        writeBytes(bytes + Array("{\"at\":\"2026-01-01T00:00:00.000Z\"".utf8), to: hubPath)  // a torn tail
        let page = try LogPage.read(logPath: hubPath, from: 0)
        #expect(page.bytes == bytes && page.reachesHead)
        #expect(throws: SyncError.self) { try LogPage.read(logPath: hubPath, from: 3) }
        #expect(throws: SyncError.self) { try LogPage.read(logPath: hubPath, from: Int64(bytes.count + 500)) }
        let tail = try LogPage.read(logPath: hubPath, from: Int64(bytes.count))
        #expect(tail.bytes.isEmpty && tail.reachesHead)
    }

    @Test("a page of any size ends at the end of the last whole batch in it (one larger batch goes whole)")
    func pageEnds() throws {
        let hub = try Store(path: hubPath)
        var rng = SplitMix64(seed: 23)
        var ends: [Int] = []  // where each batch (a single line is a batch of one) ends, in bytes
        for k in 0..<40 {
            let n = Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 2...12, using: &rng) : 1
            var commands = (0..<n).map { Command.create(oid("o\(k)x\($0)"), name: "Thing \(k) \($0)") }
            if k > 1 && n > 1 {
                // A batch that opens with a placement: its lines carry `axes` before `batch`.
                let axes: AxisSet = [.both, .current, .normal][k % 3]
                commands.insert(
                    .place(Placement(object: oid("o\(k - 1)x0"), relation: .in, target: oid("o0x0"), axes: axes)), at: 0
                )
            }
            let actor: String? = k % 4 == 0 ? nil : "hub \(k)"
            if commands.count == 1 {
                try hub.execute(commands[0], actor: actor)
            } else {
                _ = try hub.executeBatch(commands, actor: actor, policy: .stop)
            }
            ends.append(fileBytes(hubPath).count)
        }
        let bytes = fileBytes(hubPath)
        for start in [0] + ends.dropLast() {
            for budget in [1, 200, 333, 1000, 2500, 7000, bytes.count] {
                let page = try LogPage.read(logPath: hubPath, from: Int64(start), budget: budget)
                let fitting = ends.filter { $0 > start && $0 <= start + budget }
                let expected = fitting.last ?? ends.first { $0 > start } ?? start
                #expect(page.end == Int64(expected), "from \(start), budget \(budget)")
                #expect(page.bytes == Array(bytes[start..<expected]))
                #expect(page.reachesHead == (expected == bytes.count))
            }
        }
    }
}
