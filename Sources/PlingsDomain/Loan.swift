/// A day of the calendar, as a due date is given: `2027-06-01`. No time, no
/// zone: a loan is due on a day wherever the lender is.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1–9999.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// The day, or nil when there is no such day (`2027-02-30`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= Int(Timestamp.daysIn(month: Int64(month), year: Int64(year)))
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`, nothing else.
    public init?(parsing text: String) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == 0x2D, b[7] == 0x2D, let y = Timestamp.digits(b, 0, 4),
            let m = Timestamp.digits(b, 5, 2), let d = Timestamp.digits(b, 8, 2)
        else { return nil }
        self.init(year: Int(y), month: Int(m), day: Int(d))
    }

    /// The day an instant falls on when the clock is `offset` milliseconds ahead of UTC.
    public init(_ instant: Timestamp, offset: Int64 = 0) {
        let (days, _) = Timestamp.floorDivide(instant.milliseconds &+ offset, 86_400_000)
        let (y, m, d) = Timestamp.civil(fromDays: days)
        // Every 64-bit time lands somewhere; one outside 1–9999 is clamped (only a forged file holds one).
        let year = Int(min(max(y, 1), 9999))
        self.year = year
        self.month = Int(m)
        self.day = min(Int(d), Int(Timestamp.daysIn(month: m, year: Int64(year))))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        Timestamp.pad(Int64(year), 4) + "-" + Timestamp.pad(Int64(month), 2) + "-" + Timestamp.pad(Int64(day), 2)
    }

    /// Whether `a` comes before `b` in the calendar.
    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// Who has a lent thing: a thing in the world (a person, an exhibition, a
/// neighbour's house) by its id, or a name that is no thing in Plings.
public enum Borrower: Sendable, Hashable {
    /// A thing in the world.
    case thing(ObjectID)
    /// A name only ("Anna").
    case name(String)
}

/// A loan as a `lent` event records it: the thing, who has it, when it is
/// due back (if agreed) and a note. When it began is the event's time.
public struct Loan: Sendable, Hashable {
    /// The thing lent.
    public var object: ObjectID
    /// Who has it.
    public var borrower: Borrower
    /// The day it is due back, if one was agreed.
    public var due: CalendarDay?
    /// A note ("for the exhibition"), if any.
    public var note: String?

    /// A loan of `object` to `borrower`, due on `due`, with `note`.
    public init(object: ObjectID, borrower: Borrower, due: CalendarDay? = nil, note: String? = nil) {
        self.object = object
        self.borrower = borrower
        self.due = due
        self.note = note
    }
}

/// A loan the world holds now: the `lent` event that began it, its borrower
/// (a thing by index, or a name), its due day and note. Whether it is overdue
/// is computed by whoever knows what day it is, never stored.
public struct LoanRecord: Sendable, Hashable {
    /// Who has it: a thing by index, or a name.
    public enum Holder: Sendable, Hashable {
        /// A thing in the world, by index.
        case thing(ObjectIndex)
        /// A name only.
        case name(String)
    }

    /// The `lent` event.
    public var seq: Int64
    /// When the loan began.
    public var at: Timestamp
    /// Who has it.
    public var holder: Holder
    /// The day it is due back, if any.
    public var due: CalendarDay?
    /// The note, if any.
    public var note: String?

    package init(seq: Int64, at: Timestamp, holder: Holder, due: CalendarDay?, note: String?) {
        self.seq = seq
        self.at = at
        self.holder = holder
        self.due = due
        self.note = note
    }

    /// Whether the loan is overdue on `today`: it has a due day and `today` is after it.
    public func isOverdue(on today: CalendarDay) -> Bool {
        guard let due else { return false }
        return today > due
    }
}
