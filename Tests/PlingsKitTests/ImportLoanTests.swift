import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsKit

/// The loan columns of a spreadsheet: `lent to`, `due`, `loan note` (issue 25).
@Suite("Import and export: loans")
struct ImportLoanTests {
    /// The loan of `id` in `state`: borrower (an id or a name), due day and note.
    func loan(_ id: String, _ state: WorldState) -> String? {
        let x = Replay.index(id, state)
        return WorldRows.loan(x, state).map { "\($0.borrower) \($0.due?.description ?? "-") \($0.note ?? "-")" }
    }

    @Test("a row with a borrower lends the thing; its one place is its home; the same file again changes nothing")
    func lends() {
        let csv = """
            name,container,lent to,due,loan note
            Garage,,,,
            Anna,,,,
            Drill,Garage,anna,2027-06-01,for the shelf
            Saw,,Grannen Berit,,
            """
        var state = WorldState()
        let report = importing(csv, into: &state)
        #expect(report.problems.isEmpty, "\(problemCodes(report.problems))")
        #expect(loan("drill", state) == "anna 2027-06-01 for the shelf")
        #expect(state.loan(Replay.index("drill", state))?.holder == .thing(Replay.index("anna", state)))
        #expect(loan("saw", state) == "Grannen Berit - -")
        #expect(state.loan(Replay.index("saw", state))?.holder == .name("Grannen Berit"))
        #expect(place("drill", .normal, state) == "in garage" && place("drill", .current, state) == "world")
        #expect(state.isAway(Replay.index("drill", state)) && loan("garage", state) == nil)
        #expect(Invariants.violations(state).isEmpty)
        var again = state
        #expect(importing(csv, into: &again).events == 0)
        #expect(again == state)
    }

    @Test("the same in Swedish headers; a row giving both places writes World for the current one")
    func swedish() {
        let csv = """
            id,namn,behållare,hembehållare,utlånad till,åter senast,lånenotering
            hylla,Hylla,,,,,
            bok,Bok,Världen,hylla,Lisa,2027-01-31,
            """
        var state = WorldState()
        let report = importing(csv, into: &state)
        #expect(report.problems.isEmpty, "\(problemCodes(report.problems))")
        #expect(loan("bok", state) == "Lisa 2027-01-31 -" && place("bok", .normal, state) == "in hylla")
    }

