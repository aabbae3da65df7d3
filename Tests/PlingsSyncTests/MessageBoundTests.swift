import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// Every sync message bounded by bytes (issue 20, item 16): a garbage peer is refused when a
/// message passes the bound, before more is read, and a batch larger than a page is read up to
/// its own end, never the rest of the log.
@Suite("Sync messages are bounded by bytes; pages read only what they carry")
struct MessageBoundTests {
    /// A peer that announces the most lines a message may have and sends long lines for ever.
    struct Garbage {
        var delivered = 0
        let line = Array(repeating: UInt8(ascii: "a"), count: SyncProtocol.maxLineBytes - 1) + [0x0A]

        mutating func next() -> [UInt8] {
            defer { delivered += 1 }
            if delivered == 0 { return Array(#"{"op":"lines","count":200000}"#.utf8) + [0x0A] }
            return line
        }
    }

    @Test("a message past its byte bound is refused as soon as it passes it, whatever its header announces")
    func frameReaderBound() throws {
        let limit = 1 << 20
        var garbage = Garbage()
        var reader = FrameReader(limit: limit) { () -> [UInt8] in garbage.next() }
        #expect(throws: SyncError.messageTooLarge(limit: limit)) { _ = try reader.message() }
        // What was read stays within the bound (and one line past it).
        #expect((garbage.delivered - 1) * garbage.line.count <= limit + garbage.line.count)
        #expect(SyncProtocol.maxMessageBytes == 64 << 20)
        let error = SyncError.messageTooLarge(limit: limit)
        #expect(error.message(.en).contains("a sync message carries more than 1048576 bytes; nothing of it was used"))
        #expect(error.message(.sv).contains("ett synkmeddelande bär mer än 1048576 byte; inget av det användes"))
    }

    @Test("a garbage hub sending endless lines through a process: the answer is refused past the bound")
    func garbageProcess() throws {
        let limit = 1 << 20
        let line = String(repeating: "a", count: SyncProtocol.maxLineBytes - 1)
        let peer = #"head -c 1 >/dev/null; echo '{"op":"hello","count":200000}'; exec yes '\#(line)'"#
        let transport = try ProcessTransport(
            executable: "/bin/sh", arguments: ["-c", peer], environment: nil, timeout: 60, messageLimit: limit)
        #expect(throws: SyncError.messageTooLarge(limit: limit)) {
            _ = try transport.exchange(SyncMessage(SyncProtocol.Header(op: "hello", device: "d")))
        }
    }

    @Test(
        "a garbage hub over --via sending endless lines: sync refuses it in words, the device unchanged",
        .enabled(if: Stress.enabled, "64 MiB through a debug build: PLINGS_STRESS"))
    func garbageHub() throws {
        let dir = TemporaryDirectory()
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let device = dir.file("d.jsonl")
        try #require(try BuiltPlings.run(["--log", device, "clone", hub, "--device", "d"]).status == 0)
        let before = fileBytes(device)
        // Answers the hello with a header announcing 200,000 lines, then 64 KiB lines without end.
        let line = String(repeating: "a", count: SyncProtocol.maxLineBytes - 1)
        let peer = #"head -c 1 >/dev/null; echo '{"op":"hello","count":200000}'; exec yes '\#(line)'"#
        for (language, words) in [
            ("en", "a sync message carries more than 67108864 bytes; nothing of it was used"),
            ("sv", "ett synkmeddelande bär mer än 67108864 byte; inget av det användes"),
        ] {
            let run = try BuiltPlings.run(
                ["--log", device, "sync", "--via", peer], env: ["PLINGS_LANG": language, "PLINGS_TIMEOUT": "60"])
            #expect(run.status == 1)
            #expect(run.errors.contains(words), "\(run.errors)")
        }
        #expect(fileBytes(device) == before)
    }

    @Test("a batch larger than a page is read to its own end: the log after it is not read")
    func pageReadsOnlyItsBatch() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("hub.jsonl")
        let store = try Store(path: path)
        _ = try store.executeBatch((0..<40).map { .create(oid("t\($0)"), name: "Thing \($0)") }, policy: .stop)
        try store.execute(.create(oid("after"), name: "After"))
        let batchEnd = Int64(fileBytes(path).split(separator: 0x0A).prefix(40).reduce(0) { $0 + $1.count + 1 })
        // A log that goes on for 64 GiB after the batch (a sparse file): reading it whole fails.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 64 << 30)
        try handle.close()
        let page = try LogPage.read(logPath: path, from: 0, budget: 512)
        #expect(page.end == batchEnd)
        #expect(!page.reachesHead)
        #expect(page.bytes.split(separator: 0x0A).count == 40)
    }
}
