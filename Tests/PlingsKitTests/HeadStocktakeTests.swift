import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `stocktake C` at the head read from the head snapshot (`HeadStocktake`)
/// must give what the fully loaded world gives, for every container and
/// time; and when events after the snapshot, damage or a missing identity
/// could make it wrong, it must give way to the full path (nil), never
/// answer wrongly.
@Suite("stocktake at the head, read from the head snapshot")
struct HeadStocktakeTests {
    let dir = TemporaryDirectory()

    /// Containers to take stock of in `state`: some that hold things (the
    /// fullest among them), a thing that holds nothing, and times to ask since.
    static func asks(_ state: WorldState, _ rng: inout SplitMix64) -> [(ObjectID, Timestamp?)] {
        var held = [Int](repeating: 0, count: state.registry.count)
        for x in state.registry.indices {
            let p = state.current.parents.parent(x)
            if p != .world { held[Int(p)] += 1 }
        }
        let holders = state.registry.indices.filter { held[Int($0)] > 0 }
        var containers = holders.sorted { held[Int($0)] > held[Int($1)] }.prefix(2).map { $0 }
        for _ in 0..<4 where !holders.isEmpty {
            containers.append(holders[Int.random(in: 0..<holders.count, using: &rng)])
        }
        if let empty = state.registry.indices.first(where: { held[Int($0)] == 0 }) { containers.append(empty) }
        let last = state.status.checked(ObjectIndex(state.registry.count - 1)).at
        return containers.flatMap { x -> [(ObjectID, Timestamp?)] in
            let id = state.registry.id(x)
            return [(id, nil), (id, Timestamp(milliseconds: last / 2 + Int64.random(in: 0...(last / 2), using: &rng)))]
        }
    }

    /// The state of the log at `path` by a replay, without any cache.
    static func replayed(_ path: String) throws -> WorldState {
        try Timeline(path: path, useSnapshots: false).state().state
    }

    /// Every ask's answer is the full path's (the world `state`, replayed once), or nil (gave way);
    /// returns how many answered.
    static func neverWrong(_ path: String, _ asks: [(ObjectID, Timestamp?)], _ state: WorldState) throws -> Int {
        let full = Query(path: path, useCache: false, head: state)
        var answered = 0
        for (container, since) in asks {
            switch HeadStocktake.answer(inside: container, since: since, logPath: path) {
            case .found(let list, let seq, _):
                #expect(
                    list == (try full.stocktake(inside: container, since: since)),
                    "\(container) \(String(describing: since))")
                #expect(seq == state.lastSeq)
                answered += 1
            case .unknown:
                #expect(state.registry.index(of: container) == nil, "\(container) is there")
                answered += 1
            case nil: continue
            }
        }
        return answered
    }

    @Test(
        "generated logs and a log of random commands: every answer is the full world's",
        arguments: Stress.enabled ? [3, 5, 7] : [3])
    func agrees(seed: Int) throws {
        for (path, state) in try rebuiltHeadLogs(dir, seed: seed) {
            var rng = SplitMix64(seed: UInt64(seed))
            let asks = Self.asks(state, &rng) + [(oid("no-such-thing"), nil)]
            #expect(try Self.neverWrong(path, asks, state) == asks.count, "\(path): every stocktake answers in place")
            // Query.stocktake takes this path at the head: same answer as a replay.
            for (container, since) in asks.prefix(4) {
                #expect(
                    try Query(path: path).stocktake(inside: container, since: since)
                        == (try Query(path: path, useCache: false, head: state).stocktake(
                            inside: container, since: since)))
            }
            #expect(throws: DomainError.unknownObject(oid("no-such-thing"))) {
                try Query(path: path).stocktake(inside: oid("no-such-thing"))
            }
        }
    }

    @Test("events after the snapshot: what touches the subtree gives way, others still answer")
    func afterAppends() throws {
        let (path, store) = try writeLog(dir)
        for command in HeadCardTests.boxAndLamp { try store.execute(command) }
        _ = try Rebuild(path: path).run(dryRun: false)
        let asks: [(ObjectID, Timestamp?)] = [
            (oid("vardagsrummet"), nil), (oid("lillstugan"), nil), (oid("saltsjon"), nil), (oid("koksbordet"), nil),
        ]
        func answers(_ container: String) -> Bool {
            HeadStocktake.answer(inside: oid(container), since: nil, logPath: path) != nil
        }
        // A thing made elsewhere: every stocktake still answers, as of the new head.
        try store.execute(.create(oid("pen"), name: "Penna"))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) == asks.count)
        // Put into Lillstugan: its stocktake and Saltsjön's give way, Vardagsrummet's answers.
        try store.execute(.place(Placement(object: oid("pen"), relation: .in, target: oid("koksbordet"), axes: .both)))
        #expect(!answers("lillstugan") && !answers("saltsjon") && !answers("koksbordet"))
        #expect(answers("vardagsrummet"))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) == 1)
        _ = try Rebuild(path: path).run(dryRun: false)
        // A thing seen: the stocktakes it is in give way (its last handling changed).
        try store.execute(.seen(oid("box")))
        #expect(!answers("vardagsrummet") && !answers("saltsjon") && answers("lillstugan"))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) == 2)
        _ = try Rebuild(path: path).run(dryRun: false)
        // Something placed against a thing inside (its place reads "Under den"), from elsewhere.
        try store.execute(.place(Placement(object: oid("pen"), relation: .leftOf, target: oid("yTvK"), axes: .current)))
        #expect(!answers("koksbordet"))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) >= 0)
        _ = try Rebuild(path: path).run(dryRun: false)
        // A container above moved: the paths change, every stocktake below gives way.
        try store.execute(
            .place(Placement(object: oid("lillstugan"), relation: .in, target: oid("vardagsrummet"), axes: .current)))
        #expect(!answers("koksbordet") && !answers("lillstugan"))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) >= 0)
        _ = try Rebuild(path: path).run(dryRun: false)
        // A return may bring a thing in from anywhere: every stocktake gives way.
        try store.execute(.returnHome(oid("lillstugan")))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) == 0)
        _ = try Rebuild(path: path).run(dryRun: false)
        // A container made after the snapshot is unknown to it: gives way, never "unknown".
        try store.execute(.create(oid("bag"), name: "Väska"))
        #expect(!answers("bag"))
        #expect(try Self.neverWrong(path, [(oid("bag"), nil)], try Self.replayed(path)) == 0)
        // An archive: every stocktake gives way.
        try store.execute(.archive(oid("pen"), note: nil, withContents: false))
        #expect(try Self.neverWrong(path, asks, try Self.replayed(path)) == 0)
    }

    @Test("a damaged head snapshot or no identity record: stocktake gives way, never a wrong answer")
    func damage() throws {
        let (path, state) = try rebuiltDamageLog(dir)
        var rng = SplitMix64(seed: 9)
        let asks = Array(Self.asks(state, &rng).prefix(6))
        let damage = try damagingHeadSnapshot(path, &rng) { try Self.neverWrong(path, asks, state) }
        expectGivesWay(damage, all: asks.count)
    }
}