    @Test("a due day that is no day, a due day or note without a borrower, a lent row placed elsewhere: named by cell")
    func problems() {
        let csv = """
            id,name,container,home container,lent to,due,loan note
            a,A,,,,,
            b,B,a,,Anna,2027-02-30,
            c,C,a,,,2027-01-01,
            d,D,a,,,,a note
            e,E,a,a,Anna,,
            f,F,,,f,,
            """
        var state = WorldState()
        let report = importing(csv, into: &state)
        #expect(
            problemCodes(report.problems) == [
                "3:6 bad-due", "4:6 loan-without-borrower", "5:7 loan-without-borrower", "6:3 lent-but-placed",
                "7:5 self-loan",
            ])
        let t = Catalog(.sv)
        #expect(
            t.message(report.problems[0], source: "x.csv")
                == "x.csv:3, kolumn 6 ('due'): '2027-02-30' är ingen dag; skriv återlämningsdagen som ÅÅÅÅ-MM-DD (2027-06-01)"
        )
        #expect(
            Catalog(.en).message(report.problems[3], source: "x.csv")
                == "x.csv:6, column 3 ('container'): a thing lent out is at World: leave 'container' empty or write World, "
                + "and give where it belongs in 'home container'")
    }

    @Test("what stands beside a lent thing, and what is in it, come back as they were")
    func beside() throws {
        var original = try Saltsjon.state()
        original = try Replay.run(
            [
                .create(oid("anna"), name: "Anna"),
                .create(oid("lock"), name: "Lock"),
                .place(Placement(object: oid("lock"), relation: .in, target: oid("yTvK"), axes: .both)),
                .lend(oid("yTvK"), to: "anna", due: nil, note: nil),
                .place(Placement(object: oid("5GgB"), relation: .nextTo, target: oid("yTvK"), axes: .current)),
            ], into: original)
        let csv = exportCSV(original)
        var imported = WorldState()
        let report = importing(csv, into: &imported)
        #expect(report.problems.isEmpty, "\(problemCodes(report.problems))")
        #expect(place("5GgB", .current, imported) == "next-to yTvK" && place("lock", .current, imported) == "in yTvK")
        #expect(Fingerprint(imported).world == Fingerprint(original).world, "\(csv)")
        #expect(withoutSince(exportCSV(imported)) == withoutSince(csv))
    }

    @Test("'lent since' goes out as the loan's start (RFC 3339) in both languages; read back it is checked, not kept")
    func lentSince() throws {
        let original = try Replay.run(
            [.create(oid("anna"), name: "Anna"), .lend(oid("yTvK"), to: "anna", due: nil, note: nil)],
            into: try Saltsjon.state())
        let start = try #require(original.loan(Replay.index("yTvK", original))?.at)
        let en = exportCSV(original)
        #expect(
            en.hasPrefix("id,name,container,relation,home container,home relation,lent to,lent since,due,loan note\r\n")
        )
        #expect(en.contains(",anna,\(start.rfc3339),,\r\n"), "\(en)")
        let sv = exportCSV(original, .sv)
        #expect(sv.contains(",utlånad till,utlånad sedan,åter senast,lånenotering\r\n"))
        // Round trip: the same world and loans; the imported loan begins at the import.
        for csv in [en, sv] {
            var imported = WorldState()
            let report = importing(csv, into: &imported)
            #expect(report.problems.isEmpty, "\(problemCodes(report.problems))")
            #expect(Fingerprint(imported).world == Fingerprint(original).world)
            #expect(loan("yTvK", imported) == "anna - -")
            let began = try #require(imported.loan(Replay.index("yTvK", imported))?.at)
            #expect(exportCSV(imported).contains(",anna,\(began.rfc3339),,\r\n"))
        }
        // A day or a time with an offset is a start; anything else, or a start without a borrower, is named.
        let rows = """
            id,name,lent to,lent since
            a,A,Anna,2027-05-01
            b,B,Anna,2027-05-01T12:00:00+02:00
            c,C,Anna,yesterday
            d,D,,2027-05-01
            """
        var state = WorldState()
        let report = importing(rows, into: &state)
        #expect(problemCodes(report.problems) == ["4:4 bad-since", "5:4 loan-without-borrower"])
        #expect(
            Catalog(.en).message(report.problems[0], source: "x.csv")
                == "x.csv:4, column 4 ('lent since'): 'yesterday' is not a time; write when the loan began as "
                + "YYYY-MM-DD (2027-05-01) or as export writes it (2027-05-01T10:00:00.000Z)")
        #expect(
            Catalog(.sv).message(report.problems[1], source: "x.csv")
                == "x.csv:5, kolumn 4 ('lent since'): en återlämningsdag, lånenotering eller utlånad sedan utan "
                + "låntagare; fyll i 'utlånad till' (vem som har den), eller töm cellen")
    }

    @Test("the world digest counts a loan: borrower, due day and note")
    func digest() throws {
        let base = try Replay.run([.create(oid("anna"), name: "Anna")], into: try Saltsjon.state())
        let loans: [Command] = [
            .lend(oid("yTvK"), to: "anna", due: nil, note: nil),
            .lend(oid("yTvK"), to: "Anna", due: nil, note: nil),
            .lend(oid("yTvK"), to: "anna", due: CalendarDay(year: 2027, month: 6, day: 1), note: nil),
            .lend(oid("yTvK"), to: "anna", due: nil, note: "n"),
        ]
        let placed = try Replay.run(
            [.place(Placement(object: oid("yTvK"), relation: .in, target: nil, axes: .current))], into: base)
        var digests = Set([Fingerprint(placed).world])
        for command in loans { digests.insert(Fingerprint(try Replay.run([command], into: base)).world) }
        #expect(digests.count == loans.count + 1)
    }
}
