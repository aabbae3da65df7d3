import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// Peers and files that break sync on purpose (issue 20): each test failed before its fix.
@Suite("Sync holds against hostile peers and edited files")
struct HostilePeerTests {
    let time = Timestamp(milliseconds: 1_900_000_000_000)

    /// A hub with one object and a device `d` cloned from it.
    func hubAndDevice(_ dir: TemporaryDirectory) throws -> (hub: String, device: Device, transport: LocalTransport) {
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let transport = try LocalTransport(hubPath: hub)
        let (device, _) = try Device.clone(
            logPath: dir.file("d.jsonl"), config: DeviceConfig(source: hub, device: "d"), transport: transport)
        return (hub, device, transport)
    }

    @Test("a pushed create whose name escapes past the line limit is refused in a line every reader takes")
    func refusedNameFitsALine() throws {
        let dir = TemporaryDirectory()
        let (hub, device, transport) = try hubAndDevice(dir)
        // 3,000 control characters: \u0001 takes six bytes each in a line, some 18 KB.
        let name = String(repeating: "\u{1}", count: 3000)
        try device.enqueueUnchecked([.create(oid("q"), name: name)], at: time)
        let report = try SyncClient(device: device, transport: transport).sync()
        #expect(report.refused.map(\.code) == ["invalid-name"])
        #expect(LogVerification.check(path: hub).isSound)
        let store = try Store(path: hub)
        try store.execute(.create(oid("after"), name: "After"))
        #expect(store.state.devices.verdict(device: "d", deviceSeq: 1)?.code == "invalid-name")
        let (other, _) = try Device.clone(
            logPath: dir.file("e.jsonl"), config: DeviceConfig(source: hub, device: "e"), transport: transport)
        let mirrored = fileBytes(other.logPath) == fileBytes(hub)
        #expect(mirrored)
        #expect(device.pending.entries.isEmpty)
    }

