import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Sync survives kill -9 on either side")
struct CrashTests {
    /// Kills `plings sync` (device side) or `plings serve --stdio` (hub side)
    /// at a random moment, then syncs again: nothing lost, nothing doubled,
    /// mirror and pending consistent.
    @Test("kill -9 of sync or serve at random moments, then sync again: every command exactly once")
    func killRounds() throws {
        let rounds = Stress.enabled ? 100 : 4
        let seed = UInt64(ProcessInfo.processInfo.environment["PLINGS_SEED"].flatMap { UInt64($0) } ?? 41)
        var rng = SplitMix64(seed: seed)
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try Store(path: hubPath)
        for k in 0..<12 { try hub.execute(.create(oid("o\(k)"), name: "Thing \(k)"), actor: "hub") }
        let devicePath = dir.file("d.jsonl")
        _ = try Device.clone(
            logPath: devicePath, config: DeviceConfig(source: hubPath, device: "d"),
            transport: LocalTransport(hubPath: hubPath))
        var issued: Int64 = 0
        var killed = (device: 0, hub: 0, finished: 0)
        let started = Date()
        for round in 0..<rounds {
            let device = try Device(logPath: devicePath)
            var batch: [Command] = []
            for _ in 0..<(20 + Int(rng.next() % 60)) { batch.append(SyncWorld.carried(objects: 14, &rng)) }
            issued =
                try device.enqueueUnchecked(batch, at: Timestamp(milliseconds: 1_900_000_000_000)).last?.dseq
                ?? issued
            let pidFile = dir.file("serve.pid")
            try? FileManager.default.removeItem(atPath: pidFile)
            let sync = try SyncProcess.start(SyncProcess.syncArgs(device: devicePath, hub: hubPath, pidFile: pidFile))
            usleep(UInt32(rng.next() % 80_000))
            if rng.next() % 2 == 0, sync.isRunning {
                kill(sync.processIdentifier, SIGKILL)
                killed.device += 1
            } else if sync.isRunning, let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                kill(pid, SIGKILL)
                killed.hub += 1
            } else {
                killed.finished += 1
            }
            sync.waitUntilExit()
            // Every few rounds the next sync runs to its end before more work, in process.
            if round % 3 == 2 || round == rounds - 1 {
                let again = try Device(logPath: devicePath)
                _ = try SyncClient(device: again, transport: LocalTransport(hubPath: hubPath)).sync()
                try check(devicePath: devicePath, hubPath: hubPath, issued: issued, seed: seed, round: round)
            }
        }
        print(
            "crash rounds: \(rounds) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s; "
                + "killed sync \(killed.device), serve \(killed.hub), nothing to kill \(killed.finished); "
                + "\(issued) commands")
    }

    func check(devicePath: String, hubPath: String, issued: Int64, seed: UInt64, round: Int) throws {
        let device = try Device(logPath: devicePath)
        #expect(fileBytes(devicePath) == fileBytes(hubPath), "seed \(seed) round \(round): mirror differs")
        #expect(device.pending.entries.isEmpty, "seed \(seed) round \(round): pending left")
        let origins = try SyncProcess.origins(hubPath)
        for dseq in 1...max(1, issued) where issued > 0 {
            let count = origins["d.\(dseq)", default: 0]
            #expect(count == 1, "seed \(seed) round \(round): d.\(dseq) is in the hub's log \(count) times")
        }
        #expect(origins.count == Int(issued), "seed \(seed) round \(round): \(origins.count) origins for \(issued)")
    }
}
