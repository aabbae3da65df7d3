import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// The navigator's outline (`Query.outline`): without limits it lists the tree's own rows; with
/// them a page of a place's things and the levels below them breadth first, each thing with how
/// many it holds; read in place from the head snapshot it is the replayed world's.
@Suite("The tree's outline, a page and a few levels at a time")
struct TreeOutlineTests {
    let dir = TemporaryDirectory()

    static let unlimited = TreeOutline.Limits(page: .max / 4, rows: .max / 4, perThing: .max / 4)

    /// How many things each object holds on `axis` in `state`, archived ones left out.
    static func held(_ state: WorldState, _ axis: Axis) -> [ObjectIndex: Int] {
        var held: [ObjectIndex: Int] = [:]
        for x in state.registry.indices where !state.status.isArchived(x) {
            let p = state.projection(axis).parents.parent(x)
            if p != .world { held[p, default: 0] += 1 }
        }
        return held
    }

    @Test("without limits: the tree's rows, each with what it holds; with a place: its subtree below its own row")
    func unlimited() throws {
        let (path, _) = try writeLog(dir, extra: 300, seed: 5)
        let state = try HeadTreeTests.replayed(path)
        let query = Query(path: path, useCache: false)
        for axis in [Axis.current, .normal] {
            let held = Self.held(state, axis)
            let outline = try query.outline(axis: axis, limits: Self.unlimited)
            #expect(outline.items.map(\.row) == WorldTree(axis: axis, state: state).rows, "\(axis)")
            #expect(outline.items.allSatisfy { $0.shown == $0.contents }, "\(axis)")
            for item in outline.items {
                #expect(item.contents == held[state.registry.index(of: oid(item.row.id)) ?? .world, default: 0])
            }
            #expect(outline.total == outline.items.filter { $0.row.depth == 0 }.count && outline.place == nil)
            let box = try query.outline(axis: axis, of: oid("saltsjon"), limits: Self.unlimited)
            let subtree = HeadTreeTests.subtree(oid("saltsjon"), axis, state).rows
            #expect(box.place == subtree.first)
            #expect(box.items.map { $0.row.depth + 1 } == subtree.dropFirst().map(\.depth))
            #expect(box.items.map(\.row.id) == subtree.dropFirst().map(\.id))
            #expect(box.path.isEmpty && !box.elided && box.asOfSeq == state.lastSeq)
        }
        #expect(throws: DomainError.unknownObject(oid("no-such-thing"))) {
            try query.outline(of: oid("no-such-thing"))
        }
    }

    @Test("a box of 60 things: a page of them, the rows in all and the things below each cut, breadth first")
    func limits() throws {
        let path = dir.file("box.jsonl")
        let store = try Store(path: path)
        var commands: [Command] = [.create(oid("box"), name: "Box"), .create(oid("top"), name: "Top")]
        commands.append(place("box", .in, "top"))
        for k in 0..<60 {
            commands.append(.create(oid("t\(k)"), name: "Thing \(100 + k)"))
            commands.append(place("t\(k)", .in, "box"))
        }
        for k in 0..<4 {
            commands.append(.create(oid("s\(k)"), name: "Small \(k)"))
            commands.append(place("s\(k)", .on, "t1"))
        }
        _ = try store.executeBatch(commands, actor: "test", policy: .stop)
        let query = Query(path: path, useCache: false)
        let limits = TreeOutline.Limits(page: 25, rows: 40, perThing: 10)
        let world = try query.outline(limits: limits)
        // World › Top (1 thing) › Box (60 things, 10 shown) › Thing 100 … Thing 109, and Thing 101's four:
        // 16 rows; the box's eleventh thing is cut by `perThing`, not by the rows left.
        #expect(world.items.map(\.row.name).prefix(5) == ["Top", "Box", "Thing 100", "Thing 101", "Small 0"])
        #expect(world.items.map(\.shown) == [1, 10, 0, 4] + [Int](repeating: 0, count: 12))
        #expect(world.items[1].contents == 60 && world.items[3].contents == 4)
        let page = try query.outline(of: oid("box"), from: 50, limits: limits)
        #expect(page.total == 60 && page.from == 50 && page.place?.id == "box")
        #expect(page.path.map(\.id) == ["top"])
        #expect(page.items.filter { $0.row.depth == 0 }.map(\.row.name) == (150..<160).map { "Thing \($0)" })
        let first = try query.outline(of: oid("box"), limits: limits)
        // 25 things of the box, then what Thing 101 holds: 29 rows, under the 40.
        #expect(first.items.count == 29 && first.items[1].shown == 4 && first.items[2].row.name == "Small 0")
        let past = try query.outline(of: oid("box"), from: 999, limits: limits)
        #expect(past.items.isEmpty && past.from == 60)
        // Read in place after a rebuild: the same outlines.
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(try Query(path: path).outline(limits: limits) == world)
        #expect(try Query(path: path).outline(of: oid("box"), from: 50, limits: limits) == page)
    }

    @Test("read in place from the head snapshot: the replayed world's outline for places, pages and limits")
    func inPlace() throws {
        let generated = dir.file("gen.jsonl")
        _ = try SyntheticLog(events: 2000, objects: 600, seed: 3).write(to: generated)
        let sub = TemporaryDirectory()
        let (random, _) = try writeLog(sub, extra: 300, seed: 3)
        for path in [generated, random] {
            _ = try Rebuild(path: path).run(dryRun: false)
            let state = try HeadTreeTests.replayed(path)
            var rng = SplitMix64(seed: 3)
            let places: [ObjectID?] = [nil] + HeadTreeTests.roots(state, &rng).dropLast()
            let limits = [TreeOutline.Limits(), .init(page: 7, rows: 30, perThing: 3), .init(page: 1, rows: 1)]
            for axis in [Axis.current, .normal] {
                for place in places {
                    for (limit, from) in zip(limits, [0, 5, 2]) {
                        let read = try Query(path: path).outline(axis: axis, of: place, from: from, limits: limit)
                        let replayed = try Query(path: path, useCache: false).outline(
                            axis: axis, of: place, from: from, limits: limit, in: state, at: nil)
                        #expect(read == replayed, "\(path) \(axis) \(String(describing: place)) \(from)")
                    }
                }
            }
            #expect(HeadOutline.answer(axis: .current, place: nil, from: 0, limits: .init(), logPath: path) != nil)
            #expect(throws: DomainError.unknownObject(oid("no-such-thing"))) {
                try Query(path: path).outline(of: oid("no-such-thing"))
            }
        }
    }
}
