import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// Diagonal relations through sync: a push that carries one says protocol 3, every other push keeps its version.
@Suite("Sync of diagonal relations")
struct DiagonalSyncTests {
    @Test("a device's diagonal placement reaches the hub as protocol 3 and converges; plain pushes stay protocol 1")
    func diagonalPush() throws {
        let (world, hub) = try VerbSyncTests.world()
        let t = Timestamp(milliseconds: 1_900_000_000_000)
        try world.devices[0].enqueue(
            [.place(Placement(object: oid("cup"), relation: .in, target: oid("room"), axes: .both))], at: t)
        let plain = VerbSyncTests.Recording(world.transport)
        #expect(try SyncClient(device: world.devices[0], transport: plain).sync().refused.isEmpty)
        #expect(plain.headers.first { $0.op == "push" }?.protocol == 1)
        try world.devices[0].enqueue(
            [
                .place(Placement(object: oid("key"), relation: .in, target: oid("room"), axes: .both)),
                .place(Placement(object: oid("key"), relation: .behindLeftOf, target: oid("cup"), axes: .both)),
            ], at: t)
        let diagonal = VerbSyncTests.Recording(world.transport)
        #expect(try SyncClient(device: world.devices[0], transport: diagonal).sync().refused.isEmpty)
        #expect(diagonal.headers.first { $0.op == "push" }?.protocol == 3)
        #expect(diagonal.headers.filter { $0.op != "push" }.allSatisfy { $0.protocol == 1 })
        for k in 0..<2 { _ = try world.sync(k) }
        try hub.refresh()
        let state = hub.state
        let key = try #require(state.registry.index(of: oid("key")))
        let cup = try #require(state.registry.index(of: oid("cup")))
        #expect(state.current.positional.outbound(key) == PositionalEdge(.behindLeftOf, cup))
        #expect(state.normal.positional.outbound(key) == PositionalEdge(.behindLeftOf, cup))
        try ConvergenceTests.check(world, seed: 3)
    }

    @Test("a diagonal's wire form round-trips and needs protocol 3; the other relations do not")
    func wireForm() throws {
        for relation in Relation.allCases {
            let place = try #require(
                WireCommand(.place(Placement(object: oid("a"), relation: relation, target: oid("b"), axes: .both))))
            #expect(place.relation == relation.token)
            #expect(
                try place.command()
                    == .place(Placement(object: oid("a"), relation: relation, target: oid("b"), axes: .both)))
            #expect(place.protocolVersion == (relation.isDiagonal ? 3 : 1))
            let restore = try #require(WireCommand(.restore(oid("a"), relation: relation, target: oid("b"))))
            #expect(restore.protocolVersion == (relation.isDiagonal ? 3 : 2))
        }
    }
}
