import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("Sync refuses bad input and writes nothing")
struct BadInputTests {
    func hubWithObjects(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("hub.jsonl")
        let hub = try Store(path: path)
        try hub.execute(.create(oid("box"), name: "Box"))
        return path
    }

    @Test("a hub that is not a Plings log is refused and the device is not created")
    func notALog() throws {
        let dir = TemporaryDirectory()
        writeBytes(Array("hello world\n".utf8), to: dir.file("notes.txt"))
        #expect(throws: SyncError.self) {
            _ = try Device.clone(
                logPath: dir.file("d.jsonl"), config: DeviceConfig(source: "", device: "d"),
                transport: LocalTransport(hubPath: dir.file("notes.txt")))
        }
        #expect(fileBytes(dir.file("notes.txt")) == Array("hello world\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: dir.file("d.jsonl")))
    }

    @Test("a mirror edited by hand is refused as diverged; mirror and pending stay as they were")
    func divergedMirror() throws {
        let dir = TemporaryDirectory()
        let hub = try hubWithObjects(dir)
        let transport = try LocalTransport(hubPath: hub)
        let path = dir.file("d.jsonl")
        let (device, _) = try Device.clone(
            logPath: path, config: DeviceConfig(source: hub, device: "d"), transport: transport)
        try device.enqueue([.rename(oid("box"), name: "Crate")], at: Timestamp(milliseconds: 1_900_000_000_000))
        // Someone appends straight to the mirror behind the store's back (the store refuses a mirror,
        // so its settings are moved aside meanwhile and it is written anew, without its mark): it is
        // a valid log, but not the hub's.
        let settings = DeviceConfig.path(forLog: path)
        try FileManager.default.moveItem(atPath: settings, toPath: settings + ".aside")
        let bytes = fileBytes(path)
        try FileManager.default.removeItem(atPath: path)
        writeBytes(bytes, to: path)
        try Store(path: path).execute(.create(oid("x"), name: "X"))
        try FileManager.default.moveItem(atPath: settings + ".aside", toPath: settings)
        let (mirrorBefore, pendingBefore) = (fileBytes(path), fileBytes(path + ".pending"))
        let hubBefore = fileBytes(hub)
        let edited = try Device(logPath: path)
        #expect(throws: SyncError.self) { _ = try SyncClient(device: edited, transport: transport).sync() }
        #expect(fileBytes(path) == mirrorBefore)
        #expect(fileBytes(path + ".pending") == pendingBefore)
        #expect(fileBytes(hub).count > hubBefore.count || fileBytes(hub) == hubBefore)
    }

    @Test("garbage, a truncated stream, an oversized line and a newer protocol give clear errors", arguments: 0..<4)
    func badPeer(_ kind: Int) throws {
        let dir = TemporaryDirectory()
        let hubPath = try hubWithObjects(dir)
        let hub = try SyncHub(path: hubPath)
        let before = fileBytes(hubPath)
        var request: [UInt8]
        switch kind {
        case 0: request = Array("{\"op\":\"push\",\"count\":1,\"device\":\"d\"}\nnot json\n".utf8)
        case 1: request = Array("{\"op\":\"push\",\"count\":2,\"device\":\"d\"}\n{}\n".utf8)
        case 2: request = Array(repeating: UInt8(ascii: "a"), count: SyncProtocol.maxLineBytes + 10) + [0x0A]
        default: request = Array("{\"op\":\"hello\",\"count\":0,\"protocol\":\(SyncProtocol.version + 1)}\n".utf8)
        }
        let answer = try SyncMessage.parse(hub.respond(to: request))
        #expect(answer.header.op == "error")
        #expect(answer.header.message?.isEmpty == false)
        if kind == 3 { #expect(answer.header.code == "protocol") }
        #expect(fileBytes(hubPath) == before)
    }

    @Test("a hub answer from a newer protocol is refused by the device")
    func newerHub() throws {
        final class FutureHub: SyncTransport {
            var bytesOnWire = 0
            func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
                SyncMessage(SyncProtocol.Header(op: "hello", protocol: 9, next: 1))
            }
        }
        let dir = TemporaryDirectory()
        #expect(throws: SyncError.newerProtocol(9)) {
            _ = try Device.clone(
                logPath: dir.file("d.jsonl"), config: DeviceConfig(source: "x", device: "d"), transport: FutureHub())
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("d.jsonl")))
    }

    @Test("a retried push gets the recorded verdicts and appends nothing")
    func retry() throws {
        let dir = TemporaryDirectory()
        let hubPath = try hubWithObjects(dir)
        let hub = try SyncHub(path: hubPath)
        let cmd = SyncProtocol.Pushed(
            dseq: 1, dat: "2030-01-01T00:00:00.000Z", seen: 1,
            command: try #require(WireCommand(.create(oid("box"), name: "Again"))))
        let ok = SyncProtocol.Pushed(
            dseq: 2, dat: "2030-01-01T00:00:00.000Z", seen: 1,
            command: try #require(WireCommand(.rename(oid("box"), name: "B"))))
        let push = SyncMessage(
            SyncProtocol.Header(op: "push", device: "d"),
            body: try [cmd, ok].map { Array(try JSONEncoder().encode($0)) })
        let first = try SyncMessage.parse(hub.respond(to: push.bytes))
        let after = fileBytes(hubPath)
        let second = try SyncMessage.parse(hub.respond(to: push.bytes))
        #expect(first == second)
        #expect(fileBytes(hubPath) == after)
        #expect(first.body.count == 2)
        // After a hub restart, from a snapshot or from the log alone, the verdicts come from the log.
        _ = try Rebuild(path: hubPath).run(dryRun: false)
        let restarted = try SyncMessage.parse(try SyncHub(path: hubPath).respond(to: push.bytes))
        #expect(restarted == first)
        #expect(fileBytes(hubPath) == after)
        let verdicts = try Store(path: hubPath).state.devices
        #expect(verdicts.verdict(device: "d", deviceSeq: 1)?.code == "duplicate-id")
        #expect(verdicts.verdict(device: "d", deviceSeq: 2)?.isAccepted == true)
        let lines = String(decoding: after, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 3 && lines[1].contains("\"type\":\"refused\"") && lines[2].contains("\"dseq\":2"))
    }

    @Test(
        "two devices with one name: the second one's commands are refused as a reused device seq, never given the first one's verdict"
    )
    func sharedDeviceName() throws {
        let dir = TemporaryDirectory()
        let hub = try hubWithObjects(dir)
        let transport = try LocalTransport(hubPath: hub)
        let (a, _) = try Device.clone(
            logPath: dir.file("a.jsonl"), config: DeviceConfig(source: hub, device: "same"), transport: transport)
        let (b, _) = try Device.clone(
            logPath: dir.file("b.jsonl"), config: DeviceConfig(source: hub, device: "same"), transport: transport)
        try a.enqueue([.create(oid("passport"), name: "Passport")], at: Timestamp(milliseconds: 1_900_000_000_000))
        try b.enqueue([.create(oid("keys"), name: "Keys")], at: Timestamp(milliseconds: 1_900_000_000_001))
        _ = try SyncClient(device: a, transport: transport).sync()
        let hubBefore = fileBytes(hub)
        let pendingBefore = fileBytes(dir.file("b.jsonl.pending"))
        #expect(throws: SyncError.self) { _ = try SyncClient(device: b, transport: transport).sync() }
        #expect(fileBytes(hub) == hubBefore)
        #expect(fileBytes(dir.file("b.jsonl.pending")) == pendingBefore, "the command stays pending, not lost")
    }

    @Test("a device's mirror is never served as a hub")
    func mirrorIsNotAHub() throws {
        let dir = TemporaryDirectory()
        let hub = try hubWithObjects(dir)
        _ = try Device.clone(
            logPath: dir.file("a.jsonl"), config: DeviceConfig(source: hub, device: "a"),
            transport: try LocalTransport(hubPath: hub))
        let before = fileBytes(dir.file("a.jsonl"))
        #expect(throws: SyncError.self) { _ = try SyncHub(path: dir.file("a.jsonl")) }
        #expect(fileBytes(dir.file("a.jsonl")) == before)
    }

    @Test("a hub ending in a torn batch serves every request, not only the first")
    func hubWithTornBatch() throws {
        let dir = TemporaryDirectory()
        let hubPath = try hubWithObjects(dir)
        let store = try Store(path: hubPath)
        _ = try store.executeBatch(
            [.create(oid("t1"), name: "T1"), .create(oid("t2"), name: "T2"), .create(oid("t3"), name: "T3")],
            policy: .stop)
        var bytes = fileBytes(hubPath)
        bytes.removeLast()
        while bytes.last != 0x0A { bytes.removeLast() }
        writeBytes(bytes, to: hubPath)
        let hub = try SyncHub(path: hubPath)
        for _ in 0..<3 {
            let answer = hub.respond(to: Array("{\"op\":\"hello\",\"count\":0}\n".utf8))
            #expect(
                !String(decoding: answer, as: UTF8.self).contains("\"error\""),
                "\(String(decoding: answer, as: UTF8.self))")
        }
    }

    @Test("a hub batch larger than a pull page reaches a fresh clone whole")
    func batchLargerThanAPage() throws {
        let dir = TemporaryDirectory()
        let hubPath = try hubWithObjects(dir)
        let store = try Store(path: hubPath)
        let name = String(repeating: "N", count: 190)
        let count = SyncProtocol.pullPageBytes / 250 + 2000
        _ = try store.executeBatch((0..<count).map { .create(oid("big\($0)"), name: name) }, policy: .stop)
        let (device, _) = try Device.clone(
            logPath: dir.file("d.jsonl"), config: DeviceConfig(source: hubPath, device: "d"),
            transport: try LocalTransport(hubPath: hubPath))
        #expect(fileBytes(dir.file("d.jsonl")) == fileBytes(hubPath))
        #expect(try device.mirror.cursor.lastSeq == Int64(count) + 1)
    }
}
