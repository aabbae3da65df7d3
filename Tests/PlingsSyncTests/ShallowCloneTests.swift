import Foundation
import PlingsKit
import PlingsSync
import PlingsTestSupport
import Testing

/// `clone --shallow` by path: the device starts from the hub's published snapshot (its base, kept
/// beside the mirror) and mirrors only the lines after it, each checked from the base's hash on.
@Suite("Shallow clone by path: the base beside the mirror, the lines after it checked as in a full mirror")
struct ShallowCloneTests {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    /// A hub of `events` generated events, rebuilt (so it publishes a snapshot at #`events`), then `after` more.
    func makeHub(events: Int = 600, after: Int = 5, seed: UInt64 = 21) throws {
        _ = try SyntheticLog(events: events, objects: 40, seed: seed).write(to: hubPath)
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        let hub = try Store(path: hubPath)
        for k in 0..<after { try hub.execute(.create(oid("late-\(k)"), name: "Late \(k)"), actor: "hub") }
    }

    func clone(_ name: String, shallow: Bool, transport: SyncTransport? = nil) throws -> (Device, SyncReport) {
        try Device.clone(
            logPath: dir.file(name), config: DeviceConfig(source: hubPath, device: name.split(separator: ".")[0] + ""),
            transport: transport ?? LocalTransport(hubPath: hubPath), shallow: shallow)
    }

