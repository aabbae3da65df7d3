import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// A log that holds loans still gets its object timeline (format 4): a card and a history at
/// any past point read from it are the replayed ones, loans and their ends included.
@Suite("Loans in the object timeline")
struct LoanTimelineTests {
    let dir = TemporaryDirectory()

    /// Saltsjön, then loans that begin and end every way: to a name with a due day and a note,
    /// to a thing (renamed later), lent again, ended by a placement, a return and an archive.
    static func loanLog(_ dir: TemporaryDirectory) throws -> (String, Store) {
        let (path, store) = try writeLog(dir)
        let due = CalendarDay(year: 2026, month: 6, day: 1)
        let commands: [Command] =
            HeadCardTests.boxAndLamp + [
                .create(oid("anna"), name: "Anna"),
                .lend(oid("box"), to: "Bo Ek", due: due, note: "för utställningen"),
                .lend(oid("lamp"), to: "anna", due: nil, note: nil),
                .rename(oid("anna"), name: "Anna Svensson"),
                .lend(oid("box"), to: "anna", due: nil, note: "igen"),
                .place(Placement(object: oid("box"), relation: .on, target: oid("5GgB"), axes: .current)),
                .returnHome(oid("lamp")),
                .lend(oid("lamp"), to: "Eva", due: due, note: nil),
                .archive(oid("lamp"), note: "borta", withContents: false),
                .lend(oid("box"), to: "Eva", due: nil, note: nil),
            ]
        for (k, command) in commands.enumerated() { try store.execute(command, actor: "test", commandID: "l\(k)") }
        return (path, store)
    }

    @Test("a rebuild of a log with loans writes the timeline; every card at every seq is the replayed one")
    func cardsAtEverySeq() throws {
        let (path, store) = try Self.loanLog(dir)
        let last = store.cursor.lastSeq
        try PastCardTests.everyCardAgrees(path, seqs: Set(1...last))
        let report = try Rebuild(path: path).run(dryRun: false)
        #expect(report.timelineBytes > 0)
        // Read from the timeline: the box lent to Bo Ek with its due day and note, then to Anna by her name then.
        let firstLoan = try #require(PastCard.answer(oid("box"), logPath: path, at: .seq(last - 8)))
        #expect(firstLoan.loan?.phrase(.en).contains("Bo Ek") == true, "\(firstLoan.render(.en))")
        let toAnna = try #require(PastCard.answer(oid("box"), logPath: path, at: .seq(last - 5)))
        #expect(toAnna.render(.en).contains("Anna Svensson"), "\(toAnna.render(.en))")
        let placed = try #require(PastCard.answer(oid("box"), logPath: path, at: .seq(last - 4)))
        #expect(placed.loan == nil)
        #expect(try #require(PastCard.answer(oid("lamp"), logPath: path, at: .seq(last - 1))).loan == nil)
        #expect(try #require(PastCard.answer(oid("box"), logPath: path, at: .seq(last))).loan != nil)
    }

    @Test("history of a lent thing and its borrower at every seq: the timeline's is the replayed one")
    func historiesAtEverySeq() throws {
        let (path, store) = try Self.loanLog(dir)
        _ = try Rebuild(path: path).run(dryRun: false)
        let last = store.cursor.lastSeq
        let points: [ReplayLimit?] = [nil] + (1...last).map { .seq($0) }
        let ids = ["box", "lamp", "anna", "5GgB"].map(oid)
        let answered = try HistoryFromTimelineTests.everyHistoryAgrees(path, ids: ids, points: points)
        #expect(answered == ids.count * points.count * 2)
    }
}
