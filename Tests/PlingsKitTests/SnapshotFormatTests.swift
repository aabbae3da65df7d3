import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// Snapshot format 5: a checksummed header with a section table, then each
/// array whole, as one value, or as one value and its exceptions. Every byte
/// is covered by a checksum, so damage anywhere makes the snapshot refused.
@Suite("Snapshot format 5: sections read straight into the arrays, damage anywhere refused")
struct SnapshotFormatTests {
    let dir = TemporaryDirectory()

    /// A generated log, replayed without snapshots.
    func generated(events: Int, objects: Int, seed: UInt64) throws -> (path: String, point: Timeline.Point) {
        let path = dir.file("gen-\(seed)-\(events).jsonl")
        // Written and replayed once for the suite (seeds 7, 8 and 12 are asked by several tests).
        let made = try Shared.value("SnapshotFormatTests \(events) \(objects) \(seed)") {
            let sub = TemporaryDirectory()
            let path = sub.file("gen.jsonl")
            _ = try SyntheticLog(events: events, objects: objects, seed: seed).write(to: path)
            return Replayed(log: fileBytes(path), point: try Timeline(path: path, useSnapshots: false).state())
        }
        writeBytes(made.log, to: path)
        return (path, made.point)
    }

    /// A log's bytes and its replay.
    struct Replayed: Sendable {
        var log: [UInt8]
        var point: Timeline.Point
    }

    @Test("a generated world round-trips through memory and through the cache folder", arguments: [7, 8])
    func roundTrip(seed: UInt64) throws {
        let (path, point) = try generated(events: 3000, objects: 300, seed: seed)
        let snapshot = Snapshot(state: point.state, cursor: point.cursor)
        let bytes = snapshot.encoded()
        let decoded = try #require(Snapshot.decode(bytes))
        #expect(decoded.state == point.state)
        #expect(Fingerprint(decoded.state) == Fingerprint(point.state))
        #expect(decoded.cursor == point.cursor)
        #expect(decoded.encoded() == bytes, "encoding is deterministic")
        try SnapshotCache(logPath: path).write(snapshot)
        let fromCache = try Timeline(path: path).state()
        #expect(fromCache.fromSnapshot == point.cursor.lastSeq)
        #expect(fromCache.state == point.state)
    }

    @Test("a snapshot without the id table rebuilds it: same world, same lookups", arguments: [7, 8])
    func withoutTable(seed: UInt64) throws {
        let (_, point) = try generated(events: 3000, objects: 300, seed: seed)
        let snapshot = Snapshot(state: point.state, cursor: point.cursor)
        let bytes = snapshot.encoded(table: false)
        #expect(bytes.count < snapshot.encoded().count)
        let decoded = try #require(Snapshot.decode(bytes))
        #expect(decoded.state == point.state)
        #expect(Fingerprint(decoded.state) == Fingerprint(point.state))
        let registry = decoded.state.registry
        for x in registry.indices { #expect(registry.index(of: registry.id(x)) == x) }
        #expect(registry.index(of: ObjectID(unchecked: "no-such-id")) == nil)
    }

    @Test("the five encodings are all used by a generated world")
    func encodingsUsed() throws {
        let (_, point) = try generated(events: 3000, objects: 300, seed: 9)
        let encodings = try #require(
            Snapshot.sectionEncodings(of: Snapshot(state: point.state, cursor: point.cursor).encoded()))
        #expect(Set(encodings) == [0, 1, 2, 3, 4], "\(encodings)")
    }

    /// Every byte with PLINGS_STRESS set; by default every byte of the first 512 (the header and the
    /// section table), those within two of each 64th, and 400 more drawn from a seeded generator.
    @Test("one bit flipped at any byte of a snapshot makes it refused")
    func damageAnywhere() throws {
        let (_, point) = try generated(events: 400, objects: 60, seed: 11)
        for table in [true, false] {
            let bytes = Snapshot(state: point.state, cursor: point.cursor).encoded(table: table)
            var accepted: [Int] = []
            let every64th = Array(stride(from: 0, to: bytes.count, by: 64))
            let sampled = Set(Stress.cuts(bytes.count - 1, boundaries: every64th, random: 400) + (0..<512))
            let positions = bytes.indices.filter { sampled.contains($0) }
            #expect(Stress.enabled ? positions.count == bytes.count : positions.count > 1000)
            for position in positions {
                var bad = bytes
                bad[position] ^= UInt8(1) << UInt8(position % 8)
                if Snapshot.decode(bad) != nil { accepted.append(position) }
            }
            #expect(accepted.isEmpty, "damage accepted at \(accepted.prefix(10)) of \(bytes.count) bytes")
        }
    }

