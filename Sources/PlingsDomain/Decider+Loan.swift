/// The decision of `lend` (ADR 0011).
extension Decider {
    /// `lend X --to WHO`: one `lent`. WHO is a thing when it is the id of one
    /// in the world, else a name. Lending again to the same borrower with the
    /// same due day and note changes nothing.
    static func decideLend(
        _ id: ObjectID, to: String, due: CalendarDay?, note: String?, _ state: WorldState
    ) throws(DomainError) -> Decision {
        let thing = ObjectID.problem(with: to) == nil ? state.registry.index(of: ObjectID(unchecked: to)) : nil
        let borrower: Borrower = thing != nil ? .thing(ObjectID(unchecked: to)) : .name(to)
        let decided = try single(.lent(Loan(object: id, borrower: borrower, due: due, note: note)), state)
        if case .lent(let x, let holder, _, _) = decided.resolved[0], let record = state.status.loan(x),
            record.holder == holder, record.due == due, record.note == note
        {
            return Decision()
        }
        return decided
    }

    /// Validates a `lent` against `state`: a thing in the world, lent to
    /// another thing in the world or to a valid name, with a valid note.
    static func resolvedLend(_ loan: Loan, _ state: WorldState) throws(DomainError) -> ResolvedEvent {
        let x = try live(loan.object, state)
        let holder: LoanRecord.Holder
        switch loan.borrower {
        case .thing(let id):
            let y = try live(id, state)
            if y == x { throw .selfLoan(loan.object) }
            holder = .thing(y)
        case .name(let name):
            try ObjectName.validate(name)
            holder = .name(name)
        }
        if let note = loan.note, let problem = ObjectName.problem(with: note) { throw .invalidNote(note, problem) }
        return .lent(x, holder, due: loan.due, note: loan.note)
    }
}

/// The projector of `lent`.
extension WorldState {
    /// Applies a validated `lent`: on the current axis `x` leaves for World
    /// (with the cascade: what stood against it loses that relation, what is
    /// inside it goes along), and the loan is recorded until `x` is returned,
    /// placed on the current axis or archived.
    mutating func applyLend(
        _ x: ObjectIndex, _ holder: LoanRecord.Holder, due: CalendarDay?, note: String?, effects: inout EffectLog
    ) {
        for (source, _) in current.place(x, .in, against: .world, effects: &effects) {
            updateAway(source, seq: lastSeq, at: lastAt)
        }
        status.lend(x, LoanRecord(seq: lastSeq, at: lastAt, holder: holder, due: due, note: note))
        effects.add(.lent(x))
        updateAway(x, seq: lastSeq, at: lastAt)
        status.check(x, seq: lastSeq, at: lastAt)
    }

    /// The loan `x` is on, if any.
    public func loan(_ x: ObjectIndex) -> LoanRecord? { status.loan(x) }
}
