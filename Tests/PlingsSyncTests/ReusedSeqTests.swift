import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// A reused (device, device seq) with another command of the same object and millisecond
/// (issue 20, item 5): the hub compares the whole command with the one its log records, so
/// only a true retry gets the recorded verdict.
@Suite("A reused device seq with another command is never given the recorded verdict")
struct ReusedSeqTests {
    static let time = Timestamp(milliseconds: 1_900_000_000_000)

    /// A push of one command as device `d`'s seq 1, made at `time`.
    func push(_ command: Command, _ hub: SyncHub) throws -> SyncMessage {
        let wire = try #require(WireCommand(command))
        let pushed = SyncProtocol.Pushed(dseq: 1, dat: Self.time.description, seen: 0, command: wire)
        return try hub.handle(
            SyncMessage(SyncProtocol.Header(op: "push", protocol: 3, device: "d"), body: [SyncLines.line(pushed)]))
    }

    func hub(_ dir: TemporaryDirectory) throws -> String {
        let path = dir.file("hub.jsonl")
        let store = try Store(path: path)
        try store.execute(.create(oid("box"), name: "Box"))
        try store.execute(.create(oid("shelf"), name: "Shelf"))
        return path
    }

    static let placed = Command.place(Placement(object: oid("box"), relation: .in, target: oid("shelf"), axes: .both))

    @Test(
        "an accepted or refused command, then another of the same object and millisecond with its device seq: diverged",
        arguments: [
            (placed, Command.archive(oid("box"), note: nil, withContents: false)),
            (Command.rename(oid("box"), name: "Crate"), Command.rename(oid("box"), name: "Chest")),
            (Command.create(oid("box"), name: "Again"), Command.create(oid("box"), name: "Other")),
        ])
    func anotherCommand(first: Command, second: Command) throws {
        let dir = TemporaryDirectory()
        let path = try hub(dir)
        let hub = try SyncHub(path: path)
        let answer = try push(first, hub)
        #expect(answer.header.op == "verdicts")
        let before = fileBytes(path)
        // The same command again is a retry: its recorded verdict, nothing appended.
        #expect(try push(first, hub).body == answer.body)
        #expect(fileBytes(path) == before)
        // Another command with that device seq: never "accepted" on the first one's word.
        do {
            let wrong = try push(second, hub)
            Issue.record("answered \(String(decoding: wrong.bytes, as: UTF8.self))")
        } catch let error as SyncError {
            guard case .diverged = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(fileBytes(path) == before)
    }

    @Test("the device's queue keeps the edited command: sync says diverged and drops nothing")
    func editedQueue() throws {
        let dir = TemporaryDirectory()
        let path = try hub(dir)
        let transport = try LocalTransport(hubPath: path)
        let (a, _) = try Device.clone(
            logPath: dir.file("a.jsonl"), config: DeviceConfig(source: path, device: "same"), transport: transport)
        let (b, _) = try Device.clone(
            logPath: dir.file("b.jsonl"), config: DeviceConfig(source: path, device: "same"), transport: transport)
        try a.enqueue([Self.placed], at: Self.time)
        try b.enqueue([.archive(oid("box"), note: nil, withContents: false)], at: Self.time)
        _ = try SyncClient(device: a, transport: transport).sync()
        let (hubBefore, pendingBefore) = (fileBytes(path), fileBytes(dir.file("b.jsonl.pending")))
        #expect(throws: SyncError.self) { _ = try SyncClient(device: b, transport: transport).sync() }
        #expect(fileBytes(path) == hubBefore)
        #expect(fileBytes(dir.file("b.jsonl.pending")) == pendingBefore, "the archive stays pending, not lost")
    }

    @Test("a twin's push of a settled seq and a new one appends nothing; the name's own device syncs on")
    func twinAppendsNothing() throws {
        let dir = TemporaryDirectory()
        let path = try hub(dir)
        let transport = try LocalTransport(hubPath: path)
        let config = DeviceConfig(source: path, device: "same")
        let (a, _) = try Device.clone(logPath: dir.file("a.jsonl"), config: config, transport: transport)
        let (b, _) = try Device.clone(logPath: dir.file("b.jsonl"), config: config, transport: transport)
        try a.enqueue([Self.placed], at: Self.time)
        try b.enqueue([.rename(oid("box"), name: "Crate"), .create(oid("cup"), name: "Cup")], at: Self.time)
        _ = try SyncClient(device: a, transport: transport).sync()
        let before = fileBytes(path)
        // b's seq 1 is settled with a's command: its seq 2 is not written in a's name either.
        #expect(throws: SyncError.self) { _ = try SyncClient(device: b, transport: transport).sync() }
        #expect(fileBytes(path) == before)
        #expect(try Device(logPath: dir.file("b.jsonl")).pending.entries.count == 2, "nothing of b's is dropped")
        // a's next command gets seq 2, which is still its own.
        try a.enqueue([.create(oid("mug"), name: "Mug")], at: Timestamp(milliseconds: Self.time.milliseconds + 1))
        let report = try SyncClient(device: a, transport: transport).sync()
        #expect(report.pushed == 1)
        #expect(fileBytes(dir.file("a.jsonl")) == fileBytes(path))
        let registry = try Store(path: path).state.registry
        #expect(registry.index(of: oid("mug")) != nil && registry.index(of: oid("cup")) == nil)
    }

    @Test("a queue file emptied or lost after a sync: the next command takes the next device seq and syncs")
    func lostQueue() throws {
        let dir = TemporaryDirectory()
        let path = try hub(dir)
        let transport = try LocalTransport(hubPath: path)
        let config = DeviceConfig(source: path, device: "same")
        let (a, _) = try Device.clone(logPath: dir.file("a.jsonl"), config: config, transport: transport)
        try a.enqueue([Self.placed], at: Self.time)
        _ = try SyncClient(device: a, transport: transport).sync()
        let queue = dir.file("a.jsonl.pending")
        let losses: [() -> Void] = [
            { writeBytes([], to: queue) }, { try? FileManager.default.removeItem(atPath: queue) },
        ]
        for (k, lose) in losses.enumerated() {
            lose()
            let device = try Device(logPath: dir.file("a.jsonl"))
            let at = Timestamp(milliseconds: Self.time.milliseconds + 1 + Int64(k))
            let queued = try device.enqueue([.rename(oid("box"), name: "Box \(k)")], at: at)
            #expect(queued.map(\.dseq) == [2 + Int64(k)], "a settled seq again")
            #expect(try SyncClient(device: device, transport: transport).sync().accepted == 1)
        }
        #expect(fileBytes(dir.file("a.jsonl")) == fileBytes(path))
    }

    @Test("verdicts kept in a snapshot keep each command's digest")
    func snapshotKeepsDigests() throws {
        let dir = TemporaryDirectory()
        let path = try hub(dir)
        _ = try push(Self.placed, try SyncHub(path: path))
        let replayed = try Timeline(path: path, useSnapshots: false).state().state
        let decoded = try #require(
            Snapshot.decode(Snapshot(state: replayed, cursor: LogCursor()).encoded()))
        let verdict = try #require(decoded.state.devices.verdict(device: "d", deviceSeq: 1))
        #expect(verdict.command == DeviceVerdicts.digest(of: Self.placed))
        #expect(verdict.command != DeviceVerdicts.digest(of: .archive(oid("box"), note: nil, withContents: false)))
    }
}