    /// The files a clone into `name` left behind (its lock aside).
    func leftovers(_ name: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasPrefix(name) && $0 != name + ".lock" }.sorted()
    }

    func lines(_ path: String) -> [Substring] {
        String(decoding: fileBytes(path), as: UTF8.self).split(separator: "\n")
    }

    @Test("the mirror holds only the lines after the base; its world, sync and pushes are a full device's")
    func startsFromBase() throws {
        try makeHub()
        let (phone, report) = try clone("phone.jsonl", shallow: true)
        #expect(phone.base?.lastSeq == 600)
        #expect(report.pulled == 5)
        #expect(report.head.seq == 605)
        let mirrorLines = lines(phone.logPath)
        #expect(mirrorLines.count == 5)
        #expect(mirrorLines.first?.contains("\"seq\":601") == true)
        #expect(fileBytes(LogBase.path(forLog: phone.logPath)) == fileBytes(PublishedSnapshot.path(forLog: hubPath)))
        let (full, _) = try clone("laptop.jsonl", shallow: false)
        #expect(full.base == nil)
        #expect(Fingerprint(try phone.mirror.state) == Fingerprint(try full.mirror.state))
        #expect(try phone.mirror.state == (try Store(path: hubPath).state))
        // The hub goes on; the shallow device pulls and pushes as any device.
        try Store(path: hubPath).execute(.create(oid("later"), name: "Later"), actor: "hub")
        try phone.enqueue(
            [.create(oid("phone-made"), name: "From the phone")], at: Timestamp(milliseconds: 1_900_000_000_000))
        let synced = try SyncClient(device: phone, transport: LocalTransport(hubPath: hubPath)).sync()
        #expect(synced.accepted == 1 && synced.pulled == 2)
        #expect(phone.pending.entries.isEmpty)
        #expect(try phone.mirror.state == (try Store(path: hubPath).state))
        // A fresh process's view of the device starts from the base too.
        #expect(try Device(logPath: phone.logPath).mirror.state == (try Store(path: hubPath).state))
    }

    @Test("views at and after the base answer; before it they say where this copy begins")
    func beforeBase() throws {
        try makeHub()
        let (phone, _) = try clone("phone.jsonl", shallow: true)
        let mine = Query(path: phone.logPath)
        let hubs = Query(path: hubPath, useCache: false)
        for seq: Int64 in [600, 602, 605] {
            #expect(try mine.world(at: .seq(seq)) == hubs.world(at: .seq(seq)), "#\(seq)")
        }
        for limit: ReplayLimit in [.seq(599), .seq(1), .time(Timestamp(milliseconds: 0))] {
            #expect(throws: StoreError.log(.beforeBase(seq: 600)), "\(limit)") { try mine.world(at: limit) }
        }
    }

    @Test("verify checks from the base on: a base of another log, or a damaged one, is found out")
    func verifyFromBase() throws {
        try makeHub()
        let (phone, _) = try clone("phone.jsonl", shallow: true)
        let result = LogVerification.check(path: phone.logPath)
        #expect(result.isSound)
        #expect(result.base?.lastSeq == 600 && result.lines == 5 && result.head.lastSeq == 605)
        let basePath = LogBase.path(forLog: phone.logPath)
        let good = fileBytes(basePath)
        // A snapshot of another world at the same seq: the mirror's first line does not chain from it.
        let other = dir.file("other.jsonl")
        _ = try SyntheticLog(events: 600, objects: 40, seed: 99).write(to: other)
        _ = try Rebuild(path: other).run(dryRun: false)
        writeBytes(fileBytes(PublishedSnapshot.path(forLog: other)), to: basePath)
        let forged = LogVerification.check(path: phone.logPath)
        guard case .chainBroken(_, 1, 0, 601) = forged.problem else {
            Issue.record("a base of another log was not found out: \(String(describing: forged.problem))")
            return
        }
        var damaged = good
        damaged[damaged.count - 3] ^= 1
        writeBytes(damaged, to: basePath)
        #expect(LogVerification.check(path: phone.logPath).problem == .damagedBase(path: basePath))
        #expect(throws: SyncError.store(.log(.damagedBase(path: basePath)))) { try Device(logPath: phone.logPath) }
        writeBytes(good, to: basePath)
        #expect(LogVerification.check(path: phone.logPath).isSound)
    }

    @Test("a base or a published snapshot from before the packed form (unpacked) is still read and served")
    func unpackedStillRead() throws {
        try makeHub()
        let published = PublishedSnapshot.path(forLog: hubPath)
        #expect(PackedSnapshot.isPacked(fileBytes(published)))
        let plain = try #require(PackedSnapshot.unpack(fileBytes(published)))
        // A device cloned before: its base is the unpacked snapshot.
        let (phone, _) = try clone("phone.jsonl", shallow: true)
        writeBytes(plain, to: LogBase.path(forLog: phone.logPath))
        let reopened = try Device(logPath: phone.logPath)
        #expect(reopened.base?.lastSeq == 600)
        #expect(try reopened.mirror.state == (try Store(path: hubPath).state))
        #expect(LogVerification.check(path: phone.logPath).isSound)
        #expect(try Query(path: phone.logPath).world(at: .seq(600)) == Query(path: hubPath).world(at: .seq(600)))
        // A hub that published before: its unpacked snapshot is served, and a new device starts from it.
        writeBytes(plain, to: published)
        let checked = try PublishedSnapshot.load(forLog: hubPath).get()
        #expect(checked.bytes == plain && !checked.etag.hasSuffix("-p1\""))
        let (tablet, _) = try clone("tablet.jsonl", shallow: true)
        #expect(tablet.base?.lastSeq == 600)
        #expect(try tablet.mirror.state == (try Store(path: hubPath).state))
    }

    @Test("without a published snapshot, or with a damaged one, --shallow is refused and nothing is written")
    func noSnapshot() throws {
        try makeHub()
        let published = PublishedSnapshot.path(forLog: hubPath)
        var bytes = fileBytes(published)
        bytes[100] ^= 4
        writeBytes(bytes, to: published)
        #expect(throws: SyncError.noSnapshot) { try clone("phone.jsonl", shallow: true) }
        try FileManager.default.removeItem(atPath: published)
        #expect(throws: SyncError.noSnapshot) { try clone("phone.jsonl", shallow: true) }
        #expect(leftovers("phone.jsonl") == [])
    }

    /// A transport that hands out another log's snapshot as the hub's.
    final class ForgingTransport: SyncTransport {
        let inner: LocalTransport
        let forged: [UInt8]
        init(_ inner: LocalTransport, forged: [UInt8]) {
            self.inner = inner
            self.forged = forged
        }
        var bytesOnWire: Int { inner.bytesOnWire }
        func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage { try inner.exchange(request) }
        func logPage(from offset: Int64) throws(SyncError) -> LogPage? { try inner.logPage(from: offset) }
        func publishedSnapshot() throws(SyncError) -> [UInt8]? { forged }
    }

    @Test("a snapshot that is not of the hub's log makes the clone fail as diverged; no line is written")
    func forgedSnapshot() throws {
        try makeHub()
        let other = dir.file("other.jsonl")
        _ = try SyntheticLog(events: 600, objects: 40, seed: 98).write(to: other)
        _ = try Rebuild(path: other).run(dryRun: false)
        let transport = ForgingTransport(
            try LocalTransport(hubPath: hubPath), forged: fileBytes(PublishedSnapshot.path(forLog: other)))
        #expect {
            try clone("phone.jsonl", shallow: true, transport: transport)
        } throws: { error in
            if case SyncError.hub(code: "diverged", _) = error { return true }
            return false
        }
        #expect(leftovers("phone.jsonl") == [])
    }

    @Test("over a transport that carries messages only, --shallow says to clone in full")
    func notCarried() throws {
        try makeHub(after: 0)
        final class MessagesOnly: SyncTransport {
            let inner: LocalTransport
            init(_ inner: LocalTransport) { self.inner = inner }
            var bytesOnWire: Int { inner.bytesOnWire }
            func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage { try inner.exchange(request) }
        }
        #expect(throws: SyncError.shallowNotCarried) {
            try clone("phone.jsonl", shallow: true, transport: MessagesOnly(try LocalTransport(hubPath: hubPath)))
        }
    }
}
