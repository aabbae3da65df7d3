import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

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
}
