import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// Differential stress of the head card after appends (PLINGS_STRESS only).
@Suite("Head card after appends, stress")
struct HeadCardStressTests {
    static func command(_ ids: [ObjectID], _ k: Int, archives: Bool = false, _ rng: inout SplitMix64) -> Command {
        let x = ids[Int.random(in: 0..<ids.count, using: &rng)]
        let y = ids[Int.random(in: 0..<ids.count, using: &rng)]
        let axes = [AxisSet.current, .normal, .both][Int.random(in: 0..<3, using: &rng)]
        let relation = Relation.allCases[Int.random(in: 0..<Relation.allCases.count, using: &rng)]
        switch Int.random(in: 0..<(archives ? 24 : 20), using: &rng) {
        case 20, 21: return .archive(x, note: nil, withContents: Bool.random(using: &rng))
        case 22, 23: return .restore(x, relation: relation, target: Bool.random(using: &rng) ? nil : y)
        case 0: return .rename(x, name: "Omdöpt \(k)")
        case 1: return .seen(x)
        case 2, 3: return .returnHome(x)
        case 4: return .returnAll(inside: Bool.random(using: &rng) ? nil : y)
        case 5: return .create(ObjectID(unchecked: "n\(k)"), name: "Ny \(k)")
        case 6: return .place(Placement(object: x, relation: .in, target: nil, axes: axes))
        default: return .place(Placement(object: x, relation: relation, target: y, axes: axes))
        }
    }

    @Test(
        "random appends after a rebuild: every card, at the head and at every point of the tail",
        .enabled(if: Stress.enabled, "PLINGS_STRESS is not set"))
    func randomTails() throws {
        let seeds = Stress.setting("SEEDS", 200)
        var answered = 0
        for seed in 0..<seeds {
            let dir = TemporaryDirectory()
            let path = dir.file("s.jsonl")
            let store = try Store(path: path)
            var rng = SplitMix64(seed: UInt64(seed) &+ 7777)
            let n = Int.random(in: 3...9, using: &rng)
            var ids = (0..<n).map { ObjectID(unchecked: "o\($0)") }
            for id in ids { try store.execute(.create(id, name: "Sak \(id.rawValue)")) }
            var done = 0
            while done < 25 {
                if (try? store.execute(Self.command(ids, 1000 + done, archives: true, &rng))) != nil { done += 1 }
            }
            _ = try Rebuild(path: path).run(dryRun: false)
            let headSeq = store.cursor.lastSeq
            for step in 0..<12 {
                let c = Self.command(ids, step, &rng)
                guard (try? store.execute(c)) != nil else { continue }
                if case .create(let id, _) = c { ids.append(id) }
                let full = try Timeline(path: path, useSnapshots: false).state().state
                for x in full.registry.indices {
                    let id = full.registry.id(x)
                    guard let answer = HeadCard.answer(id, logPath: path) else { continue }
                    answered += 1
                    #expect(answer == .card(Card(x, state: full)), "seed \(seed) step \(step) \(id) after \(c)")
                }
                let last = full.lastSeq
                let p = Int64.random(in: headSeq...last, using: &rng)
                let past = try Timeline(path: path, useSnapshots: false).state(at: .seq(p)).state
                for x in past.registry.indices {
                    let id = past.registry.id(x)
                    guard let answer = HeadCard.answer(id, logPath: path, at: .seq(p)) else { continue }
                    #expect(answer == .card(Card(x, state: past)), "seed \(seed) step \(step) \(id) at \(p)")
                }
                let t = try Timeline(path: path, useSnapshots: false).state(at: .seq(p)).state.lastAt
                let atT = try Timeline(path: path, useSnapshots: false).state(at: .time(t)).state
                for x in atT.registry.indices {
                    let id = atT.registry.id(x)
                    guard let answer = HeadCard.answer(id, logPath: path, at: .time(t)) else { continue }
                    #expect(answer == .card(Card(x, state: atT)), "seed \(seed) step \(step) \(id) at time \(t)")
                }
            }
        }
        #expect(answered > 0)
    }
}

extension HeadCardStressTests {
    /// PLINGS_STRESS_LOG: a copy of a large log (rebuilt here); appends random commands about
    /// a few related objects and checks the cards around them and random others.
    @Test(
        "a large log: cards around random appends",
        .enabled(if: Stress.text("LOG") != nil, "PLINGS_STRESS_LOG names no log"))
    func largeLog() throws {
        let path = try #require(Stress.text("LOG"))
        _ = try Rebuild(path: path).run(dryRun: false)
        let store = try Store(path: path)
        var rng = SplitMix64(seed: 4242)
        let n = store.state.registry.count
        // A neighbourhood: a few objects and their parents and children on both axes.
        var hood: [ObjectID] = []
        for _ in 0..<30 {
            let x = ObjectIndex(Int.random(in: 0..<n, using: &rng))
            hood.append(store.state.registry.id(x))
            for axis in [Axis.current, .normal] {
                let p = store.state.projection(axis).parents.edge(x).parent
                if p != .world { hood.append(store.state.registry.id(p)) }
            }
        }
        var checked = 0
        var answered = 0
        let rounds = Stress.setting("ROUNDS", 40)
        for round in 0..<rounds {
            var done = 0
            while done < 5 {
                if (try? store.execute(Self.command(hood, 5000 + round * 10 + done, &rng))) != nil { done += 1 }
            }
            let full = try Timeline(path: path).state().state
            var ids = Set(hood.map(\.rawValue))
            for id in hood {
                guard let x = full.registry.index(of: id) else { continue }
                for axis in [Axis.current, .normal] {
                    for c in full.projection(axis).parents.children(of: x) { ids.insert(full.registry.id(c).rawValue) }
                    for s in full.projection(axis).positional.inbound(x) { ids.insert(full.registry.id(s).rawValue) }
                }
            }
            for _ in 0..<50 { ids.insert(full.registry.id(ObjectIndex(Int.random(in: 0..<n, using: &rng))).rawValue) }
            for id in ids {
                guard let x = full.registry.index(of: ObjectID(unchecked: id)) else { continue }
                checked += 1
                guard let answer = HeadCard.answer(ObjectID(unchecked: id), logPath: path) else { continue }
                answered += 1
                #expect(answer == .card(Card(x, state: full)), "round \(round) \(id)")
            }
        }
        #expect(answered > 0, "\(answered) of \(checked) cards answered in place")
    }
}
