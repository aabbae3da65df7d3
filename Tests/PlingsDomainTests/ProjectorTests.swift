import PlingsDomain
import PlingsTestSupport
import Testing

@Suite("Projectors, each on its own")
struct ProjectorTests {
    @Test("the registry interns short and long ids, finds them from bytes, renames and grows its table")
    func registry() {
        var r = ObjectRegistry()
        var effects = EffectLog()
        let ids = (0..<5000).map { k in k % 3 == 0 ? "long-identifier-\(k)" : "i\(k)" }
        for (k, id) in ids.enumerated() {
            #expect(r.create(oid(id), name: "N\(k)", effects: &effects) == ObjectIndex(k))
        }
        for (k, id) in ids.enumerated() {
            #expect(r.index(of: oid(id)) == ObjectIndex(k))
            #expect(r.index(bytes: Array(id.utf8)) == ObjectIndex(k))
            let key = id.utf8.count <= 8 ? ObjectRegistry.key(id.utf8) : 0  // a long id's key is made from its bytes
            #expect(r.index(key: key, bytes: id.utf8[...]) == ObjectIndex(k))
        }
        #expect(r.index(of: oid("missing")) == nil)
        #expect(r.index(of: oid("i1x")) == nil)
        r.rename(7, to: "Nytt namn", effects: &effects)
        #expect(r.name(7) == "Nytt namn")
        #expect(effects.items.last == .renamed(7, from: "N7", to: "Nytt namn"))
        let copy = ObjectRegistry(raw: r.raw)
        #expect(copy == r)
        var broken = r.raw
        broken.idStart[3] = UInt32(broken.idBytes.count + 5)
        #expect(ObjectRegistry(raw: broken) == nil)
    }

    @Test("the seen columns are made at the first seen event; without one a status equals one read from zero columns")
    func seenColumns() throws {
        let zeros = [Int64](repeating: 0, count: 3)
        let checked: [Int64] = [1, 2, 3]
        let never = try #require(
            ObjectStatus(
                seenSeq: zeros, seenAt: zeros, checkedSeq: checked, checkedAt: checked, archives: [:], count: 3))
        #expect(never.seenBytes == 0 && never.seen(2).seq == 0 && never.seen(2).at == 0)
        #expect(never.seenColumns.seq == zeros && never.seenColumns.at == zeros)
        let once = try #require(
            ObjectStatus(
                seenSeq: [0, 5, 0], seenAt: [0, 50, 0], checkedSeq: checked, checkedAt: checked, archives: [:], count: 3
            ))
        #expect(once.seenBytes > 0 && once.seen(1).seq == 5 && once.seen(1).at == 50 && once.seen(0).seq == 0)
        #expect(once != never && never != once)
        let columns = once.seenColumns
        let again = ObjectStatus(
            seenSeq: columns.seq, seenAt: columns.at, checkedSeq: checked, checkedAt: checked, archives: [:], count: 3)
        #expect(again == once)
        #expect(
            ObjectStatus(seenSeq: [0], seenAt: zeros, checkedSeq: checked, checkedAt: checked, archives: [:], count: 3)
                == nil)
    }

    @Test("a parent tree sets edges, reports changes, walks paths and spots ancestors")
    func parentTree() {
        var tree = ParentTree(axis: .current)
        var effects = EffectLog()
        for _ in 0..<4 { tree.appendObject() }
        #expect(tree.edge(0) == .world)
        #expect(tree.set(1, to: ParentEdge(.in, 0), effects: &effects))
        #expect(tree.set(2, to: ParentEdge(.on, 1), effects: &effects))
        #expect(!tree.set(2, to: ParentEdge(.on, 1), effects: &effects), "no change, no effect")
        #expect(effects.items.count == 2)
        #expect(tree.path(to: 2) == [0, 1])
        #expect(tree.isSelfOrAncestor(0, of: 2) && tree.isSelfOrAncestor(2, of: 2) && !tree.isSelfOrAncestor(3, of: 2))
        #expect(tree.wouldCycle(0, .in, 2))
        #expect(tree.wouldCycle(1, .under, 2), "positional against something inside X")
        #expect(!tree.wouldCycle(3, .in, 2))
        #expect(tree.edgeFor(.under, against: 2) == ParentEdge(.in, 1))
        #expect(tree.children(of: .world) == [0, 3])
        let raw = tree.raw
        #expect(ParentTree(axis: .current, parents: raw.parents, relations: raw.relations) == tree)
        #expect(ParentTree(axis: .current, parents: raw.parents, relations: [0, 0, 7, 0]) == nil, "under is no parent")
    }

    @Test("positional edges keep one outbound edge each and an exact inbound index through changes and cascades")
    func positional() {
        var edges = PositionalEdges(axis: .normal)
        var effects = EffectLog()
        for _ in 0..<6 { edges.appendObject() }
        edges.setOutbound(1, to: PositionalEdge(.under, 0), effects: &effects)
        edges.setOutbound(2, to: PositionalEdge(.nextTo, 0), effects: &effects)
        edges.setOutbound(3, to: PositionalEdge(.above, 0), effects: &effects)
        edges.setOutbound(2, to: PositionalEdge(.leftOf, 4), effects: &effects)
        #expect(Set(edges.inbound(0)) == [1, 3])
        #expect(edges.inbound(4) == [2])
        #expect(effects.items.contains(.positionalRemoved(2, .normal, PositionalEdge(.nextTo, 0), because: .replaced)))
        var cascade = EffectLog()
        let dropped = edges.dropInbound(to: 0, effects: &cascade)
        #expect(Set(dropped.map(\.0)) == [1, 3])
        #expect(
            cascade.items == [
                .positionalRemoved(1, .normal, PositionalEdge(.under, 0), because: .referenceMoved(0)),
                .positionalRemoved(3, .normal, PositionalEdge(.above, 0), because: .referenceMoved(0)),
            ])
        #expect(edges.outbound(1) == nil && edges.inbound(0).isEmpty && edges.edgeCount == 1)
        let raw = edges.rawOutbound
        let rebuilt = PositionalEdges(axis: .normal, relations: raw.relations, targets: raw.targets)
        #expect(rebuilt == edges)
        #expect(rebuilt?.inbound(4) == [2])
        #expect(PositionalEdges(axis: .normal, relations: [3, 0xFF], targets: [0, -1]) == nil, "an edge to itself")
        var quiet = EffectLog(recording: false)
        edges.setOutbound(5, to: PositionalEdge(.rightOf, 4), effects: &quiet)
        #expect(quiet.items.isEmpty)
        #expect(Set(edges.inbound(4)) == [2, 5])
    }
}
