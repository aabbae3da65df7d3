import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

/// The everyday verbs through sync: return, seen, archive and restore made offline on two devices.
@Suite("Sync of the everyday verbs")
struct VerbSyncTests {
    /// Records the headers of every request it carries.
    final class Recording: SyncTransport {
        let inner: LocalTransport
        var headers: [SyncProtocol.Header] = []
        init(_ inner: LocalTransport) { self.inner = inner }
        var bytesOnWire: Int { inner.bytesOnWire }
        /// Answers as a hub of version 3 would: its hello does not offer the compact push of
        /// version 4 (SyncLinesTests covers that), so pushes keep the lowest version that carries them.
        func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
            headers.append(request.header)
            var answer = try inner.exchange(request)
            answer.header.speaks = nil
            return answer
        }
    }

    /// A hub with a room, a shelf, a box, a drawer with a pen in it, a lamp away
    /// from home (home in the room, now on the shelf), a cup, a key and an archived
    /// `old`; two devices cloned from it.
    static func world() throws -> (SyncWorld, Store) {
        let world = try SyncWorld(seed: 1, devices: 2)
        let hub = world.hub
        for id in ["room", "shelf", "box", "drawer", "pen", "lamp", "cup", "key", "old"] {
            try hub.execute(.create(oid(id), name: id.capitalized), actor: "hub")
        }
        try hub.execute(.place(Placement(object: oid("pen"), relation: .in, target: oid("drawer"), axes: .both)))
        try hub.execute(.place(Placement(object: oid("lamp"), relation: .in, target: oid("room"), axes: .both)))
        try hub.execute(.place(Placement(object: oid("lamp"), relation: .in, target: oid("shelf"), axes: .current)))
        try hub.execute(.archive(oid("old"), note: nil, withContents: false))
        for k in 0..<2 { _ = try world.sync(k) }
        return (world, hub)
    }

    @Test(
        "offline return, seen, archive and restore on two devices converge, whichever syncs first", arguments: [0, 1])
    func offlineVerbs(first: Int) throws {
        let (world, hub) = try Self.world()
        let a = world.devices[0]
        let b = world.devices[1]
        let t = Timestamp(milliseconds: 1_900_000_000_000)
        // a: return the lamp, archive the (empty) box, see the cup, bring `old` back onto the shelf.
        try a.enqueue(
            [
                .returnHome(oid("lamp")), .archive(oid("box"), note: "sold", withContents: false), .seen(oid("cup")),
                .restore(oid("old"), relation: .on, target: oid("shelf")),
            ], at: t)
        // b: move the key into the box (a conflict with a's archive), see the lamp, restore `old` too,
        // archive the drawer with the pen in it.
        try b.enqueue(
            [
                .place(Placement(object: oid("key"), relation: .in, target: oid("box"), axes: .both)),
                .seen(oid("lamp")), .restore(oid("old"), relation: .in, target: oid("room")),
                .archive(oid("drawer"), note: nil, withContents: true),
            ], at: t)
        let recording = Recording(world.transport)
        let firstReport = try SyncClient(device: world.devices[first], transport: recording).sync()
        let secondReport = try world.sync(1 - first)
        for k in 0..<2 { _ = try world.sync(k) }
        #expect(firstReport.refused.isEmpty)
        #expect(recording.headers.first { $0.op == "push" }?.protocol == 2)
        #expect(recording.headers.filter { $0.op != "push" }.allSatisfy { $0.protocol == 1 })

        // The second device's conflicting commands are refused, each once, with its kind.
        let refused = secondReport.refused.map { "\($0.command.kind) \($0.command.object) \($0.code)" }
        if first == 0 {
            #expect(refused == ["place key archived", "restore old not-archived"])
        } else {
            #expect(refused == ["archive box not-empty", "restore old not-archived"])
        }
        try hub.refresh()
        let state = hub.state
        let x = { (id: String) in state.registry.index(of: oid(id)) ?? .world }
        let archived = { (id: String) in state.status.isArchived(x(id)) }
        #expect(archived("drawer") && archived("pen") && !archived("old"))
        #expect(archived("box") == (first == 0))
        #expect(state.current.parents.parent(x("lamp")) == x("room"))
        try ConvergenceTests.check(world, seed: UInt64(first))
        try Self.checkRecorded(world, kinds: ["archive", "place", "restore"])
    }

    /// Every pushed command is one event with its origin; refused ones carry the command's kind.
    static func checkRecorded(_ world: SyncWorld, kinds: Set<String>) throws {
        var origins: [String: Int] = [:]
        var refusedKinds: Set<String> = []
        let file = try #require(try LogFile.open(world.hubPath, create: false))
        _ = try file.read(from: LogCursor()) { line, _ in
            guard let o = line.event.origin else { return }
            origins["\(o.device).\(o.deviceSeq)", default: 0] += 1
            if let refusal = line.event.payload.refusal { refusedKinds.insert(refusal.command) }
        }
        #expect(origins.count == 8 && origins.values.allSatisfy { $0 == 1 }, "\(origins)")
        #expect(refusedKinds.isSubset(of: kinds) && refusedKinds.contains("restore"), "\(refusedKinds)")
    }

    @Test("verbs round-trip through the wire form; return --all and undo stay on the hub")
    func wireForms() throws {
        let commands: [Command] = [
            .returnHome(oid("a")), .seen(oid("a")), .archive(oid("a"), note: "lent to Eva", withContents: true),
            .archive(oid("a"), note: nil, withContents: false), .restore(oid("a"), relation: .under, target: oid("b")),
            .restore(oid("a"), relation: .in, target: nil),
        ]
        for command in commands {
            let wire = try #require(WireCommand(command))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let decoded = try JSONDecoder().decode(WireCommand.self, from: try encoder.encode(wire))
            #expect(try decoded.command() == command)
        }
        #expect(WireCommand(.returnAll(inside: nil)) == nil)
        let bad = "{\"kind\":\"seen\",\"note\":\"x\",\"object\":\"a\"}"
        let decoded = try JSONDecoder().decode(WireCommand.self, from: Data(bad.utf8))
        #expect(throws: SyncError.self) { try decoded.command() }
    }

    @Test("returning an object that is home on a device is accounted for on the hub")
    func unchangedReturn() throws {
        let (world, _) = try Self.world()
        let a = world.devices[0]
        try a.enqueue(
            [.returnHome(oid("cup")), .returnHome(oid("lamp")), .returnHome(oid("lamp"))],
            at: Timestamp(milliseconds: 1_900_000_000_000))
        let report = try world.sync(0)
        #expect(report.refused.isEmpty && report.accepted == 3)
        _ = try world.sync(1)
        try ConvergenceTests.check(world, seed: 0)
    }
}
