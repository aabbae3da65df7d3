import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// Loans through sync: a push that carries a `lend` says protocol 5 (the compact form), the hub re-decides it, and
/// a refused one is recorded with its borrower.
@Suite("Sync of loans")
struct LoanSyncTests {
    @Test("a device's loan reaches the hub as protocol 5 and converges; a loan of an unknown thing is refused")
    func lendPush() throws {
        let (world, hub) = try VerbSyncTests.world()
        let t = Timestamp(milliseconds: 1_900_000_000_000)
        let due = CalendarDay(year: 2027, month: 6, day: 1)
        try world.devices[0].enqueue(
            [
                .place(Placement(object: oid("cup"), relation: .in, target: oid("room"), axes: .both)),
                .lend(oid("cup"), to: "Anna Svensson", due: due, note: "tea"),
            ], at: t)
        // Only the hub knows it is refused: the device queues it unchecked.
        try world.devices[0].enqueueUnchecked([.lend(oid("nope"), to: "Bo Ek", due: nil, note: nil)], at: t)
        let recording = VerbSyncTests.Recording(world.transport)
        let report = try SyncClient(device: world.devices[0], transport: recording).sync()
        #expect(report.refused.count == 1)
        #expect(recording.headers.first { $0.op == "push" }?.protocol == 5)
        for k in 0..<2 { _ = try world.sync(k) }
        try hub.refresh()
        let cup = try #require(hub.state.registry.index(of: oid("cup")))
        let loan = try #require(hub.state.loan(cup))
        #expect(loan.holder == .name("Anna Svensson") && loan.due == due && loan.note == "tea")
        try ConvergenceTests.check(world, seed: 4)
    }

    @Test("a lend's wire form round-trips and needs protocol 5; a bad due day is a protocol violation")
    func wireForm() throws {
        let command = Command.lend(oid("a"), to: "Anna", due: CalendarDay(year: 2027, month: 6, day: 1), note: "x")
        let wire = try #require(WireCommand(command))
        #expect(wire.protocolVersion == 5 && wire.target == "Anna" && wire.due == "2027-06-01")
        #expect(try wire.command() == command)
        var bad = wire
        bad.due = "June"
        #expect(throws: SyncError.badCommand(kind: "lend", member: "due", problem: .unknown)) { try bad.command() }
        var misplaced = try #require(WireCommand(.seen(oid("a"))))
        misplaced.due = "2027-06-01"
        #expect(throws: SyncError.badCommand(kind: "seen", member: "due", problem: .notTaken)) {
            try misplaced.command()
        }
        // A refused lend records a name as name and what could be an id as target.
        let toName = try #require(WireCommand(.lend(oid("a"), to: "Anna Svensson", due: nil, note: nil)))
        #expect(toName.refusal(code: "archived", reason: "r").name == "Anna Svensson")
        #expect(toName.refusal(code: "archived", reason: "r").target == nil)
        let toThing = try #require(WireCommand(.lend(oid("a"), to: "anna", due: nil, note: nil)))
        #expect(toThing.refusal(code: "archived", reason: "r").target == "anna")
    }

    @Test("a lend's members are checked from the tables: what it takes, needs, and how long each may be")
    func lendMembers() throws {
        let long = String(repeating: "x", count: 4097)
        let cases: [(WireCommand, String, CommandMemberProblem)] = [
            (WireCommand(kind: "lend", object: "a"), "target", .missing),
            (WireCommand(kind: "lend", object: "a", target: ""), "target", .missing),
            (WireCommand(kind: "lend", object: "a", target: long), "target", .tooLong(limit: 4096)),
            (WireCommand(kind: "lend", object: "a", target: "Anna", note: long), "note", .tooLong(limit: 4096)),
            (WireCommand(kind: "lend", object: "a", name: "Anna", target: "Anna"), "name", .notTaken),
            (WireCommand(kind: "lend", object: "a", relation: "in", target: "Anna"), "relation", .notTaken),
            (WireCommand(kind: "lend", object: "a", target: "Anna", axes: ["current"]), "axes", .notTaken),
            (WireCommand(kind: "lend", object: "a", target: "Anna", contents: true), "contents", .notTaken),
            (WireCommand(kind: "lend", object: "no id!", target: "Anna"), "object", .notAnID),
            (WireCommand(kind: "archive", object: "a", due: "2027-06-01"), "due", .notTaken),
        ]
        for (wire, member, problem) in cases {
            #expect(throws: SyncError.badCommand(kind: wire.kind, member: member, problem: problem)) {
                _ = try wire.command()
            }
        }
        // A borrower that is no id is a name, up to the limit.
        let named = WireCommand(kind: "lend", object: "a", target: String(repeating: "é", count: 2048))
        #expect(try named.command() == .lend(oid("a"), to: String(repeating: "é", count: 2048), due: nil, note: nil))
    }

    @Test("a pushed lend whose borrower or note escapes past the line limit is refused in a line every reader takes")
    func refusedLendFitsALine() throws {
        let (world, hub) = try VerbSyncTests.world()
        let t = Timestamp(milliseconds: 1_900_000_000_000)
        // 3,000 control characters pass the wire's 4096 bytes but take six bytes each in a line.
        let control = String(repeating: "\u{1}", count: 3000)
        try world.devices[0].enqueueUnchecked(
            [
                .lend(oid("cup"), to: control, due: nil, note: nil),
                .lend(oid("cup"), to: "Anna", due: nil, note: control),
            ], at: t)
        let report = try SyncClient(device: world.devices[0], transport: world.transport).sync()
        #expect(report.refused.map(\.code) == ["invalid-name", "invalid-note"])
        #expect(LogVerification.check(path: hub.path).isSound)
        try hub.refresh()
        try hub.execute(.create(oid("after"), name: "After"))
        #expect(hub.state.devices.verdict(device: "d0", deviceSeq: 1)?.code == "invalid-name")
        for k in 0..<world.devices.count { _ = try world.sync(k) }
        for device in world.devices {
            let mirrored = fileBytes(device.logPath) == fileBytes(hub.path)
            #expect(mirrored)
        }
    }

    @Test("a loan's digest is the same for the command, its accepted event and its refused line")
    func digests() throws {
        for to in ["anna", "Anna Svensson"] {
            let command = Command.lend(oid("a"), to: to, due: nil, note: "x")
            let borrower: Borrower = ObjectID.problem(with: to) == nil ? .thing(oid(to)) : .name(to)
            let event = EventPayload.lent(Loan(object: oid("a"), borrower: borrower, due: nil, note: "x"))
            let refused = EventPayload.refused(
                try #require(WireCommand(command)).refusal(code: "archived", reason: "r"))
            #expect(DeviceVerdicts.digest(of: command) == DeviceVerdicts.digest(of: event), "\(to)")
            #expect(DeviceVerdicts.digest(of: command) == DeviceVerdicts.digest(of: refused), "\(to)")
        }
        #expect(
            DeviceVerdicts.digest(of: Command.lend(oid("a"), to: "anna", due: nil, note: nil))
                != DeviceVerdicts.digest(of: Command.lend(oid("a"), to: "bo", due: nil, note: nil)))
    }
}
