import Dispatch
import Foundation
import PlingsPlatform
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

@Suite(
    "Many devices syncing at once through one web server",
    .enabled(if: WebServer.isAvailable, "lighttpd is not installed: run scripts/install-test-tools.sh"))
struct WebLoadTests {
    /// Devices that each queue their commands and sync at the same moment as all the others,
    /// then sync again until none has anything pending: every mirror equals the hub's log, and
    /// every queued command is in the log exactly once, as its device's user.
    /// - Returns: the seconds the concurrent round took.
    @discardableResult
    static func run(devices count: Int, commands: Int, batches: Int) throws -> Double {
        let world = try WebWorld(objects: 40)
        let users = Dictionary(uniqueKeysWithValues: (0..<count).map { ("user\($0)", "secret-\($0)") })
        let server = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: users)
        var devices: [(Device, HTTPTransport)] = []
        var rng = SplitMix64(seed: 2020)
        for k in 0..<count {
            let hub = try HTTPHub(
                url: server.hubURL, credentials: HTTPCredentials(user: "user\(k)", password: "secret-\(k)"),
                timeout: 120)
            let transport = HTTPTransport(hub: hub)
            let (device, _) = try Device.clone(
                logPath: world.dir.file("d\(k).jsonl"), config: DeviceConfig(source: server.hubURL, device: "d\(k)"),
                transport: transport)
            let commands = (0..<commands).map { _ in WebWorld.carried(objects: 40, &rng) }
            try device.enqueueUnchecked(commands, at: Timestamp(milliseconds: 1_900_000_000_000))
            devices.append((device, transport))
        }
        // Every device pushes its queue in `batches` syncs, all devices at once.
        let failures = Platform.Locked<[String]>([])
        let each = Platform.Locked(devices)
        let started = Monotonic.seconds()
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let (device, transport) = each.withLock { $0[k] }
            do {
                for _ in 0..<batches { _ = try SyncClient(device: device, transport: transport).sync() }
            } catch {
                failures.withLock { $0.append("d\(k): \(error)") }
            }
        }
        let seconds = Monotonic.seconds() - started
        let failed = failures.withLock { $0 }
        #expect(failed.isEmpty, "\(failed)")
        for (device, transport) in devices { _ = try SyncClient(device: device, transport: transport).sync() }
        let hub = fileBytes(world.hubPath)
        for (k, (device, _)) in devices.enumerated() {
            #expect(fileBytes(world.dir.file("d\(k).jsonl")) == hub, "device \(k) differs from the hub")
            #expect(device.pending.entries.isEmpty, "device \(k) still has commands pending")
        }
        let origins = try world.origins()
        #expect(origins.count == count * commands, "\(origins.count) commands in the log")
        #expect(origins.values.allSatisfy { $0 == 1 }, "a command is in the log more than once")
        let actors = try world.actors()
        for k in 0..<count { #expect(actors["d\(k)"] == ["user\(k)"]) }
        server.stop()
        return seconds
    }

    @Test("3 devices × 12 commands sync at once: all converge, every command in the log once")
    func small() throws {
        try Self.run(devices: 3, commands: 12, batches: 1)
    }

    @Test(
        "20 devices × 500 commands sync at once (PLINGS_STRESS)",
        .enabled(if: Stress.enabled, "set PLINGS_STRESS=1 to run 20 devices × 500 commands"))
    func full() throws {
        let seconds = try Self.run(devices: 20, commands: 500, batches: 1)
        print("20 devices × 500 commands through one lighttpd: \(String(format: "%.1f", seconds)) s")
    }
}
