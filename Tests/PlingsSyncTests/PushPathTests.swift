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
}
