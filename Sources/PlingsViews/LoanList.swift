import PlingsDomain
import PlingsText

/// A thing that is lent, and its loan.
public struct LoanEntry: Sendable, Hashable {
    /// The thing's id.
    public var id: String
    /// The thing's name.
    public var name: String
    /// The loan.
    public var loan: LoanRef
}

/// What is lent (`plings loans`): overdue first, then by due day (those
/// without one last), then the oldest loan first.
public struct LoanList: Sendable, Hashable {
    /// The last event the list reflects.
    public var asOfSeq: Int64
    /// The things lent.
    public var loans: [LoanEntry]

    /// The things lent in `state`.
    public init(_ state: WorldState) {
        asOfSeq = state.lastSeq
        let world = StateReading(state)
        loans = state.status.loans.compactMap { x, record in
            state.status.isArchived(x)
                ? nil
                : LoanEntry(
                    id: state.registry.id(x).rawValue, name: state.registry.name(x),
                    loan: LoanRef(record, reading: world))
        }
        sort()
    }

    /// Says the days in `clock`'s zone and which loans are overdue on its today (and sorts again).
    public mutating func mark(_ clock: LoanClock) {
        for k in loans.indices { loans[k].loan.mark(clock) }
        sort()
    }

    /// Only the overdue loans (after `mark(_:)`).
    public var overdue: LoanList {
        var list = self
        list.loans = loans.filter(\.loan.overdue)
        return list
    }

    private mutating func sort() {
        loans.sort { a, b in
            let ka = (a.loan.overdue ? 0 : 1, a.loan.due ?? "9999-99-99", a.loan.seq, a.id)
            let kb = (b.loan.overdue ? 0 : 1, b.loan.due ?? "9999-99-99", b.loan.seq, b.id)
            return ka < kb
        }
    }

    /// The list as text in `language`: one line a thing; `overdueOnly` says which words an empty list has.
    public func render(_ language: Language, overdueOnly: Bool = false) -> String {
        let t = Catalog(language)
        if loans.isEmpty { return t(overdueOnly ? .loansNoneOverdue : .loansNone) + "\n" }
        return loans.map { "\(Printable.quote($0.name)) (\($0.id))  \($0.loan.phrase(language))\n" }.joined()
    }
}

extension LoanEntry: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("id", id)
            $0.field("name", name)
            $0.key("loan")
            loan.write(to: &$0)
        }
    }
}

extension LoanList: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("asOfSeq", asOfSeq)
            $0.field("loans", loans)
        }
    }
}
