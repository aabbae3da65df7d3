import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

@testable import PlingsKit

/// A diff read from the object timeline (`PastDiff`: only the objects the window's events
/// changed, each read at both points) must be the diff of the two worlds each replayed from
/// the first line without any cache (`Query.diffApart`), diff for diff and byte for byte (text
/// in both languages, JSON), at random windows given as seqs and times; the timeline must
/// actually answer within it, and give way (never answer otherwise) after appends, without
/// the identity record, with its file damaged. More windows and larger logs with PLINGS_STRESS.
@Suite("diff read from the object timeline equals two replays")
struct PastDiffTests {
    let dir = TemporaryDirectory()
    /// Folders for the logs whose fixtures name their own file.
    let randomDir = TemporaryDirectory(), loansDir = TemporaryDirectory()

    /// Windows over a log of `last` events whose times are `times`: short and long, seqs and
    /// times (and a millisecond before one), a window of none, from the first event, to the head.
    static func windows(_ times: [Timestamp], count: Int, seed: UInt64) -> [(ReplayLimit, ReplayLimit?)] {
        var rng = SplitMix64(seed: seed)
        let last = Int64(times.count)
        func limit(_ seq: Int64) -> ReplayLimit {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return .time(times[Int(seq) - 1])
            default: return .seq(seq)
            }
        }
        var windows: [(ReplayLimit, ReplayLimit?)] = [(.seq(1), .seq(last)), (.seq(1), nil), (.seq(last), nil)]
        windows.append((.seq(last / 2), .seq(last / 2)))
        for k in 0..<count {
            let from = Int64.random(in: 1...last, using: &rng)
            let span = k % 3 == 0 ? Int64.random(in: 0...last, using: &rng) : Int64.random(in: 0...40, using: &rng)
            let to = min(last, from + span)
            windows.append((limit(from), k % 5 == 4 ? nil : limit(to)))
        }
        return windows
    }

    /// The times of every event of the log at `path`, by a replay.
    static func times(_ path: String) throws -> [Timestamp] {
        var times: [Timestamp] = []
        _ = try Timeline(path: path, useSnapshots: false).events { event, _, _ in times.append(event.at) }
        return times
    }

    /// Checks every window: the timeline answers when `answers` says it must, and whatever it
    /// answers is the two replays' diff, written the same; the public diff is too. Returns how many it answered.
    @discardableResult
    static func agrees(
        _ path: String, _ windows: [(ReplayLimit, ReplayLimit?)], _ what: String, answers: Bool
    ) -> Int {
        let apart = Query(path: path, useCache: false)
        var answered = 0
        for (from, to) in windows {
            let window = "\(what): \(from) → \(String(describing: to))"
            let expected = DiffFromSnapshotTests.Said { try apart.diffApart(from: from, to: to) }
            let fast = PastDiff.answer(from: from, to: to, logPath: path)
            if answers { #expect(fast != nil, "\(window): the timeline answers") }
            if let fast {
                answered += 1
                let said = DiffFromSnapshotTests.Said { fast }
                #expect(said == expected, "\(window)")
                #expect(said.written == expected.written, "\(window): written")
                // With room for only two blocks (every other read drops one): the same diff.
                #expect(PastDiff.answer(from: from, to: to, logPath: path, keep: 2) == fast, "\(window): two blocks")
            }
            #expect(
                DiffFromSnapshotTests.Said { try Query(path: path).diff(from: from, to: to) } == expected, "\(window)")
        }
        return answered
    }

    /// The logs: generated, random commands with undos (archives, restores, returns, renames, both
    /// axes), hand-made lines full of skipped events and refusals from a device, and loans.
    func logs() throws -> [String] {
        let generated = dir.file("gen.jsonl")
        _ = try SyntheticLog(
            events: Stress.enabled ? 20000 : 2500, objects: Stress.enabled ? 3000 : 300, seed: 11
        ).write(to: generated)
        let (random, store) = try writeLog(randomDir, extra: 150, seed: 6)
        var rng = SplitMix64(seed: 6)
        for step in 0..<(Stress.enabled ? 600 : 150) {
            if step % 4 == 3 {
                let seq: Int64? =
                    Bool.random(using: &rng) ? Int64.random(in: 1...store.cursor.lastSeq, using: &rng) : nil
                if let basis = try? UndoLookup.basis(seq: seq, actor: "test", path: random) {
                    _ = try? store.execute(.undo(basis), actor: "test")
                }
            } else {
                _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test")
            }
        }
        #expect(!store.state.status.archives.isEmpty)
        let hand = dir.file("hand.jsonl")
        SkippedEventsTimelineTests.write(hand, count: Stress.enabled ? 3000 : 500, pool: 14, seed: 3)
        let (loans, _) = try LoanTimelineTests.loanLog(loansDir)
        return [generated, random, hand, loans]
    }

    @Test("generated, random with undos, skipped and refused, loan logs: every window the timeline answers")
    func windowsAgree() throws {
        for (k, path) in try logs().enumerated() {
            _ = try Rebuild(path: path).run(dryRun: false)
            let windows = Self.windows(try Self.times(path), count: Stress.enabled ? 200 : 25, seed: UInt64(k))
            Self.agrees(path, windows, "log \(k)", answers: true)
        }
    }

    @Test("after appends, without the identity record, with the timeline damaged: it gives way or agrees")
    func givesWay() throws {
        let (path, store) = try writeLog(dir, extra: 300, seed: 2)
        _ = try Rebuild(path: path).run(dryRun: false)
        let before = try Self.times(path)
        let last = Int64(before.count)
        var rng = SplitMix64(seed: 2)
        for _ in 0..<12 { _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test") }
        // Past the timeline, or to the head the log has gone on past: the replay answers.
        let past: [(ReplayLimit, ReplayLimit?)] = [(.seq(last - 5), nil), (.seq(last - 5), .seq(last + 2))]
        #expect(Self.agrees(path, past, "appended", answers: false) == 0)
        // Within the timeline it still answers.
        #expect(Self.agrees(path, [(.seq(3), .seq(last - 1))], "appended, within", answers: true) == 1)
        _ = try Rebuild(path: path).run(dryRun: false)
        let windows = Self.windows(try Self.times(path), count: 6, seed: 2)
        // Without the identity record (a replay writes it again: taken away before each window).
        let record = path + ".plings-cache/identity"
        let identity = fileBytes(record)
        for (from, to) in windows {
            try? FileManager.default.removeItem(atPath: record)
            #expect(PastDiff.answer(from: from, to: to, logPath: path) == nil, "no identity record")
        }
        writeBytes(identity, to: record)
        let timeline = try #require(SnapshotCache(logPath: path).timelineEntries().last).path
        let good = fileBytes(timeline)
        for _ in 0..<(Stress.enabled ? 40 : 8) {
            writeBytes(flippingOneBit(good, &rng), to: timeline)
            Self.agrees(path, windows, "flipped", answers: false)
        }
        writeBytes(good, to: timeline)
        #expect(Self.agrees(path, windows, "restored", answers: true) == windows.count)
    }
}
