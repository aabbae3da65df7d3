import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// Plain undo walks back through the actor's steps and redo walks forward
/// again (`UndoWalk`, `UndoLookup.plan`), on logs of random moves and renames
/// with another actor's changes and sightings between them.
@Suite("Undo walks back, redo walks forward")
struct UndoWalkTests {
    static let things = ["t0", "t1", "t2", "t3"].map(oid)
    static let rooms = ["r0", "r1", "r2"].map(oid)

    /// My things' names and places on both axes.
    static func world(_ state: WorldState) -> [String] {
        things.map { id in
            guard let x = state.registry.index(of: id) else { return "\(id) missing" }
            let places = Axis.allCases.map { AxisLocation($0, x, in: state) }
            return "\(state.registry.name(x)) \(places.map { "\($0.parentRelation) \($0.parent?.rawValue ?? "-")" })"
        }
    }

    /// A random move or rename of one of my things (nil when it would change nothing).
    static func step(_ store: Store, _ rng: inout SplitMix64) throws -> Bool {
        let thing = things[Int.random(in: 0..<things.count, using: &rng)]
        let command: Command
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: command = .rename(thing, name: "n\(Int.random(in: 0..<3, using: &rng))")
        case 1: command = .returnHome(thing)
        default:
            let room = rooms[Int.random(in: 0..<rooms.count, using: &rng)]
            let axes = [AxisSet.both, .current, .normal][Int.random(in: 0..<3, using: &rng)]
            command = .place(Placement(object: thing, relation: .in, target: room, axes: axes))
        }
        return try !store.execute(command, actor: "me").events.isEmpty
    }

    @Test("k undos give the world before my last k steps, k redos the world after them", arguments: 1...12)
    func walk(seed: Int) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let store = try makeStore(path)
        for id in Self.rooms + Self.things + [oid("other")] { try store.execute(.create(id, name: id.rawValue)) }
        var rng = SplitMix64(seed: UInt64(seed))
        var worlds = [Self.world(store.state)]
        let steps = Int.random(in: 2...14, using: &rng)
        while worlds.count <= steps {
            if try Self.step(store, &rng) { worlds.append(Self.world(store.state)) }
            // Another actor's change and my sighting come between; neither is a step of mine.
            let room = Self.rooms[Int.random(in: 0..<Self.rooms.count, using: &rng)]
            try store.execute(.place(Placement(object: oid("other"), relation: .in, target: room, axes: .both)))
            try store.execute(.seen(Self.things[0]), actor: "me")
        }
        let back = Int.random(in: 1...steps, using: &rng)
        for k in 1...back {
            let plan = try UndoLookup.plan(.back, actor: "me", path: path)
            try store.execute(.undo(plan.basis), actor: "me")
            #expect(Self.world(store.state) == worlds[steps - k], "seed \(seed): undo \(k) of \(back)")
        }
        let forward = Int.random(in: 1...back, using: &rng)
        for k in 1...forward {
            let plan = try UndoLookup.plan(.forward, actor: "me", path: path)
            try store.execute(.undo(plan.basis), actor: "me")
            #expect(Self.world(store.state) == worlds[steps - back + k], "seed \(seed): redo \(k) of \(forward)")
        }
        if forward == back {
            #expect(throws: DomainError.cannotUndo(seq: 0, .nothingToRedo)) {
                try UndoLookup.plan(.forward, actor: "me", path: path)
            }
        }
        // A new step of mine ends what redo brings back; undo goes on walking back from it.
        while try !Self.step(store, &rng) {}
        #expect(throws: DomainError.cannotUndo(seq: 0, .nothingToRedo)) {
            try UndoLookup.plan(.forward, actor: "me", path: path)
        }
        let latest = Self.world(store.state)
        try store.execute(.undo(try UndoLookup.plan(.back, actor: "me", path: path).basis), actor: "me")
        try store.execute(.undo(try UndoLookup.plan(.forward, actor: "me", path: path).basis), actor: "me")
        #expect(Self.world(store.state) == latest)
    }

    @Test("each step names the person's own event, also when it is redone and undone again")
    func named() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let store = try makeStore(path)
        for id in Self.rooms + Self.things { try store.execute(.create(id, name: id.rawValue)) }
        let move = Placement(object: Self.things[0], relation: .in, target: Self.rooms[1], axes: .both)
        let moved = try store.execute(.place(move), actor: "me").events[0].seq
        try store.execute(.rename(Self.things[0], name: "Bord"), actor: "me")
        let walk: [(UndoLookup.Request, Int64)] = [
            (.back, moved + 1), (.back, moved), (.forward, moved), (.back, moved),
        ]
        for (request, named) in walk {
            let plan = try UndoLookup.plan(request, actor: "me", path: path)
            #expect(plan.named.seq == named)
            if named == moved { #expect(plan.named.payload == .placed(move)) }
            try store.execute(.undo(plan.basis), actor: "me")
        }
        #expect(throws: DomainError.cannotUndo(seq: 0, .nothingByActor)) {
            try UndoLookup.plan(.back, actor: "someone else", path: path)
        }
    }
}