    @Test("the store never writes a line longer than a reader takes: the batch is refused whole")
    func storeRefusesAnOverlongLine() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let store = try Store(path: path)
        try store.execute(.create(oid("box"), name: "Box"))
        let before = fileBytes(path)
        let long = String(repeating: "\u{1}", count: 3000)
        let refusal = Refusal(command: "create", object: oid("q"), name: long, code: "invalid-name", reason: "no")
        let items = [
            Store.Item(command: .rename(oid("box"), name: "Crate"), actor: nil, commandID: nil),
            Store.Item(
                command: .create(oid("q"), name: long), actor: nil, commandID: nil,
                origin: Origin(device: "d", deviceSeq: 1, deviceAt: time), refusal: { _ in refusal }),
        ]
        #expect(throws: StoreError.self) { _ = try store.executeItems(items, policy: .skip) }
        do {
            _ = try store.executeItems(items, policy: .skip)
        } catch .log(.lineTooLong(let seq, let bytes)) {
            #expect(seq == 3 && bytes > 16 * 1024)
        } catch {
            Issue.record("expected lineTooLong, got \(error)")
        }
        let unchanged = fileBytes(path) == before
        #expect(unchanged)
        let registry = store.state.registry
        #expect(registry.index(of: oid("box")).map(registry.name) == "Box")
        #expect(try Store(path: path).cursor.lastSeq == 1)
    }

    @Test("a hub that answers 'accepted' without appending does not make the pending commands vanish")
    func verdictWithoutTheLine() throws {
        /// Answers a push with made-up "accepted" verdicts and writes nothing; the rest goes to the hub.
        final class LyingHub: SyncTransport {
            let real: LocalTransport
            var bytesOnWire = 0
            init(_ real: LocalTransport) { self.real = real }
            func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
                guard request.header.op == "push" else { return try real.exchange(request) }
                let verdicts = (1...request.body.count).map { k in
                    SyncProtocol.Verdict(dseq: Int64(k), verdict: "accepted", seq: 99, code: nil, reason: nil)
                }
                // In the form it was asked in: the compact one of version 4, or JSON lines.
                let compact = (request.header.protocol ?? 1) >= 4
                let body = compact ? SyncLines.compactVerdicts(verdicts) : verdicts.map(SyncLines.line)
                return SyncMessage(SyncProtocol.Header(op: "verdicts", protocol: request.header.protocol), body: body)
            }
        }
        let dir = TemporaryDirectory()
        let (hub, device, transport) = try hubAndDevice(dir)
        try device.enqueue([.create(oid("keys"), name: "Keys"), .rename(oid("box"), name: "Crate")], at: time)
        #expect(throws: SyncError.unrecordedVerdict(dseq: 1)) {
            _ = try SyncClient(device: device, transport: LyingHub(transport)).sync()
        }
        #expect(try Device(logPath: device.logPath).pending.entries.map(\.dseq) == [1, 2])
        let report = try SyncClient(device: device, transport: transport).sync()
        #expect(report.accepted == 2 && device.pending.entries.isEmpty)
        #expect(try Store(path: hub).state.devices.highest(device: "d") == 2)
    }

    @Test("sync OTHER with an unrelated log is refused as diverged before anything is pushed into it")
    func unrelatedHubGetsNothing() throws {
        let dir = TemporaryDirectory()
        let (_, device, _) = try hubAndDevice(dir)
        // Another log, longer than the mirror, that the device never came from.
        let other = dir.file("other.jsonl")
        let store = try Store(path: other)
        for k in 0..<5 { try store.execute(.create(oid("o\(k)"), name: "Other \(k)")) }
        try device.enqueue([.create(oid("x"), name: "X")], at: time)
        let before = fileBytes(other)
        #expect {
            _ = try SyncClient(device: device, transport: LocalTransport(hubPath: other)).sync()
        } throws: { error in
            // The hub says so (a hub on the web too); a hub of an earlier build is found out here.
            switch error {
            case SyncError.diverged, SyncError.hub(code: "diverged", _): return true
            default: return false
            }
        }
        let unchanged = fileBytes(other) == before
        #expect(unchanged)
        #expect(device.pending.entries.count == 1)
    }

    @Test("a mirror reached through a symbolic link or a hard link is never served as a hub", arguments: [true, false])
    func mirrorByAnotherName(_ symbolic: Bool) throws {
        let dir = TemporaryDirectory()
        let (_, device, _) = try hubAndDevice(dir)
        let alias = dir.file("alias.jsonl")
        if symbolic {
            try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: "d.jsonl")
        } else {
            try FileManager.default.linkItem(atPath: device.logPath, toPath: alias)
        }
        let before = fileBytes(device.logPath)
        #expect(throws: SyncError.mirrorNotAHub(alias)) { _ = try SyncHub(path: alias) }
        #expect(throws: SyncError.mirrorNotAHub(alias)) {
            _ = try Device.clone(
                logPath: dir.file("e.jsonl"), config: DeviceConfig(source: alias, device: "e"),
                transport: LocalTransport(hubPath: alias))
        }
        // Nor does the store append to it by that name.
        #expect(throws: StoreError.log(.mirror(path: alias))) {
            try Store(path: alias).execute(.create(oid("evil"), name: "Evil"))
        }
        let unchanged = fileBytes(device.logPath) == before
        #expect(unchanged)
        // Said as what it is (it said "exists already; clone into a new file"), in both languages.
        #expect(
            SyncError.mirrorNotAHub(alias).message(.en)
                == "'\(alias)' is a device's mirror of a hub, not a hub: it takes only its own hub's lines; "
                + "serve, clone or sync with the hub's own log, the one the device was cloned from")
        #expect(
            SyncError.mirrorNotAHub(alias).message(.sv).hasPrefix(
                "'\(alias)' är en enhets spegel av en hubb, ingen hubb: den tar bara sin egen hubbs rader; "))
    }

    @Test("a device seq past what a line holds is refused by the hub, and a hello's 'next' past it by the device")
    func deviceSeqBounds() throws {
        let dir = TemporaryDirectory()
        let (hub, device, transport) = try hubAndDevice(dir)
        // The hub already holds a command of 'd' with the largest device seq a line takes.
        let top: Int64 = 999_999_999_999_999_999
        let store = try Store(path: hub)
        _ = try store.executeItems(
            [
                Store.Item(
                    command: .rename(oid("box"), name: "Top"), actor: nil, commandID: nil,
                    origin: Origin(device: "d", deviceSeq: top, deviceAt: time))
            ], policy: .skip)
        let before = fileBytes(hub)
        let pushed = SyncProtocol.Pushed(
            dseq: top + 1, dat: "2030-01-01T00:00:00.000Z", seen: 2,
            command: try #require(WireCommand(.rename(oid("box"), name: "Over"))))
        let push = SyncMessage(
            SyncProtocol.Header(op: "push", device: "d"), body: [Array(try JSONEncoder().encode(pushed))])
        let answer = try SyncMessage.parse(try SyncHub(path: hub).respond(to: push.bytes))
        #expect(answer.header.op == "error")
        let unchanged = fileBytes(hub) == before
        #expect(unchanged)
        #expect(LogVerification.check(path: hub).isSound)
        // A hub whose hello says next = Int64.max: refused before anything is written.
        final class HugeNext: SyncTransport {
            var bytesOnWire = 0
            func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
                SyncMessage(SyncProtocol.Header(op: "hello", protocol: 1, next: .max))
            }
        }
        #expect(throws: SyncError.deviceSeqOutOfRange(.max)) {
            _ = try Device.clone(
                logPath: dir.file("e.jsonl"), config: DeviceConfig(source: "x", device: "e"), transport: HugeNext())
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("e.jsonl")))
        // A queue whose header was edited to Int64.max is refused as damaged, not read (its second
        // command would overflow); one at the last device seq takes one command, and refuses the next.
        writeBytes(Array("{\"next\":\(Int64.max),\"pending\":1}\n".utf8), to: device.logPath + ".pending")
        #expect(throws: SyncError.self) { _ = try Device(logPath: device.logPath) }
        writeBytes(Array("{\"next\":\(top),\"pending\":1}\n".utf8), to: device.logPath + ".pending")
        let edited = try Device(logPath: device.logPath)
        try edited.enqueueUnchecked([.seen(oid("box"))], at: time)
        #expect(throws: SyncError.deviceSeqOutOfRange(top + 1)) {
            try edited.enqueueUnchecked([.seen(oid("box"))], at: time)
        }
        _ = transport
    }

    @Test("two clones into one path at once: one makes the device, the other says the path is taken")
    func concurrentClones() throws {
        let dir = TemporaryDirectory()
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let path = dir.file("d.jsonl")
        // A slow hub: both clones have looked at the path before either has an answer.
        let via = "sleep 0.4; exec '\(TransportTests.plings)' serve --stdio --log '\(hub)'"
        let clones = try ["a", "b"].map { name in
            try SyncProcess.start(["--log", path, "clone", "--via", via, "--device", name])
        }
        for clone in clones { clone.waitUntilExit() }
        let statuses = clones.map(\.terminationStatus).sorted()
        #expect(statuses == [0, 1])
        let config = try #require(try DeviceConfig.load(forLog: path))
        #expect(["a", "b"].contains(config.device))
        let mirrored = fileBytes(path) == fileBytes(hub)
        #expect(mirrored)
    }
}
