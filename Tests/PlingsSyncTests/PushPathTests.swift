import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// What a push reads and computes once instead of again (issue 23, push speed) still reads and
/// computes the same: a pending queue read again after appends, a command's digest, a time's text.
@Suite("The push path's shortcuts give what the long way gave")
struct PushPathTests {
    static let time = Timestamp(milliseconds: 1_900_000_000_000)

    func device(_ dir: TemporaryDirectory) throws -> Device {
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let (device, _) = try Device.clone(
            logPath: dir.file("d.jsonl"), config: DeviceConfig(source: hub, device: "d"),
            transport: try LocalTransport(hubPath: hub))
        return device
    }

    @Test("a queue read again after commands were appended is the queue read afresh; after a rewrite it is read whole")
    func queueReadAgain() throws {
        let dir = TemporaryDirectory()
        let device = try device(dir)
        try device.enqueue([.create(oid("cup"), name: "Cup"), .rename(oid("box"), name: "Låda")], at: Self.time)
        let first = try PendingQueue.load(forLog: device.logPath)
        try device.enqueue([.create(oid("mug"), name: "Mug")], at: Self.time)
        // The device's own queue, appended to, is what a fresh read gives (and so is read again cheaply).
        #expect(device.pending == (try PendingQueue.load(forLog: device.logPath)))
        let again = try PendingQueue.load(forLog: device.logPath, after: first)
        #expect(again == (try PendingQueue.load(forLog: device.logPath)))
        #expect(again.entries.map(\.dseq) == [1, 2, 3] && again.entries.last?.command.object == "mug")
        // Rewritten (the first command dropped, another appended) to the same length: read whole, not taken as before.
        var rewritten = again
        try rewritten.drop(through: 1)
        try device.enqueue([.create(oid("jug"), name: "Jug")], at: Self.time)
        let fresh = try PendingQueue.load(forLog: device.logPath)
        #expect(try PendingQueue.load(forLog: device.logPath, after: again) == fresh)
        #expect(fresh.entries.map(\.dseq) == [2, 3, 4])
        // A damaged line appended after the first read is named by its line in the file.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fresh.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"dseq\":5}\n".utf8))
        try handle.close()
        #expect {
            _ = try PendingQueue.load(forLog: device.logPath, after: fresh)
        } throws: { error in
            guard case SyncError.pendingDamaged(_, let line, _) = error else { return false }
            return line == 5
        }
    }

    /// FNV-1a (64 bits) of each member after its tag byte and before a 0, as snapshots since
    /// format 9 keep it: the digest must never change, or a hub's recorded verdicts stop matching.
    static func reference(_ members: [(UInt8, String)]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (tag, text) in members {
            for byte in [tag] + Array(text.utf8) + [0] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return hash
    }

    @Test("a command's digest is the one snapshots keep")
    func digestKept() {
        let place = Command.place(Placement(object: oid("cup"), relation: .under, target: oid("box"), axes: .both))
        #expect(
            DeviceVerdicts.digest(of: place)
                == Self.reference([
                    (1, "place"), (2, "cup"), (4, Relation.under.token), (5, "box"), (6, String(AxisSet.both.rawValue)),
                ]))
        #expect(
            DeviceVerdicts.digest(of: .rename(oid("box"), name: "Låda"))
                == Self.reference([(1, "rename"), (2, "box"), (3, "Låda")]))
    }

    @Test("a time's text is made as before, and only that text is canonical")
    func timeText() {
        for ms: Int64 in [0, -1, 1_900_000_000_123, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_001] {
            let time = Timestamp(milliseconds: ms)
            #expect(Timestamp(parsing: time.rfc3339) == time || !(0...253_402_300_799_999).contains(ms), "\(ms)")
            #expect(time.isCanonical(time.rfc3339), "\(ms)")
        }
        #expect(Timestamp(milliseconds: 0).rfc3339 == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(milliseconds: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp(milliseconds: 253_402_300_800_000).rfc3339 == "10000-01-01T00:00:00.000Z")
        let noon = Timestamp(milliseconds: 1_900_000_000_000)
        #expect(noon.rfc3339 == "2030-03-17T17:46:40.000Z")
        #expect(!noon.isCanonical("2030-03-17T17:46:40Z") && !noon.isCanonical("2030-03-17T17:46:40.000+00:00"))
    }

    @Test(
        "the verdicts a sync reads from the lines it pulls are the ones the folded mirror holds",
        arguments: [1, 2, 3] as [UInt64])
    func pulledVerdicts(seed: UInt64) throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        var rng = SplitMix64(seed: seed)
        let hub = try Store(path: hubPath)
        _ = try hub.executeBatch(
            (0..<12).map { Command.create(oid("o\($0)"), name: "Thing \($0)") }, actor: "hub", policy: .stop)
        // Two devices whose names share a prefix, pushing random commands (accepted, refused and
        // unchanged ones), between commands typed at the hub.
        var devices: [Device] = []
        for name in ["d", "dd"] {
            devices.append(
                try Device.clone(
                    logPath: dir.file(name + ".jsonl"), config: DeviceConfig(source: hubPath, device: name),
                    transport: try LocalTransport(hubPath: hubPath)
                ).0)
        }
        for round in 0..<3 {
            for device in devices {
                var commands: [Command] = []
                while commands.count < 40 {
                    let command = Generators.command(objects: 14, &rng)
                    if WireCommand(command) != nil { commands.append(command) }
                }
                let time = Timestamp(milliseconds: 1_900_000_000_000 + Int64(round))
                _ = try device.enqueueUnchecked(commands, at: time)
                _ = try? Store(path: hubPath).execute(Generators.command(objects: 14, &rng), actor: "hub")
                let report = try SyncClient(device: device, transport: try LocalTransport(hubPath: hubPath)).sync()
                #expect(report.pushed == 40, "seed \(seed)")
                #expect(device.pending.entries.isEmpty, "seed \(seed): every pushed command is dropped")
            }
        }
        let bytes = fileBytes(hubPath)
        let folded = try Store(path: hubPath, useSnapshots: false).state.devices
        for name in ["d", "dd"] {
            var pulled = PulledVerdicts(device: name)
            try pulled.record(bytes, end: bytes.count)
            let highest = folded.highest(device: name)
            #expect(highest == 120, "seed \(seed)")
            for dseq in 0...(highest + 2) {
                let held = folded.verdict(device: name, deviceSeq: dseq) != nil
                #expect(pulled.contains(dseq) == held, "seed \(seed): \(name)#\(dseq)")
            }
            // A fresh device (its mirror folded from the start) finds every verdict the sync dropped on.
            let fresh = try Device(logPath: dir.file(name + ".jsonl"))
            #expect(try fresh.mirror.state.devices.highest(device: name) == 120, "seed \(seed)")
            #expect(fresh.pending.entries.isEmpty && fresh.pending.nextDseq == 121, "seed \(seed)")
        }
    }
}