    @Test("a snapshot cut short or with bytes added is refused", arguments: [1, 7, 8, 100])
    func cutOrExtended(by n: Int) throws {
        let (_, point) = try generated(events: 400, objects: 60, seed: 12)
        let bytes = Snapshot(state: point.state, cursor: point.cursor).encoded()
        #expect(Snapshot.decode(Array(bytes.dropLast(n))) == nil)
        #expect(Snapshot.decode(bytes + [UInt8](repeating: 0, count: n)) == nil)
    }

    @Test("damage in a cached snapshot file is caught on load: the state comes from the log")
    func damagedFileIgnored() throws {
        let (path, point) = try generated(events: 3000, objects: 300, seed: 13)
        let cache = SnapshotCache(logPath: path)
        try cache.write(Snapshot(state: point.state, cursor: point.cursor))
        let entry = try #require(cache.entries().last)
        let good = fileBytes(entry.path)
        var rng = SplitMix64(seed: 13)
        for _ in 0..<20 {
            var bad = good
            let position = Int.random(in: 0..<bad.count, using: &rng)
            bad[position] ^= 0x40
            writeBytes(bad, to: entry.path)
            let loaded = try Timeline(path: path).state()
            #expect(loaded.fromSnapshot == nil, "damage at byte \(position) not caught")
            #expect(loaded.ignored == [entry.path])
            #expect(Fingerprint(loaded.state) == Fingerprint(point.state))
        }
    }

    @Test("a rebuild stays within a quarter of the log, and every past point from its snapshots is the full replay's")
    func rebuildWithinBudget() throws {
        let path = dir.file("budget.jsonl")
        _ = try SyntheticLog(events: 20000, objects: 2000, seed: 21).write(to: path)
        let report = try Rebuild(path: path).run(dryRun: false)
        #expect(report.snapshots > 3)
        // The cache: the snapshots and the timeline the report counts, and the head index beside the head snapshot.
        let cache = SnapshotCache(logPath: path)
        let index = try #require(cache.indexEntries().last)
        let indexBytes = Int64(fileBytes(index.path).count)
        #expect(cache.totalSize() == report.snapshotBytes + report.timelineBytes + indexBytes)
        #expect(Double(cache.totalSize()) <= 0.25 * Double(report.logBytes), "\(report), index \(indexBytes)")
        var rng = SplitMix64(seed: 21)
        let seqs = (0..<12).map { _ in Int64.random(in: 1...20000, using: &rng) }
        // The full replay's states at all twelve points, from one replay without the cache.
        let replayed = try PastCardTests.states(path, at: Set(seqs))
        var fromSnapshots = 0
        for seq in seqs {
            let point = try Timeline(path: path).state(at: .seq(seq))
            let full = try #require(replayed[seq], "seq \(seq)")
            #expect(Fingerprint(point.state) == Fingerprint(full), "seq \(seq)")
            #expect(point.state == full)
            if point.fromSnapshot != nil { fromSnapshots += 1 }
        }
        #expect(fromSnapshots > 6)
        #expect(try Timeline(path: path).state().fromSnapshot == 20000, "the head's snapshot")
    }

    @Test("snapshots of the older formats are refused, never misread", arguments: [2, 3, 4, 5, 6, 7, 8, 9])
    func olderFormatsRefused(version: Int) throws {
        let fixture = SnapshotFixtureTests.root.appendingPathComponent(
            "Tests/PlingsKitTests/Fixtures/snapshot-v\(version).bin"
        ).path
        let bytes = fileBytes(fixture)
        try #require(!bytes.isEmpty)
        #expect(Snapshot.decode(bytes) == nil)
        // The fixtures are snapshots of the example log at its head: as its head snapshot, the card gives way.
        let copy = dir.file("saltsjon-v\(version).jsonl")
        writeBytes(fileBytes(SnapshotFixtureTests.root.appendingPathComponent("events/saltsjon.jsonl").path), to: copy)
        _ = try Rebuild(path: copy).run(dryRun: false)
        let head = try #require(SnapshotCache(logPath: copy).entries().last)
        #expect(HeadCard.answer(oid("yTvK"), logPath: copy) != nil)
        writeBytes(bytes, to: head.path)
        #expect(HeadCard.answer(oid("yTvK"), logPath: copy) == nil)
    }
}
