import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// `diff` makes both worlds by one replay, from the nearest snapshot at or before its first
/// point (`Timeline.states`); it must give what the two worlds made each on its own by a replay
/// from the first line give (`Query.diffApart` without the cache), diff for diff and byte for
/// byte (text in both languages, JSON), and the same error where that throws one: at random
/// pairs of points (seqs and times, in either order, before the first event and past the head),
/// with snapshots damaged, stale or gone, after appends past the last rebuild and on a torn tail
/// (more pairs with PLINGS_STRESS).
@Suite("diff from the nearest snapshot equals two replays")
struct DiffFromSnapshotTests {
    let dir = TemporaryDirectory()

    /// A diff, or the error thrown instead, as text.
    enum Said: Equatable {
        case diff(WorldDiff)
        case error(String)

        init(_ body: () throws -> WorldDiff) {
            do { self = .diff(try body()) } catch { self = .error("\(error)") }
        }

        var failed: Bool { if case .error = self { true } else { false } }

        /// The diff's text in both languages and its JSON (what the command line prints).
        var written: [String] {
            guard case .diff(let diff) = self else { return [] }
            var json = ""
            var w = JSONWriter { json += $0 }
            diff.write(to: &w)
            w.finish()
            return Language.allCases.map { diff.render($0) } + [json]
        }
    }

