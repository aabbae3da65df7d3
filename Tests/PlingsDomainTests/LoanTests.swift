import PlingsDomain
import PlingsTestSupport
import Testing

/// Loans (issue 25, item 2; ADR 0011) through the library.
@Suite("Loans through the library")
struct LoanTests {
    /// The Saltsjön world with a painting on the wall of the living room, a lamp under it and Anna.
    func world() throws -> WorldState {
        var s = try Saltsjon.state()
        for (id, name) in [("tavla", "Tavla"), ("lampa", "Lampa"), ("anna", "Anna"), ("ram", "Ram")] {
            try Replay.step(.create(oid(id), name: name), &s)
        }
        try Replay.step(place("tavla", .in, "vardagsrummet"), &s)
        try Replay.step(place("lampa", .under, "tavla"), &s)
        try Replay.step(place("ram", .attachedTo, "tavla"), &s)
        return s
    }

    @Test("a loan moves the current location to World with the cascade, keeps the home, and is away")
    func lend() throws {
        var s = try world()
        let due = try #require(CalendarDay(parsing: "2027-06-01"))
        let steps = try Replay.step(.lend(oid("tavla"), to: "anna", due: due, note: "utställning"), &s)
        let tavla = Replay.index("tavla", s)
        #expect(
            steps.first?.0.payload
                == .lent(Loan(object: oid("tavla"), borrower: .thing(oid("anna")), due: due, note: "utställning")))
        #expect(s.current.parents.parent(tavla) == .world)
        #expect(s.normal.parents.parent(tavla) == Replay.index("vardagsrummet", s))
        let lampa = Replay.index("lampa", s)
        #expect(s.current.positional.outbound(lampa) == nil, "the cascade dropped 'under Tavla' (current)")
        #expect(s.normal.positional.outbound(lampa)?.target == tavla, "the home relation stays")
        #expect(s.current.parents.parent(Replay.index("ram", s)) == tavla, "what is on it goes along")
        #expect(s.isAway(tavla) && s.away(tavla).seq == s.lastSeq)
        #expect(!s.isAway(lampa), "the lamp is in place, position unknown")
        let loan = try #require(s.loan(tavla))
        #expect(loan.holder == .thing(Replay.index("anna", s)) && loan.due == due && loan.note == "utställning")
        #expect(loan.isOverdue(on: CalendarDay(year: 2027, month: 6, day: 2)!))
        #expect(!loan.isOverdue(on: due))
        #expect(Invariants.violations(s).isEmpty)
    }

    @Test("a name that is no thing's id is a name; the same loan again is unchanged; another one replaces it")
    func borrowerByName() throws {
        var s = try world()
        try Replay.step(.lend(oid("tavla"), to: "Anna Svensson", due: nil, note: nil), &s)
        let tavla = Replay.index("tavla", s)
        #expect(s.loan(tavla)?.holder == .name("Anna Svensson"))
        #expect(
            try Decider.decision(.lend(oid("tavla"), to: "Anna Svensson", due: nil, note: nil), state: s).isUnchanged)
        try Replay.step(.lend(oid("tavla"), to: "anna", due: nil, note: nil), &s)
        #expect(s.loan(tavla)?.holder == .thing(Replay.index("anna", s)))
    }

    @Test("return ends the loan and puts it home, also when home is World; a placement or archive ends it too")
    func endings() throws {
        var s = try world()
        try Replay.step(.lend(oid("tavla"), to: "anna", due: nil, note: nil), &s)
        try Replay.step(.returnHome(oid("tavla")), &s)
        let tavla = Replay.index("tavla", s)
        #expect(s.loan(tavla) == nil && !s.isAway(tavla))
        #expect(s.current.parents.parent(tavla) == Replay.index("vardagsrummet", s))
        // A thing whose home is World: the return still ends the loan.
        try Replay.step(.create(oid("cykel"), name: "Cykel"), &s)
        try Replay.step(.lend(oid("cykel"), to: "Grannen", due: nil, note: nil), &s)
        let cykel = Replay.index("cykel", s)
        #expect(s.isAway(cykel))
        #expect(try Decider.decision(.returnAll(inside: nil), state: s).events == [.returned(oid("cykel"))])
        try Replay.step(.returnHome(oid("cykel")), &s)
        #expect(s.loan(cykel) == nil && !s.isAway(cykel))
        // Placing it on the current axis ends it; a new home (normal only) does not.
        try Replay.step(.lend(oid("tavla"), to: "anna", due: nil, note: nil), &s)
        try Replay.step(place("tavla", .in, "lillstugan", .normal), &s)
        #expect(s.loan(tavla) != nil)
        try Replay.step(place("tavla", .in, "koksbordet", .current), &s)
        #expect(s.loan(tavla) == nil)
        try Replay.step(.lend(oid("tavla"), to: "anna", due: nil, note: nil), &s)
        try Replay.step(.archive(oid("tavla"), note: nil, withContents: true), &s)
        #expect(s.loan(tavla) == nil)
        #expect(Invariants.violations(s).isEmpty)
    }

    @Test("refused: the thing itself, an unknown or archived thing, an archived borrower, a bad name or note")
    func refusals() throws {
        var s = try world()
        #expect(refusal(.lend(oid("tavla"), to: "tavla", due: nil, note: nil), s) == .selfLoan(oid("tavla")))
        #expect(refusal(.lend(oid("nope"), to: "anna", due: nil, note: nil), s) == .unknownObject(oid("nope")))
        try Replay.step(.archive(oid("anna"), note: nil, withContents: false), &s)
        #expect(refusal(.lend(oid("tavla"), to: "anna", due: nil, note: nil), s) == .archived(oid("anna")))
        #expect(refusal(.lend(oid("anna"), to: "Bo", due: nil, note: nil), s) == .archived(oid("anna")))
        #expect(refusal(.lend(oid("tavla"), to: "a\u{7}b", due: nil, note: nil), s)?.code == "invalid-name")
        #expect(refusal(.lend(oid("tavla"), to: "Bo", due: nil, note: ""), s)?.code == "invalid-note")
        #expect(
            UndoBasis.make(
                undoing: [
                    Event(
                        seq: 9, at: Timestamp(milliseconds: 0),
                        payload: .lent(Loan(object: oid("tavla"), borrower: .name("Bo"))))
                ], before: s)
                == .failure(.cannotUndo(seq: 9, .loan)))
    }

    @Test("an archived borrower keeps being named by the loan")
    func archivedBorrower() throws {
        var s = try world()
        try Replay.step(.lend(oid("tavla"), to: "anna", due: nil, note: nil), &s)
        try Replay.step(.archive(oid("anna"), note: nil, withContents: false), &s)
        #expect(s.loan(Replay.index("tavla", s))?.holder == .thing(Replay.index("anna", s)))
        #expect(Invariants.violations(s).isEmpty)
    }

    @Test("a due day is YYYY-MM-DD and a real day")
    func days() {
        #expect(CalendarDay(parsing: "2027-06-01")?.description == "2027-06-01")
        #expect(CalendarDay(parsing: "2028-02-29") != nil)
        for bad in ["2027-02-29", "2027-13-01", "2027-6-1", "27-06-01", "2027-06-01T00", "", "0000-01-01"] {
            #expect(CalendarDay(parsing: bad) == nil, "\(bad)")
        }
        #expect(CalendarDay(Timestamp(milliseconds: 0)).description == "1970-01-01")
        #expect(CalendarDay(Timestamp(milliseconds: -1)).description == "1969-12-31")
        #expect(CalendarDay(Timestamp(milliseconds: 0), offset: -1).description == "1969-12-31")
    }
}
