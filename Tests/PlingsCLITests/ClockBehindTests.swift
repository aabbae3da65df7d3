import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsText
import Testing

/// One wrong clock reading must not freeze time silently: an append whose clock is behind the
/// log's last time says so, and `verify` says so (issue 20, item 6).
@Suite("A clock behind the log is said")
struct ClockBehindTests {
    let dir = TemporaryDirectory()
    static let future = Timestamp(milliseconds: 4_070_908_800_000)  // 2099-01-01

    /// A log whose last line was stamped in 2099 by a wrong clock.
    func stampedInFuture() throws -> String {
        let log = dir.file("future.jsonl")
        try Store(path: log, clock: { Self.future }).execute(.create(oid("box"), name: "Box"))
        return log
    }

    @Test("the store gives the clock's reading when it was behind the log, and only then")
    func storeSaysSo() throws {
        let log = try stampedInFuture()
        let now = Timestamp(milliseconds: 1_800_000_000_000)
        let store = try Store(path: log, clock: { now })
        let behind = try store.executeBatch([.create(oid("cup"), name: "Cup")], policy: .stop).outcome
        #expect(behind.clockBehind == now)
        #expect(behind.events.first?.at == Self.future)
        let right = try Store(path: log, clock: { Timestamp(milliseconds: Self.future.milliseconds + 5) })
        #expect(try right.executeBatch([.create(oid("pen"), name: "Pen")], policy: .stop).outcome.clockBehind == nil)
        // A few milliseconds back (a time server's nudge) is not worth a word.
        let nudged = try Store(path: log, clock: { Timestamp(milliseconds: Self.future.milliseconds - 5) })
        #expect(try nudged.executeBatch([.create(oid("mug"), name: "Mug")], policy: .stop).outcome.clockBehind == nil)
    }

    @Test("create and verify say that the clock is behind the log, in both languages", arguments: ["en", "sv"])
    func commandAndVerifySaySo(language: String) throws {
        let log = try stampedInFuture()
        let create = plings(["create", "cup", "Cup", "--lang", language], log: log)
        #expect(create.status == 0)
        #expect(create.err.contains("2099-01-01T00:00:00.000Z"), "\(create.err)")
        #expect(create.err.contains(language == "en" ? "clock" : "klocka"), "\(create.err)")
        let verify = plings(["verify", "--lang", language], log: log)
        #expect(verify.status == 0)
        #expect(verify.out.contains("2099-01-01T00:00:00.000Z"), "\(verify.out)")
        #expect(verify.out.contains(language == "en" ? "clock" : "klocka"), "\(verify.out)")
        // A log with right times says nothing of the clock.
        let fine = dir.file("fine-\(language).jsonl")
        let plain = plings(["create", "cup", "Cup", "--lang", language], log: fine)
        #expect(!plain.err.contains(language == "en" ? "clock" : "klocka"))
        #expect(!plings(["verify", "--lang", language], log: fine).out.contains(language == "en" ? "clock" : "klocka"))
    }

    @Test("after a line stamped 2099, a command's event keeps the clock's real reading beside the clamped time")
    func recordKeepsTheClock() throws {
        let log = try stampedInFuture()
        let now = Timestamp(milliseconds: 1_800_000_000_000)  // 2027-01-15T08:00:00Z
        let store = try Store(path: log, clock: { now })
        let events = try store.executeBatch(
            [
                .create(oid("cup"), name: "Cup"),
                .place(Placement(object: oid("cup"), relation: .in, target: oid("box"), axes: .both)),
            ],
            policy: .stop
        ).outcome.events
        #expect(events.map(\.at) == [Self.future, Self.future])
        #expect(events.map(\.clock) == [now, now])
        // On disk: the reading as the member `clock`, the lines at version 4; read back the same.
        let text = String(decoding: fileBytes(log), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3 && !lines[0].contains("\"clock\""))
        #expect(lines[1].contains("\"clock\":\"2027-01-15T08:00:00.000Z\"") && lines[1].contains("\"v\":4"))
        let read = try Store(path: log, useSnapshots: false)
        #expect(read.state == store.state && read.cursor == store.cursor)
        let verification = LogVerification.check(path: log)
        #expect(verification.isSound && verification.clockBehindEvents == 2)
        // A clock a few milliseconds behind keeps nothing: the line stays as it was.
        let nudged = try Store(path: log, clock: { Timestamp(milliseconds: Self.future.milliseconds - 5) })
        let mug = try nudged.executeBatch([.create(oid("mug"), name: "Mug")], policy: .stop).outcome.events
        #expect(mug.first?.clock == nil)
        #expect(
            String(decoding: fileBytes(log), as: UTF8.self).split(separator: "\n").last?.contains("\"v\":1") == true)
    }

    @Test(
        "log and history say what the clock said; verify counts such events, in both languages",
        arguments: ["en", "sv"])
    func viewsSaySo(language: String) throws {
        let log = try stampedInFuture()
        #expect(plings(["create", "cup", "Cup"], log: log).status == 0)
        let said = language == "en" ? "(the clock said 20" : "(klockan visade 20"
        let history = plings(["history", "cup", "--lang", language], log: log)
        #expect(history.out.contains(said), "\(history.out)")
        let lines = plings(["log", "--lang", language], log: log).out.split(separator: "\n")
        #expect(lines.count == 2 && !lines[0].contains(said) && lines[1].contains(said), "\(lines)")
        let verify = plings(["verify", "--lang", language], log: log)
        #expect(
            verify.out.contains(language == "en" ? "1 event was written while the clock" : "1 händelse skrevs medan"))
        let json = try cardJSON(plings(["verify", "--json"], log: log).out)
        #expect(json["clockBehind"] as? Int == 1)
        let entries = try cardJSON(plings(["history", "cup", "--json"], log: log).out)["entries"] as? [[String: Any]]
        #expect((entries?.first?["clock"] as? String)?.hasPrefix("20") == true)
        #expect(!plings(["log"], log: dir.file("none.jsonl")).out.contains(said))
    }

    @Test("a line whose clock reading is not behind its time is named, in both languages")
    func forgedMessage() {
        let error = LogError.damaged(path: "l", line: 3, offset: 0, problem: .badField("clock", .clockNotBehind))
        #expect(Catalog(.en).message(error).contains("more than a minute before 'at'"))
        #expect(Catalog(.sv).message(error).contains("mer än en minut före 'at'"))
    }
}
