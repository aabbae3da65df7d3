import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("Device names that do not collide, and a stranded queue moved to a fresh clone")
struct MovePendingTests {
    @Test("default device names: the host name and a random suffix, valid for any host name")
    func defaultNames() {
        var rng = SplitMix64(seed: 3)
        var names: Set<String> = []
        for _ in 0..<200 { names.insert(DeviceConfig.defaultName(host: "laptop.example.org", using: &rng)) }
        #expect(names.count == 200, "two clones on one machine got the same name")
        for name in names {
            #expect(name.hasPrefix("laptop-") && name.count == 11)
            #expect(DeviceConfig.problem(with: name) == nil)
        }
        for host in ["", "-x", String(repeating: "h", count: 80), "ärlig dator", "a.b"] {
            let name = DeviceConfig.defaultName(host: host, using: &rng)
            #expect(DeviceConfig.problem(with: name) == nil, "\(host) gave \(name)")
        }
        #expect(DeviceConfig.defaultName() != DeviceConfig.defaultName())
    }

    @Test("a queue refused as diverged moves to a fresh clone with one call; each command ends on the hub once")
    func moveStrandedQueue() throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try Store(path: hubPath)
        for k in 0..<4 { try hub.execute(.create(oid("o\(k)"), name: "Thing \(k)"), actor: "hub") }
        let transport = try LocalTransport(hubPath: hubPath)
        let config = DeviceConfig(source: hubPath, device: "phone")
        let (a, _) = try Device.clone(logPath: dir.file("a.jsonl"), config: config, transport: transport)
        let (b, _) = try Device.clone(logPath: dir.file("b.jsonl"), config: config, transport: transport)
        let at = Timestamp(milliseconds: 1_900_000_000_000)
        try a.enqueue([.rename(oid("o1"), name: "From a")], at: at)
        try b.enqueue([.rename(oid("o2"), name: "From b")], at: Timestamp(milliseconds: at.milliseconds + 5))
        _ = try SyncClient(device: a, transport: transport).sync()
        #expect(throws: SyncError.self) { try SyncClient(device: b, transport: transport).sync() }
        let fresh = DeviceConfig(source: hubPath, device: "phone-2")
        let (c, _) = try Device.clone(logPath: dir.file("c.jsonl"), config: fresh, transport: transport)
        let stranded = try Device(logPath: dir.file("b.jsonl")).pending.entries
        let moved = try c.movePending(from: dir.file("b.jsonl"))
        #expect(moved.map(\.command) == stranded.map(\.command))
        #expect(moved.map(\.dat) == stranded.map(\.dat), "the times on the device were not kept")
        #expect(try Device(logPath: dir.file("b.jsonl")).pending.entries.isEmpty)
        #expect(try c.movePending(from: dir.file("b.jsonl")).isEmpty)
        #expect(throws: SyncError.self) { try c.movePending(from: dir.file("c.jsonl")) }
        let report = try SyncClient(device: c, transport: transport).sync()
        #expect(report.pushed == stranded.count)
        let registry = try Store(path: hubPath).state.registry
        #expect(registry.index(of: oid("o2")).map(registry.name) == "From b")
        #expect(fileBytes(dir.file("c.jsonl")) == fileBytes(hubPath))
    }
}
