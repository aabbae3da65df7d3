import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("Several devices sync at once while local writers use the hub")
struct ConcurrencyTests {
    @Test("devices syncing concurrently through serve processes, with local writers on the hub, converge")
    func concurrentSyncs() throws {
        let devices = Stress.enabled ? 6 : 3
        let rounds = Stress.enabled ? 10 : 2
        var rng = SplitMix64(seed: 77)
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try Store(path: hubPath)
        for k in 0..<10 { try hub.execute(.create(oid("o\(k)"), name: "Thing \(k)"), actor: "hub") }
        var paths: [String] = []
        for k in 0..<devices {
            paths.append(dir.file("d\(k).jsonl"))
            _ = try Device.clone(
                logPath: paths[k], config: DeviceConfig(source: hubPath, device: "d\(k)"),
                transport: LocalTransport(hubPath: hubPath))
        }
        var issued: [Int64] = Array(repeating: 0, count: devices)
        for _ in 0..<rounds {
            for k in 0..<devices {
                var batch: [Command] = []
                for _ in 0..<15 { batch.append(SyncWorld.carried(objects: 12, &rng)) }
                let queued = try Device(logPath: paths[k]).enqueueUnchecked(
                    batch, at: Timestamp(milliseconds: 1_900_000_000_000))
                issued[k] = queued.last?.dseq ?? issued[k]
            }
            var running: [Process] = []
            for k in 0..<devices {
                running.append(
                    try SyncProcess.start(
                        SyncProcess.syncArgs(device: paths[k], hub: hubPath, pidFile: dir.file("serve\(k).pid"))))
            }
            // Local writers on the hub at the same time: the same lock, the same log.
            for w in 0..<2 {
                for i in 0..<3 {
                    running.append(
                        try SyncProcess.start([
                            "--log", hubPath, "--actor", "local\(w)", "rename", "o\(i)", "L\(w)-\(i)",
                        ]))
                }
            }
            for process in running { process.waitUntilExit() }
        }
        // Everyone syncs once more with no new work; all mirrors equal the hub.
        for _ in 0..<2 {
            for path in paths {
                _ = try SyncClient(device: try Device(logPath: path), transport: LocalTransport(hubPath: hubPath))
                    .sync()
            }
        }
        let hubBytes = fileBytes(hubPath)
        let origins = try SyncProcess.origins(hubPath)
        for (k, path) in paths.enumerated() {
            #expect(fileBytes(path) == hubBytes, "mirror of d\(k) differs")
            #expect(try Device(logPath: path).pending.entries.isEmpty)
            for dseq in 1...issued[k] {
                #expect(origins["d\(k).\(dseq)", default: 0] == 1, "d\(k).\(dseq) not exactly once")
            }
        }
        try hub.refresh()
        #expect(Invariants.violations(hub.state).isEmpty)
        #expect(try Store(path: hubPath).state == hub.state)
    }
}
