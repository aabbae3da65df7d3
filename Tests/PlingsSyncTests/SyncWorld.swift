import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

/// A hub and a few devices in a temporary directory, driven by a seeded generator.
final class SyncWorld {
    let dir = SyncWorld.fastDirectory()
    let transport: LocalTransport
    let hubPath: String
    let hub: Store
    var devices: [Device] = []
    var rng: SplitMix64
    let objects: Int
    /// Every dseq each device queued.
    var issued: [String: Int64] = [:]

    init(seed: UInt64, devices count: Int, objects: Int = 12) throws {
        rng = SplitMix64(seed: seed)
        self.objects = objects
        hubPath = dir.file("hub.jsonl")
        hub = try Store(path: hubPath)
        for k in 0..<3 { try hub.execute(.create(oid("o\(k)"), name: "Start \(k)"), actor: "hub") }
        transport = try LocalTransport(hubPath: hubPath)
        for k in 0..<count {
            let path = dir.file("d\(k).jsonl")
            let (device, _) = try Device.clone(
                logPath: path, config: DeviceConfig(source: hubPath, device: "d\(k)"),
                transport: transport)
            devices.append(device)
        }
    }

    /// A directory in memory when the system has one (fsync is then cheap), else the temporary directory.
    static func fastDirectory() -> TemporaryDirectory {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue {
            return TemporaryDirectory(base: "/dev/shm")
        }
        return TemporaryDirectory()
    }

    func time() -> Timestamp { Timestamp(milliseconds: 1_800_000_000_000 + Int64(rng.next() % 1_000_000)) }

    /// A random command, biased towards conflicts: colliding creates, crossed moves, positional relations.
    func command() -> Command {
        let pick = { (r: inout SplitMix64) in oid("o\(Int(r.next() % UInt64(self.objects)))") }
        if rng.next() % 6 == 0 {
            let a = pick(&rng)
            let b = pick(&rng)
            let axes: AxisSet = [.both, .current, .normal][Int(rng.next() % 3)]
            return .place(Placement(object: a, relation: rng.next() % 2 == 0 ? .in : .on, target: b, axes: axes))
        }
        return Self.carried(objects: objects, &rng)
    }

    /// A random command of the kinds sync carries (create, rename, place).
    static func carried(objects: Int, _ rng: inout SplitMix64) -> Command {
        while true {
            let command = Generators.command(objects: objects, &rng)
            if WireCommand(command) != nil { return command }
        }
    }

    /// Offline work on device `k`: a few commands, mostly ones the device's own view accepts.
    func work(_ k: Int) throws {
        let device = devices[k]
        try device.refresh()
        var state = try device.optimistic().state
        var batch: [Command] = []
        for _ in 0..<Int(1 + rng.next() % 8) {
            let command = command()
            if (try? Replay.step(command, &state)) != nil || rng.next() % 5 == 0 { batch.append(command) }
        }
        guard !batch.isEmpty else { return }
        let queued = try device.enqueueUnchecked(batch, at: time())
        issued[device.config.device] = queued.last?.dseq
    }

    func sync(_ k: Int) throws -> SyncReport {
        try SyncClient(device: devices[k], transport: transport).sync()
    }

    /// A command straight on the hub, as a local user of the hub would.
    func hubWrite() {
        _ = try? hub.execute(command(), actor: "local")
    }
}
