import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// The head index (what each object holds, written by `rebuild` beside the
/// head snapshot) must give every view of one box the answer the replay
/// gives, as the views give without it (an older build's cache has none);
/// an index that is damaged, of another snapshot or missing must never make
/// an answer wrong: it is not used, or the view gives way to the full path.
@Suite("The head index: a box's things and the folded names read from it")
struct HeadIndexTests {
    let dir = TemporaryDirectory()

    /// The head index file of the log at `path`.
    static func indexFile(_ path: String) throws -> String {
        try #require(SnapshotCache(logPath: path).indexEntries().last).path
    }

    /// Every view of a box (`tree X` on both axes, `away --in C`, `stocktake C`, the outline of
    /// the `/tree` page, the boxes' cards) and `find` asked at the head in place: each answer is the replay's; returns how many answered.
    static func boxViews(_ path: String, _ state: WorldState, seed: UInt64) throws -> Int {
        var rng = SplitMix64(seed: seed)
        let roots = HeadTreeTests.roots(state, &rng)
        var answered = HeadTreeTests.subtreesNeverWrong(path, roots, state)
        answered += HeadAwayTests.neverWrong(path, state, inside: roots)
        answered += try HeadStocktakeTests.neverWrong(path, HeadStocktakeTests.asks(state, &rng), state)
        answered += try HeadFindTests.neverWrong(path, HeadFindTests.texts(state, &rng), state)
        let full = Query(path: path, useCache: false)
        let limits = TreeOutline.Limits(page: 7, rows: 30, perThing: 3)
        for place in [nil] + roots.dropLast() {
            for axis in [Axis.current, .normal] {
                let read = HeadOutline.answer(axis: axis, place: place, from: 0, limits: limits, logPath: path)
                guard case .outline(let outline) = read else { continue }
                let replayed = try full.outline(axis: axis, of: place, from: 0, limits: limits, in: state, at: nil)
                #expect(outline == replayed, "outline of \(String(describing: place)) \(axis)")
                answered += 1
            }
        }
        for root in roots {
            guard let x = state.registry.index(of: root), let card = HeadCardTests.lazy(root.rawValue, path) else {
                continue
            }
            #expect(card == Card(x, state: state), "card of \(root)")
            answered += 1
        }
        return answered
    }

    /// How many answers `boxViews` asks for.
    static func asked(_ state: WorldState, seed: UInt64) -> Int {
        var rng = SplitMix64(seed: seed)
        let roots = HeadTreeTests.roots(state, &rng)
        let asks = HeadStocktakeTests.asks(state, &rng)
        let texts = HeadFindTests.texts(state, &rng)
        let cards = roots.filter { state.registry.index(of: $0) != nil }.count
        return 4 * roots.count + (1 + 2 * roots.count) + asks.count + 2 * texts.count + 2 * roots.count + cards
    }

    @Test(
        "generated, random and loan logs: with the index and without, a box's views and find are the replay's",
        arguments: Stress.enabled ? [3, 5, 7] : [3])
    func agrees(seed: Int) throws {
        let (genDir, randomDir, loansDir) = (TemporaryDirectory(), TemporaryDirectory(), TemporaryDirectory())
        let generated = genDir.file("gen.jsonl")
        _ = try SyntheticLog(
            events: Stress.enabled ? 24000 : 1500, objects: Stress.enabled ? 6000 : 400, seed: UInt64(seed)
        ).write(to: generated)
        let (random, _) = try writeLog(randomDir, extra: Stress.enabled ? 300 : 120, seed: UInt64(seed))
        let (loans, _) = try LoanTimelineTests.loanLog(loansDir)
        for path in [generated, random, loans] {
            _ = try Rebuild(path: path).run(dryRun: false)
            let state = try Timeline(path: path, useSnapshots: false).state().state
            let cache = SnapshotCache(logPath: path)
            #expect(cache.indexEntries().count == 1, "\(path): rebuild leaves one index")
            #expect(cache.headIndexOpens(), "\(path): the index is read")
            let all = Self.asked(state, seed: UInt64(seed))
            #expect(try Self.boxViews(path, state, seed: UInt64(seed)) == all, "\(path): with the index")
            // A cache an older build wrote: no index, the same answers from the snapshot's columns.
            try FileManager.default.removeItem(atPath: try Self.indexFile(path))
            #expect(!cache.headIndexOpens())
            #expect(try Self.boxViews(path, state, seed: UInt64(seed)) == all, "\(path): without the index")
        }
    }