    /// Pairs of points over the log at `path`: seqs and the times of events (and a millisecond
    /// before them), in either order, to the head, from seq 0 and past the head.
    static func pairs(_ path: String, count: Int, seed: UInt64) throws -> [(ReplayLimit, ReplayLimit?)] {
        var rng = SplitMix64(seed: seed)
        var times: [Timestamp] = []
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in times.append(event.at) }
        let last = Int64(times.count)
        func point() -> ReplayLimit {
            let seq = Int64.random(in: 1...max(1, last), using: &rng)
            let at = times.isEmpty ? Timestamp(milliseconds: 0) : times[Int(seq) - 1]
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return .time(at)
            case 1: return .time(Timestamp(milliseconds: at.milliseconds - 1))
            default: return .seq(seq)
            }
        }
        var pairs: [(ReplayLimit, ReplayLimit?)] = [(.seq(0), nil), (.seq(0), .seq(last)), (.seq(last + 3), nil)]
        pairs.append((.seq(max(1, last - 2)), .seq(last + 3)))
        for _ in 0..<count { pairs.append((point(), Bool.random(using: &rng) ? nil : point())) }
        return pairs
    }

    /// For every pair, the diff with the cache and without it is the one of two replays (and the
    /// first pair that gives a diff is written the same, text and JSON); returns how many pairs gave a diff.
    @discardableResult
    static func agrees(_ path: String, _ pairs: [(ReplayLimit, ReplayLimit?)], _ what: String) -> Int {
        let apart = Query(path: path, useCache: false)
        var diffs = 0
        for (from, to) in pairs {
            let expected = Said { try apart.diffApart(from: from, to: to) }
            for query in [Query(path: path), Query(path: path, useCache: false)] {
                let said = Said { try query.diff(from: from, to: to) }
                let pair = "\(what): \(from) → \(String(describing: to)), cache \(query.useCache)"
                // An error is the one the same query's two worlds throw (a damaged line is found by the
                // check of the whole log when the cache is asked, by the replay without it).
                #expect(
                    said == (expected.failed ? Said { try query.diffApart(from: from, to: to) } : expected), "\(pair)")
                #expect(said.failed == expected.failed, "\(pair)")
                if diffs == 0 && !expected.failed { #expect(said.written == expected.written, "\(pair): written") }
            }
            if !expected.failed { diffs += 1 }
        }
        return diffs
    }

    /// Rebuilds the log at `path` with a snapshot at least every 40 events.
    static func rebuild(_ path: String) throws {
        var rebuild = Rebuild(path: path)
        rebuild.minimumSpacing = 40
        _ = try rebuild.run(dryRun: false)
    }

    /// The log's last seq, by a replay.
    static func last(_ path: String) throws -> Int64 { try Query(path: path, useCache: false).world().lastSeq }

    @Test("generated, random (undos, archives, restores) and loan logs, rebuilt, and after appends past the rebuild")
    func logs() throws {
        let generated = dir.file("gen.jsonl")
        _ = try SyntheticLog(events: 400, objects: 80, seed: 9).write(to: generated)
        let (randomDir, loansDir) = (TemporaryDirectory(), TemporaryDirectory())
        let (random, randomStore) = try writeLog(randomDir, extra: 40, seed: 4)
        var rng = SplitMix64(seed: 4)
        for step in 0..<60 {
            if step % 6 == 5, let basis = try? UndoLookup.basis(seq: nil, actor: "test", path: random) {
                _ = try? randomStore.execute(.undo(basis), actor: "test")
            } else {
                _ = try? randomStore.execute(Generators.command(objects: 12, &rng), actor: "test")
            }
        }
        let (loans, _) = try LoanTimelineTests.loanLog(loansDir)
        for (k, path) in [generated, random, loans].enumerated() {
            try Self.rebuild(path)
            #expect(path != generated || SnapshotCache(logPath: path).entries().count > 2, "snapshots between")
            let pairs = try Self.pairs(path, count: Stress.enabled ? 30 : 4, seed: UInt64(k))
            #expect(Self.agrees(path, pairs, "rebuilt \(k)") > 3)
            // Appends after the rebuild: the events past the head snapshot are replayed too.
            let store = try Store(path: path)
            for _ in 0..<10 { _ = try? store.execute(Generators.command(objects: 12, &rng), actor: "test") }
            Self.agrees(path, try Self.pairs(path, count: 2, seed: 7), "appended \(k)")
        }
    }

    @Test("snapshots damaged, stale, from another log or gone; a torn tail; a log changed behind Plings's back")
    func damage() throws {
        let path = dir.file("damage.jsonl")
        _ = try SyntheticLog(events: 350, objects: 70, seed: 3).write(to: path)
        try Self.rebuild(path)
        let last = try Self.last(path)
        let pairs = try Self.pairs(path, count: Stress.enabled ? 12 : 2, seed: 3)
        let cache = SnapshotCache(logPath: path)
        let entries = cache.entries()
        #expect(entries.count > 2)
        var rng = SplitMix64(seed: 3)
        // One bit flipped in each of the two oldest snapshots: rejected, the start used.
        let (second, third) = (entries[0].path, entries[1].path)
        let goodSecond = fileBytes(second)
        writeBytes(flippingOneBit(goodSecond, &rng), to: second)
        writeBytes(flippingOneBit(fileBytes(third), &rng), to: third)
        Self.agrees(path, pairs, "flipped")
        // Stale: a snapshot's file under another snapshot's name.
        writeBytes(goodSecond, to: third)
        Self.agrees(path, pairs, "stale")
        // From another log of the same length: the hashes it ends on are not this log's.
        let other = dir.file("other.jsonl")
        _ = try SyntheticLog(events: 350, objects: 70, seed: 4).write(to: other)
        try Self.rebuild(other)
        for entry in SnapshotCache(logPath: other).entries() {
            writeBytes(
                fileBytes(entry.path), to: cache.directory + "/" + URL(fileURLWithPath: entry.path).lastPathComponent)
        }
        Self.agrees(path, pairs, "another log's")
        // Gone: only the head snapshot left, then none.
        cache.remove(cache.entries().dropLast().map(\.path))
        Self.agrees(path, pairs, "head only")
        cache.remove(cache.entries().map(\.path))
        Self.agrees(path, pairs, "none")
        // A torn tail: half a line at the end, after a fresh rebuild.
        try Self.rebuild(path)
        let whole = fileBytes(path)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":"#.utf8))
        handle.closeFile()
        Self.agrees(path, pairs + [(.seq(last - 1), .seq(last + 1))], "torn tail")
        // A line in the middle changed behind Plings's back: the same error either way.
        var changed = whole
        let middle = try #require(
            changed.indices.firstIndex { changed[$0] == UInt8(ascii: "\n") && $0 > whole.count / 2 })
        changed[middle + 12] ^= 1
        writeBytes(changed, to: path)
        #expect(Self.agrees(path, pairs, "changed") == 0)
    }

    @Test("before the first event and on an empty log: the same diff or error as two replays")
    func edges() throws {
        let empty = dir.file("empty.jsonl")
        Self.agrees(empty, [(.seq(0), nil), (.seq(3), .seq(1)), (.time(Timestamp(milliseconds: 5)), nil)], "no log")
        let (path, _) = try writeLog(dir)
        try Self.rebuild(path)
        let last = try Self.last(path)
        Self.agrees(
            path,
            [
                (.seq(0), .seq(0)), (.seq(last), .seq(1)), (.time(Timestamp(milliseconds: 0)), .seq(2)),
                (.seq(2), .seq(2)),
            ],
            "edges")
    }
}
