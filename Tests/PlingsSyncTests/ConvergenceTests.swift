import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("Sync convergence")
struct ConvergenceTests {
    @Test("random offline work on 2–6 devices converges: identical mirrors, equal fingerprints, every command once")
    func randomScenarios() throws {
        let count =
            ProcessInfo.processInfo.environment["PLINGS_SYNC_SCENARIOS"].flatMap { Int($0) }
            ?? (Stress.enabled ? 10_000 : 12)
        let first = ProcessInfo.processInfo.environment["PLINGS_SYNC_FIRST_SEED"].flatMap { UInt64($0) } ?? 0
        let started = Date()
        for seed in first..<(first + UInt64(count)) {
            do {
                try Self.scenario(seed: seed, commandsPerDevice: Stress.enabled ? 20...300 : 20...25)
            } catch {
                Issue.record("seed \(seed): \(error)")
                return
            }
            if Stress.enabled && (seed - first + 1) % 250 == 0 {
                print("convergence: \(seed - first + 1) scenarios in \(Int(Date().timeIntervalSince(started))) s")
            }
        }
        print("convergence: \(count) scenarios in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    static func scenario(seed: UInt64, commandsPerDevice: ClosedRange<Int>) throws {
        let world = try SyncWorld(seed: seed, devices: Int(2 + seed % 5))
        let n = world.devices.count
        var budget = (0..<n).map { _ in
            commandsPerDevice.lowerBound
                + Int(world.rng.next() % UInt64(commandsPerDevice.count))
        }
        while budget.contains(where: { $0 > 0 }) {
            let k = Int(world.rng.next() % UInt64(n))
            switch world.rng.next() % 10 {
            case 0...5:
                guard budget[k] > 0 else { continue }
                let before = world.devices[k].pending.nextDseq
                try world.work(k)
                budget[k] -= max(1, Int(world.devices[k].pending.nextDseq - before))
            case 6...8:
                _ = try world.sync(k)
            default:
                world.hubWrite()
            }
        }
        for _ in 0..<2 {
            for k in (0..<n).shuffled(using: &world.rng) { _ = try world.sync(k) }
        }
        try check(world, seed: seed)
    }

    static func check(_ world: SyncWorld, seed: UInt64) throws {
        let hubBytes = fileBytes(world.hubPath)
        try world.hub.refresh()
        let hubPrint = Fingerprint(world.hub.state)
        for device in world.devices {
            #expect(fileBytes(device.logPath) == hubBytes, "seed \(seed): mirror of \(device.config.device) differs")
            #expect(try Fingerprint(device.mirror.state) == hubPrint, "seed \(seed): fingerprint differs")
            #expect(device.pending.entries.isEmpty, "seed \(seed): pending left on \(device.config.device)")
        }
        // Every queued command is accounted for exactly once: an accepted event or a `refused` event, both
        // carrying the command's origin.
        var accounted: [String: Int] = [:]
        var at = WorldState()
        var effects = EffectLog(recording: false)
        let file = try #require(try LogFile.open(world.hubPath, create: false))
        _ = try file.read(from: LogCursor()) { line, _ in
            if let o = line.event.origin { accounted["\(o.device).\(o.deviceSeq)", default: 0] += 1 }
            at.apply(line.event, effects: &effects)
            let problems = Invariants.violations(at)
            if !problems.isEmpty { Issue.record("seed \(seed): invariants after \(line.event.seq): \(problems)") }
        }
        for (device, last) in world.issued {
            for dseq in 1...last {
                let total = accounted["\(device).\(dseq)", default: 0]
                #expect(total == 1, "seed \(seed): \(device).\(dseq) accounted \(total) times")
            }
        }
    }
}