    @Test("after appends: a seen still answers from the index as of the new head, a move gives way")
    func afterAppends() throws {
        let (path, store) = try writeLog(dir)
        for command in HeadCardTests.boxAndLamp + HeadCardTests.things(30, inBox: "box", name: { "Sak \($0)" }) {
            try store.execute(command)
        }
        _ = try Rebuild(path: path).run(dryRun: false)
        try store.execute(.seen(oid("t3")))
        var state = try Timeline(path: path, useSnapshots: false).state().state
        #expect(SnapshotCache(logPath: path).headIndexOpens())
        // Never wrong (a stocktake of what holds t3 gives way: a seen changes it).
        #expect(try Self.boxViews(path, state, seed: 4) > 0)
        #expect(HeadTreeTests.inPlace(path, .current, root: oid("box"))?.asOfSeq == state.lastSeq)
        #expect(HeadAwayTests.inPlace(path, inside: oid("box"))?.asOfSeq == state.lastSeq)
        // A move after the snapshot: the tree and away give way, the replay answers the same.
        try store.execute(.place(Placement(object: oid("t4"), relation: .in, target: oid("lamp"), axes: .current)))
        state = try Timeline(path: path, useSnapshots: false).state().state
        #expect(HeadTreeTests.inPlace(path, .current, root: oid("box")) == nil)
        #expect(HeadAwayTests.inPlace(path, inside: oid("box")) == nil)
        #expect(try Query(path: path).tree(of: oid("box")) == HeadTreeTests.subtree(oid("box"), .current, state))
    }

    @Test("a damaged index, one of another snapshot, or cut short: not used or the view gives way, never wrong")
    func damage() throws {
        let (path, state) = try rebuiltDamageLog(dir)
        let file = try Self.indexFile(path)
        let good = fileBytes(file)
        let all = Self.asked(state, seed: 5)
        var rng = SplitMix64(seed: 6)
        var roots = HeadTreeTests.roots(state, &rng)
        roots = Array(roots.prefix(3))
        // A few subtrees and texts (the whole set once the index is good again).
        func some() throws -> Int {
            HeadTreeTests.subtreesNeverWrong(path, roots, state)
                + (try HeadFindTests.neverWrong(path, ["a", "sak"], state))
        }
        let asked = 4 * roots.count + 4
        var (unused, gaveWay) = (0, 0)
        for k in 0..<(Stress.enabled ? 64 : 6) {
            // Every other flip in the header (read whole), the rest anywhere in the body.
            var bytes = good
            let at = k % 2 == 0 ? Int(rng.next() % 400) : 400 + Int(rng.next() % UInt64(good.count - 400))
            bytes[at] ^= UInt8(1) << (rng.next() % 8)
            writeBytes(bytes, to: file)
            if !SnapshotCache(logPath: path).headIndexOpens() { unused += 1 }
            if try some() < asked { gaveWay += 1 }
        }
        #expect(unused > 0 && gaveWay > 0, "\(unused) not used, \(gaveWay) gave way")
        writeBytes(Array(good.dropLast(100)), to: file)
        #expect(!SnapshotCache(logPath: path).headIndexOpens(), "cut short")
        #expect(try Self.boxViews(path, state, seed: 5) == all, "cut short: the views read the columns")
        // An older rebuild's index under the new head's name: of another snapshot, not used.
        let store = try makeStore(path)
        try store.execute(.seen(state.registry.id(0)))
        _ = try Rebuild(path: path).run(dryRun: false)
        let newer = try Self.indexFile(path)
        #expect(newer != file)
        writeBytes(good, to: newer)
        #expect(!SnapshotCache(logPath: path).headIndexOpens(), "an index of another snapshot")
        let now = try Timeline(path: path, useSnapshots: false).state().state
        #expect(try Self.boxViews(path, now, seed: 5) == Self.asked(now, seed: 5))
        writeBytes(good, to: file)
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(!FileManager.default.fileExists(atPath: file), "rebuild removes an index it did not write")
        #expect(SnapshotCache(logPath: path).headIndexOpens())
    }
}
