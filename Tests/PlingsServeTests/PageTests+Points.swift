import Foundation
import PlingsServe
import PlingsTestSupport
import PlingsWeb
import Testing

/// A card at a point: a seq past the last event is no point, and a loan is overdue as of the point.
extension PageTests {
    /// The seed's world and a loan of Bord (yTvK) on 1 May 2027, due 10 May; Bord seen on 20 May.
    /// - Returns: the seqs of the loan and of the seen.
    func hubWithALoan() throws -> (lent: Int64, seen: Int64) {
        let may1 = try Store(path: hubPath, clock: { Timestamp(milliseconds: 1_809_165_600_000) })
        _ = try may1.executeBatch(Saltsjon.commands, actor: "hub", policy: .stop)
        try may1.execute(.lend(oid("yTvK"), to: "Anna", due: CalendarDay(year: 2027, month: 5, day: 10), note: nil))
        let lent = may1.cursor.lastSeq
        let may20 = try Store(path: hubPath, clock: { Timestamp(milliseconds: 1_810_807_200_000) })
        try may20.execute(.seen(oid("yTvK")), actor: "hub")
        return (lent, may20.cursor.lastSeq)
    }

    @Test("a card at a past point says a loan is overdue as of that point, not as of today, in both languages")
    func loanOverdueAtAPoint() throws {
        let (lent, seen) = try hubWithALoan()
        func loan(_ query: String) -> String {
            let page = html(get("/o/yTvK", query))
            guard let start = page.range(of: "<p id=\"loan\">"), let end = page[start.upperBound...].range(of: "</p>")
            else { return "" }
            return String(page[start.upperBound..<end.lowerBound])
        }
        // On the day it was lent, and five days on: not yet due.
        #expect(loan("at=\(lent)") == "utlånad till Anna sedan 1 maj, åter 10 maj")
        #expect(loan("at=2027-05-05") == "utlånad till Anna sedan 1 maj, åter 10 maj")
        // Ten days after the due day, by the seen's time or a time asked: overdue then.
        #expect(loan("at=\(seen)") == "utlånad till Anna sedan 1 maj, åter 10 maj (försenad)")
        #expect(loan("at=2027-05-15&lang=en") == "lent to Anna since 1 May, due 10 May (overdue)")
        // Today (before May 2027 when this was written, or after it) the head says what today says.
        let overdueToday = CalendarDay(SystemClock.now()) > CalendarDay(year: 2027, month: 5, day: 10)!
        #expect(loan("").hasSuffix("(försenad)") == overdueToday)
    }

    @Test("a card at a seq past the last event is 404 naming the last event, in both languages; a later time is not")
    func seqPastTheEnd() throws {
        let (_, seen) = try hubWithALoan()
        let sv = get("/o/yTvK", "at=\(seen + 1)")
        #expect(sv.status == 404)
        #expect(html(sv).contains("loggen har ingen #\(seen + 1) ännu: dess sista händelse är #\(seen)"), "\(html(sv))")
        let en = get("/tree", "at=999&lang=en")
        #expect(en.status == 404)
        #expect(html(en).contains("the log has no #999 yet: its last event is #\(seen)"), "\(html(en))")
        #expect(get("/o/yTvK", "at=\(seen)").status == 200)
        let later = html(get("/o/yTvK", "at=2099-01-01&lang=en"))
        #expect(later.contains("After the last event (#\(seen), "), "\(later)")
    }
}
