import PlingsDomain
import PlingsTestSupport
import Testing

@Suite("Invariants over random command sequences")
struct PropertyTests {
    /// A random world under construction: the state, and every event with the state just before it (for undo).
    struct World {
        var state = WorldState()
        var events: [(event: Event, before: WorldState)] = []

        /// The next command: mostly from the generator, sometimes an undo of a random earlier event.
        mutating func next(_ rng: inout SplitMix64, objects: Int) -> Command? {
            if !events.isEmpty && Int.random(in: 0..<12, using: &rng) == 0 {
                let k = Int.random(in: 0..<events.count, using: &rng)
                switch UndoBasis.make(undoing: [events[k].event], before: events[k].before) {
                case .success(let basis): return .undo(basis)
                case .failure: return nil
                }
            }
            return Generators.command(objects: objects, &rng)
        }

        /// Decides and applies `command` both ways (resolving each event again,
        /// as replay does, and with the decider's resolved events, as an append
        /// does) and returns the events with their effects, or the problem when the two differ.
        @discardableResult
        mutating func step(_ command: Command) throws -> [(Event, [Effect])] {
            var fast = state
            let decision = try Decider.decision(command, state: state)
            var out: [(Event, [Effect])] = []
            for (payload, resolved) in zip(decision.events, decision.resolved) {
                let event = Event(
                    seq: state.lastSeq + 1, at: Timestamp(milliseconds: 1_800_000_000_000 + state.lastSeq * 1000),
                    payload: payload)
                events.append((event, state))
                var effects: [Effect] = []
                #expect(state.apply(event, effects: &effects) == nil, "decided event skipped on replay: \(event)")
                var none = EffectLog(recording: false)
                fast.apply(event, resolved: resolved, effects: &none)
                out.append((event, effects))
            }
            #expect(fast == state, "applying resolved events differs from replaying them: \(command)")
            return out
        }
    }

    @Test(
        "after every event: a forest per axis, sibling-only positional edges, one per axis, no world in the archive",
        arguments: 0..<40)
    func invariants(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var world = World()
        var history: [Command] = []
        for _ in 0..<400 {
            guard let command = world.next(&rng, objects: 14) else { continue }
            history.append(command)
            do { try world.step(command) } catch is DomainError { continue }
            let problems = Invariants.violations(world.state)
            if !problems.isEmpty {
                let shrunk = shrink(history)
                Issue.record("seed \(seed): \(problems); shrunk sequence (\(shrunk.count) commands): \(shrunk)")
                return
            }
        }
        #expect(world.state.registry.count > 5)
    }

    @Test("a refused command changes nothing, and an unchanged one appends nothing")
    func refusedChangesNothing() throws {
        let seed: UInt64 = 99
        var rng = SplitMix64(seed: seed)
        var world = World()
        var refused = 0
        var unchanged = 0
        for _ in 0..<3000 {
            guard let command = world.next(&rng, objects: 10) else { continue }
            let before = world.state
            do {
                if try world.step(command).isEmpty {
                    unchanged += 1
                    #expect(world.state == before)
                }
            } catch is DomainError {
                refused += 1
                #expect(world.state == before, "seed \(seed): \(command)")
            }
        }
        #expect(refused > 100, "seed \(seed)")
        #expect(unchanged > 20, "seed \(seed)")
    }

    @Test("each relation, axis choice, verb and refusal kind occurs in the generated sequences")
    func coverage() throws {
        let seed: UInt64 = 5
        var rng = SplitMix64(seed: seed)
        var world = World()
        var relations = Set<Relation>()
        var cascades = 0
        var types = Set<String>()
        var errors = Set<String>()
        for _ in 0..<6000 {
            guard let command = world.next(&rng, objects: 12) else { continue }
            do {
                let steps = try world.step(command)
                if case .place(let p) = command { relations.insert(p.relation) }
                for (event, effects) in steps {
                    types.insert(event.payload.typeName)
                    for case .positionalRemoved(_, _, _, because: .referenceMoved) in effects { cascades += 1 }
                }
                if case .undo = command, !steps.isEmpty { types.insert("undo") }
            } catch let error as DomainError {
                errors.insert("\(error)".components(separatedBy: "(")[0])
            }
        }
        #expect(relations == Set(Relation.allCases), "seed \(seed)")
        #expect(cascades > 20, "seed \(seed)")
        #expect(types == ["created", "renamed", "placed", "returned", "seen", "archived", "restored", "lent", "undo"])
        #expect(
            errors.isSuperset(of: [
                "unknownObject", "duplicateID", "selfPlacement", "cycle", "relationAgainstWorld", "archived",
                "archivedID", "notArchived", "notEmpty",
            ]), "seed \(seed): \(errors)")
    }

    /// Drops commands one by one while the failure persists: a smaller sequence to read.
    func shrink(_ commands: [Command]) -> [Command] {
        var current = commands
        var index = 0
        while index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if fails(candidate) { current = candidate } else { index += 1 }
        }
        return current
    }

    func fails(_ commands: [Command]) -> Bool {
        var world = World()
        for command in commands {
            do { try world.step(command) } catch { continue }
            if !Invariants.violations(world.state).isEmpty { return true }
        }
        return false
    }
}
