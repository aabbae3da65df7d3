import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

func replay(_ path: String, fast: Bool, limit: ReplayLimit? = nil) throws -> Replayer {
    var replayer = Replayer(path: path)
    replayer.fastPath = fast
    guard let file = try LogFile.open(path, create: false) else { return replayer }
    try replayer.run(file, limit: limit)
    return replayer
}

@Suite("Replay paths agree")
struct ReplayEquivalenceTests {
    let dir = TemporaryDirectory()

    @Test("the fast path and the general path give the same projections on random logs", arguments: [1, 2, 3, 4])
    func fastEqualsGeneral(seed: UInt64) throws {
        let path = dir.file("gen-\(seed).jsonl")
        let generated = try SyntheticLog(events: 4000, objects: 400, seed: seed).write(to: path)
        let fast = try replay(path, fast: true)
        let general = try replay(path, fast: false)
        #expect(fast.state == general.state)
        #expect(Fingerprint(fast.state) == Fingerprint(general.state))
        #expect(fast.cursor == general.cursor)
        #expect(Fingerprint(generated) == Fingerprint(fast.state), "the generator's own state")
        #expect(fast.generalLines < 200, "the fast path reads nearly every line (\(fast.generalLines) fell back)")
        #expect(general.generalLines == 4000)
        #expect(fast.state.skipped.isEmpty)
    }

    @Test("both paths skip the same invalid events and fall back on unusual layouts")
    func invalidAndUnusual() throws {
        let path = dir.file("odd.jsonl")
        var prev = Digest.zero
        var bytes: [UInt8] = []
        var seq: Int64 = 0
        func add(_ payload: EventPayload, actor: String? = nil, cid: String? = nil) {
            seq += 1
            let line = LineFormat.encode(
                Event(
                    seq: seq, at: Timestamp(milliseconds: 1000 * seq), actor: actor, commandID: cid, payload: payload),
                prev: prev)
            bytes += line.bytes
            prev = line.hash
        }
        add(.created(oid("a"), name: "A"))
        add(.created(oid("b"), name: "B \"quoted\""))
        add(.created(oid("a"), name: "again"))  // duplicate: skipped
        add(.placed(Placement(object: oid("a"), relation: .in, target: oid("zz"), axes: .both)))  // unknown target
        add(.placed(Placement(object: oid("a"), relation: .under, target: oid("b"), axes: .current)), actor: "Åsa")
        add(.placed(Placement(object: oid("b"), relation: .in, target: oid("a"), axes: .both)), cid: "x1")
        add(.placed(Placement(object: oid("a"), relation: .in, target: oid("b"), axes: .both)))  // cycle
        add(.renamed(oid("nope"), name: "N"))  // unknown
        add(.placed(Placement(object: oid("a"), relation: .nextTo, target: nil, axes: .normal)))  // world
        writeBytes(bytes, to: path)
        let fast = try replay(path, fast: true)
        let general = try replay(path, fast: false)
        #expect(fast.state == general.state)
        #expect(fast.state.skipped.map(\.seq) == [3, 4, 7, 8, 9])
        #expect(fast.state.commandIDs == ["x1": 6])
    }

    /// 12 random points by default (each a full replay from the first line), 25 with PLINGS_STRESS.
    @Test("incremental state == full replay == snapshot + tail, at random points")
    func threeWay() throws {
        let path = dir.file("three.jsonl")
        let (events, interval, step) = (3000, 450, 7)
        try SyntheticLog(events: events, objects: 300, seed: 77).write(to: path)
        let seed: UInt64 = 9
        var rng = SplitMix64(seed: seed)
        let points = (0..<Stress.rounds(12, stress: 25)).map { _ in
            Int64.random(in: 1...Int64(events / step), using: &rng) * Int64(step)
        }
        // Incremental: one event at a time through the general decoder, keeping the fingerprint at each point.
        let asked = Set(points)
        var incremental: [Int64: Fingerprint] = [:]
        var state = WorldState()
        for line in try ChainChecker.checkAll(fileBytes(path)).lines {
            state.apply(line.event)
            if asked.contains(line.event.seq) { incremental[line.event.seq] = Fingerprint(state) }
        }
        // Snapshots at a few points.
        let cache = SnapshotCache(logPath: path)
        var writer = Replayer(path: path)
        guard let file = try LogFile.open(path, create: false) else { throw LogError.conflict(expected: 0, actual: 0) }
        try writer.run(file, interval: interval) { r in
            #expect(throws: Never.self) { try cache.write(Snapshot(state: r.state, cursor: r.cursor)) }
        }
        #expect(cache.entries().count == events / interval)
        for point in points {
            let context = Comment(rawValue: "seed \(seed), seq \(point)")
            let full = try Timeline(path: path, useSnapshots: false).state(at: .seq(point))
            let snap = try Timeline(path: path, useSnapshots: true).state(at: .seq(point))
            let spacing = Int64(interval)
            #expect(full.fromSnapshot == nil, context)
            #expect(snap.fromSnapshot == (point >= spacing ? point / spacing * spacing : nil), context)
            #expect(Fingerprint(full.state) == incremental[point], context)
            #expect(Fingerprint(snap.state) == incremental[point], context)
            #expect(snap.state == full.state, context)
        }
    }

