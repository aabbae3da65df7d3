import Foundation
import PlingsDomain
import PlingsTestSupport
import PlingsViews
import Testing

@testable import PlingsKit

/// The stocktake walks the container's subtree and shortens each path as
/// history does; it lists what the definition lists (every thing not
/// archived below the container, oldest first), with the path history shows.
@Suite("Stocktake: the subtree, paths as history shows them")
struct StocktakeTests {
    let dir = TemporaryDirectory()

    /// A log with a chain o0 › o1 › … › o9 and then `random` random commands over those ten things.
    func randomWorld(seed: UInt64, random: Int) throws -> String {
        let path = dir.file("st\(seed).jsonl")
        let store = try makeStore(path)
        for k in 0..<10 { try store.execute(.create(oid("o\(k)"), name: "Sak \(k)"), actor: "test") }
        for k in 1..<10 {
            let placement = Placement(object: oid("o\(k)"), relation: .in, target: oid("o\(k - 1)"), axes: .both)
            try store.execute(.place(placement), actor: "test")
        }
        var rng = SplitMix64(seed: seed)
        for _ in 0..<random { _ = try? store.execute(Generators.command(objects: 10, &rng), actor: "test") }
        return path
    }

    /// The stocktake by its definition: each thing's ancestors walked, its whole path cut as history cuts it.
    static func byDefinition(_ world: WorldState, inside container: ObjectIndex) -> [String] {
        let parents = world.current.parents
        var rows: [(Int64, ObjectIndex, String)] = []
        for x in world.registry.indices where !world.status.isArchived(x) {
            guard container == .world || parents.isSelfOrAncestor(container, of: parents.parent(x)) else { continue }
            let (shown, elided) = HistoryText.shown(parents.path(to: x).reversed())
            let path = shown.reversed().map { world.registry.id($0).rawValue }.joined(separator: "/")
            rows.append((world.status.checked(x).seq, x, "\(world.registry.id(x)) \(path)\(elided ? " …" : "")"))
        }
        return rows.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    static func listed(_ list: StocktakeList) -> [String] {
        list.items.map { item in
            let path = item.current.path.map(\.id).joined(separator: "/")
            return "\(item.id) \(path)\(item.current.elided ? " …" : "")"
        }
    }

    @Test(
        "on random worlds with a chain ten deep: every container's list is the definition's, with and without the cache"
    )
    func equalsDefinition() throws {
        var elided = 0
        for (seed, random): (UInt64, Int) in [(1, 0), (2, 10), (3, 40), (4, 120)] {
            let path = try randomWorld(seed: seed, random: random)
            if seed.isMultiple(of: 2) { _ = try Rebuild(path: path).run(dryRun: false) }
            let world = try Query(path: path, useCache: false).world()
            for query in [Query(path: path), Query(path: path, useCache: false)] {
                #expect(Self.listed(try query.stocktake()) == Self.byDefinition(world, inside: .world))
                for x in world.registry.indices {
                    let list = try query.stocktake(inside: world.registry.id(x))
                    #expect(Self.listed(list) == Self.byDefinition(world, inside: x), "seed \(seed), inside \(x)")
                    elided += list.items.filter(\.current.elided).count
                }
            }
        }
        #expect(elided > 0, "some paths were deep enough to be shortened")
    }

    @Test("a shortened path reads as history's: the top two, …, the nearest three; the JSON says elided")
    func shortenedText() throws {
        let path = dir.file("chain.jsonl")
        try ShapeLog(.chain(depth: 9, bottomUp: false)).write(to: path)
        let list = try Query(path: path).stocktake(inside: oid(ShapeLog.chainID(0)))
        let deepest = try #require(list.items.first { $0.id.rawValue == ShapeLog.chainID(8) })
        #expect(deepest.current.elided && deepest.current.path.count == 5)
        #expect(deepest.current.pathText(.en) == "Länk 0 › Länk 1 › … › Länk 5 › Länk 6 › Länk 7")
        let shallow = try #require(list.items.first { $0.id.rawValue == ShapeLog.chainID(5) })
        #expect(
            !shallow.current.elided && shallow.current.pathText(.en) == "Länk 0 › Länk 1 › Länk 2 › Länk 3 › Länk 4")
        let json = JSONWriter.text { deepest.current.write(to: &$0) }
        #expect(json.contains("\"elided\":true"))
        #expect(!JSONWriter.text { shallow.current.write(to: &$0) }.contains("elided"))
    }
}
