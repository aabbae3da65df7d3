import PlingsDomain
import PlingsText

/// What day it is, and how far the person's clock is from UTC: what the words of a loan need
/// ("since 3 May", "(overdue)"). Overdue is computed from it, never stored.
public struct LoanClock: Sendable {
    /// Today, in the person's zone.
    public var today: CalendarDay
    /// The offset from UTC in milliseconds at an instant (local = UTC + offset).
    public var offset: @Sendable (Int64) -> Int64

    /// A clock whose day is `today` and whose zone is `offset` from UTC.
    public init(today: CalendarDay, offset: @escaping @Sendable (Int64) -> Int64) {
        self.today = today
        self.offset = offset
    }

    /// The day `instant` falls on, in this clock's zone.
    public func day(_ instant: Timestamp) -> CalendarDay {
        CalendarDay(instant, offset: offset(instant.milliseconds))
    }
}

/// A loan as a view shows it: who has the thing, since when, due when, and whether it is overdue.
public struct LoanRef: Sendable, Hashable {
    /// The `lent` event.
    public var seq: Int64
    /// When the loan began, as RFC 3339 text.
    public var since: String
    /// The borrower's name (a thing's name, or the name given).
    public var borrower: String
    /// The borrower's id when it is a thing in Plings.
    public var borrowerID: String?
    /// The day it is due back (`YYYY-MM-DD`), if agreed.
    public var due: String?
    /// The note, if any.
    public var note: String?
    /// Whether it is past its due day (set by `mark(_:)`; false until then).
    public var overdue = false
    /// The day the loan began (in UTC until `mark(_:)` gives the zone), the due day, and this year.
    package var sinceDay: CalendarDay
    package var dueDay: CalendarDay?
    package var thisYear: Int?

    /// The loan `record` of a thing, its borrower's name read from `world`.
    package init(_ record: LoanRecord, reading world: some CardReading) {
        seq = record.seq
        since = record.at.rfc3339
        switch record.holder {
        case .thing(let y):
            borrower = world.name(y)
            borrowerID = world.id(y)
        case .name(let name):
            borrower = name
        }
        dueDay = record.due
        due = record.due?.description
        note = record.note
        sinceDay = CalendarDay(record.at)
        sinceAt = record.at
    }

    private var sinceAt: Timestamp

    /// Says the days in `clock`'s zone and whether the loan is overdue on its today.
    public mutating func mark(_ clock: LoanClock) {
        sinceDay = clock.day(sinceAt)
        thisYear = clock.today.year
        overdue = dueDay.map { clock.today > $0 } ?? false
    }

    /// "lent to Anna since 3 May, due 1 June (overdue)", in `language`.
    public func phrase(_ language: Language) -> String {
        let t = Catalog(language)
        var text = t(.loanLentTo, ["borrower": Printable.quote(borrower), "since": day(sinceDay, t)])
        if let dueDay { text += t(.loanDue, ["due": day(dueDay, t)]) }
        if overdue { text += t(.loanOverdue) }
        if let note { text += " — " + Printable.quote(note) }
        return text
    }

    /// "3 May", or "3 May 2027" in another year than this one.
    private func day(_ d: CalendarDay, _ t: Catalog) -> String {
        let month = t.monthName(d.month)
        if let thisYear, thisYear == d.year { return t(.loanDay, ["day": String(d.day), "month": month]) }
        return t(.loanDayYear, ["day": String(d.day), "month": month, "year": String(d.year)])
    }
}

extension LoanRef: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("seq", seq)
            $0.field("since", since)
            $0.field("borrower", borrower)
            $0.field("borrowerId", borrowerID)
            $0.field("due", due)
            $0.field("overdue", overdue)
            $0.field("note", note)
        }
    }
}
