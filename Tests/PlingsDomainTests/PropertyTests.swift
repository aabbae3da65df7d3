import PlingsDomain
import PlingsTestSupport
import Testing

@Suite("Invariants over random command sequences")
struct PropertyTests {
    @Test(
        "after every event: a forest per axis, positional edges only between siblings, one per axis", arguments: 0..<40)
    func invariants(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var state = WorldState()
        var history: [Command] = []
        for _ in 0..<400 {
            let command = Generators.command(objects: 14, &rng)
            history.append(command)
            do { try Replay.step(command, &state) } catch is DomainError { continue }
            let problems = Invariants.violations(state)
            if !problems.isEmpty {
                let shrunk = shrink(history)
                Issue.record("seed \(seed): \(problems); shrunk sequence (\(shrunk.count) commands): \(shrunk)")
                return
            }
        }
        #expect(state.registry.count > 5)
    }

    @Test("a refused command changes nothing")
    func refusedChangesNothing() throws {
        var rng = SplitMix64(seed: 99)
        var state = WorldState()
        var refused = 0
        for _ in 0..<3000 {
            let command = Generators.command(objects: 10, &rng)
            let before = state
            do { try Replay.step(command, &state) } catch is DomainError {
                refused += 1
                #expect(state == before)
            }
        }
        #expect(refused > 100)
    }

    @Test("each relation, axis choice and refusal kind occurs in the generated sequences")
    func coverage() throws {
        var rng = SplitMix64(seed: 5)
        var state = WorldState()
        var relations = Set<Relation>()
        var cascades = 0
        var errors = Set<String>()
        for _ in 0..<5000 {
            let command = Generators.command(objects: 12, &rng)
            do {
                let steps = try Replay.step(command, &state)
                if case .place(let p) = command { relations.insert(p.relation) }
                for (_, effects) in steps {
                    for case .positionalRemoved(_, _, _, because: .referenceMoved) in effects { cascades += 1 }
                }
            } catch let error as DomainError {
                errors.insert("\(error)".components(separatedBy: "(")[0])
            }
        }
        #expect(relations.count == 8)
        #expect(cascades > 20)
        #expect(
            errors.isSuperset(of: ["unknownObject", "duplicateID", "selfPlacement", "cycle", "relationAgainstWorld"]))
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
        var state = WorldState()
        for command in commands {
            do { try Replay.step(command, &state) } catch { continue }
            if !Invariants.violations(state).isEmpty { return true }
        }
        return false
    }
}
