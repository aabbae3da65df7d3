import Foundation
import PlingsKit
import PlingsTestSupport
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
}
