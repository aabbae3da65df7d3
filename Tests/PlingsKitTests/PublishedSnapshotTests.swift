import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@Suite("The published snapshot: written by rebuild beside a hub's log, checked whole and against the log")
struct PublishedSnapshotTests {
    let dir = TemporaryDirectory()

    func hub(_ name: String, events: Int, seed: UInt64) throws -> String {
        let path = dir.file(name)
        _ = try SyntheticLog(events: events, objects: 40, seed: seed).write(to: path)
        return path
    }

    @Test("rebuild publishes the head: the snapshot of the whole log, at its last line")
    func published() throws {
        let path = try hub("hub.jsonl", events: 600, seed: 3)
        guard case .failure(.none) = PublishedSnapshot.load(forLog: path) else {
            Issue.record("a published snapshot before any rebuild")
            return
        }
        _ = try Rebuild(path: path).run(dryRun: false)
        let checked = try PublishedSnapshot.load(forLog: path).get()
        let point = try Timeline(path: path, useSnapshots: false).state()
        #expect(checked.cursor == point.cursor)
        let decoded = try #require(PublishedSnapshot.snapshot(checked.bytes))
        #expect(decoded.state == point.state)
        #expect(checked.bytes == fileBytes(PublishedSnapshot.path(forLog: path)))
        // After appends it is still served (the log still has its line), for the same point.
        let store = try Store(path: path)
        try store.execute(.create(oid("late-one"), name: "Late"), actor: "hub")
        #expect(try PublishedSnapshot.load(forLog: path).get().cursor == point.cursor)
    }

    @Test("a damaged byte anywhere, a cut file or another format is refused as damaged", arguments: [0, 9, 300, -1])
    func damaged(at position: Int) throws {
        let path = try hub("hub-\(position + 1).jsonl", events: 300, seed: 4)
        _ = try Rebuild(path: path).run(dryRun: false)
        let file = PublishedSnapshot.path(forLog: path)
        var bytes = fileBytes(file)
        if position < 0 {
            bytes.removeLast(5)
        } else {
            bytes[min(position, bytes.count - 1)] ^= 0x20
        }
        writeBytes(bytes, to: file)
        guard case .failure(.damaged) = PublishedSnapshot.load(forLog: path) else {
            Issue.record("a damaged published snapshot was not refused (byte \(position))")
            return
        }
    }

    @Test("a snapshot of another log (the log replaced under its name) is stale, never served")
    func stale() throws {
        let path = try hub("hub.jsonl", events: 300, seed: 5)
        _ = try Rebuild(path: path).run(dryRun: false)
        let other = try hub("other.jsonl", events: 400, seed: 6)
        writeBytes(fileBytes(other), to: path)
        guard case .failure(.stale) = PublishedSnapshot.load(forLog: path) else {
            Issue.record("a snapshot of another log was served")
            return
        }
    }

    @Test("a device's mirror publishes nothing; a dry run writes nothing")
    func notPublished() throws {
        let path = try hub("hub.jsonl", events: 200, seed: 7)
        _ = try Rebuild(path: path).run(dryRun: true)
        #expect(!FileManager.default.fileExists(atPath: PublishedSnapshot.path(forLog: path)))
        writeBytes(Array("{}\n".utf8), to: path + ".device")
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(!FileManager.default.fileExists(atPath: PublishedSnapshot.path(forLog: path)))
    }
}