    @Test("time travel by time stops after the last event at or before it")
    func byTime() throws {
        let path = dir.file("time.jsonl")
        try SyntheticLog(events: 500, objects: 50, seed: 5).write(to: path)
        let lines = try ChainChecker.checkAll(fileBytes(path)).lines
        let target = lines[299].event.at
        let expectedSeq = lines.last { $0.event.at <= target }?.event.seq
        let point = try Timeline(path: path).state(at: .time(target))
        #expect(point.state.lastSeq == expectedSeq)
        #expect(try Timeline(path: path).state(at: .time(Timestamp(milliseconds: 0))).state.lastSeq == 0)
    }
}

@Suite("Snapshots are never trusted blindly")
struct SnapshotTests {
    let dir = TemporaryDirectory()

    func setUp() throws -> (String, SnapshotCache, Fingerprint) {
        let path = dir.file("log.jsonl")
        try SyntheticLog(events: 2500, objects: 200, seed: 3).write(to: path)
        var rebuild = Rebuild(path: path)
        rebuild.minimumSpacing = 500
        rebuild.budget = 10
        let report = try rebuild.run(dryRun: false)
        #expect(report.snapshots > 0)
        let full = try Timeline(path: path, useSnapshots: false).state()
        return (path, SnapshotCache(logPath: path), Fingerprint(full.state))
    }

    @Test("rebuild writes snapshots that views then start from, and their state matches a full replay")
    func rebuildUsed() throws {
        let (path, cache, full) = try setUp()
        #expect(cache.entries().count == 5)
        let head = try Timeline(path: path).state()
        #expect(head.fromSnapshot == 2500)
        #expect(Fingerprint(head.state) == full)
        let mid = try Timeline(path: path).state(at: .seq(1700))
        #expect(mid.fromSnapshot == 1500)
        #expect(
            Fingerprint(mid.state)
                == Fingerprint(try Timeline(path: path, useSnapshots: false).state(at: .seq(1700)).state))
    }

    @Test("a damaged snapshot file is ignored and the answer stays the same")
    func damaged() throws {
        let (path, cache, full) = try setUp()
        guard let last = cache.entries().last else { throw LogError.conflict(expected: 0, actual: 0) }
        var bytes = fileBytes(last.path)
        bytes[bytes.count / 2] ^= 0x40
        writeBytes(bytes, to: last.path)
        let head = try Timeline(path: path).state()
        #expect(head.ignored == [last.path])
        #expect(head.fromSnapshot == 2000)
        #expect(Fingerprint(head.state) == full)
    }

    @Test("a snapshot of another log (or of a rewritten one) is ignored")
    func foreign() throws {
        let (_, cache, _) = try setUp()
        // A different log of the same shape, with the first log's cache beside it.
        let other = dir.file("other.jsonl")
        try SyntheticLog(events: 2500, objects: 200, seed: 4).write(to: other)
        let otherCache = SnapshotCache(logPath: other)
        try FileManager.default.createDirectory(atPath: otherCache.directory, withIntermediateDirectories: true)
        for entry in cache.entries() {
            writeBytes(
                fileBytes(entry.path), to: otherCache.directory + "/" + (entry.path as NSString).lastPathComponent)
        }
        let point = try Timeline(path: other).state()
        #expect(point.fromSnapshot == nil)
        #expect(point.ignored.count == 5)
        #expect(Fingerprint(point.state) == Fingerprint(try Timeline(path: other, useSnapshots: false).state().state))
    }

    @Test("a truncated log makes later snapshots stale; earlier ones still serve")
    func truncated() throws {
        let (path, _, _) = try setUp()
        let bytes = fileBytes(path)
        let cut = Int(try Timeline(path: path, useSnapshots: false).state(at: .seq(1800)).cursor.offset)
        writeBytes(Array(bytes[0..<cut]), to: path)
        let point = try Timeline(path: path).state()
        #expect(point.state.lastSeq == 1800)
        #expect(point.fromSnapshot == 1500)
        #expect(point.ignored.count == 2)
    }

    @Test("deleting the cache changes no answer")
    func deleted() throws {
        let (path, cache, full) = try setUp()
        cache.remove(cache.entries().map(\.path))
        let point = try Timeline(path: path).state()
        #expect(point.fromSnapshot == nil)
        #expect(Fingerprint(point.state) == full)
    }

    @Test("snapshots round-trip every projection exactly")
    func roundTrip() throws {
        let (path, _, _) = try setUp()
        let point = try Timeline(path: path, useSnapshots: false).state()
        let decoded = Snapshot.decode(Snapshot(state: point.state, cursor: point.cursor).encoded())
        #expect(decoded?.state == point.state)
        #expect(decoded?.cursor == point.cursor)
        var bad = Snapshot(state: point.state, cursor: point.cursor).encoded()
        bad[8] = 99  // another format version
        #expect(Snapshot.decode(bad) == nil)
    }
}
