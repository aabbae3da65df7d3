extension Catalog {
    /// Loans (ADR 0011) in English: the verbs' messages, the views' words and the months.
    static let englishLoans: [MessageKey: Entry] = [
        .loanLentTo: .text("lent to {borrower} since {since}"),
        .loanDue: .text(", due {due}"),
        .loanOverdue: .text(" (overdue)"),
        .loanDay: .text("{day} {month}"),
        .loanDayYear: .text("{day} {month} {year}"),
        .loansNone: .text("Nothing is lent."),
        .loansNoneOverdue: .text("Nothing lent is overdue."),
        .lentSentence: .text("lent {object} ({id}) to {borrower}{due}"),
        .historyLent: .text("Lent to {borrower}{due}"),
        .undoLoan: .text("#{seq} lent the object; a loan ends with 'plings return'"),
        .selfLoan: .text("'{id}' cannot be lent to itself; give --to another thing's id or a name"),
        .badDue: .text("--due takes a day as YYYY-MM-DD (2027-06-01), not '{value}'"),
        .lendNeedsTo: .text("lend needs --to WHO: the id of a thing in the world (a person, an exhibition) or a name"),
        .month1: .text("January"), .month2: .text("February"), .month3: .text("March"), .month4: .text("April"),
        .month5: .text("May"), .month6: .text("June"), .month7: .text("July"), .month8: .text("August"),
        .month9: .text("September"), .month10: .text("October"), .month11: .text("November"),
        .month12: .text("December"),
        .helpLend: .text(
            """
            OVERVIEW: Lend a thing: it leaves home with a borrower until it is returned.

            Its current location leaves home (it is no longer in any place of
            yours; what is inside it goes along, and what stood against it loses
            that relation); its home stays. The card, away and loans say "lent to
            Anna since 3 May, due 1 June (overdue)". 'plings return X' ends the loan
            and puts it home; so does placing it anywhere on the current axis.

            USAGE: plings lend X --to WHO [--due DATE] [--note TEXT] [--json]

            ARGUMENTS:
              X                   The thing lent.

            OPTIONS:
              --to WHO            Who has it: the id of a thing in the world (a person,
                                  an exhibition), else a name.
              --due DATE          The day it is due back (YYYY-MM-DD).
              --note TEXT         A note (1–200 bytes).
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpLoans: .text(
            """
            OVERVIEW: List what is lent: to whom, since when, due when, overdue first.

            A loan is overdue after its due day, in your zone (TZ); that is
            computed when you ask, never stored.

            USAGE: plings loans [--overdue] [--at POINT] [--json]

            OPTIONS:
              --overdue           Only the loans past their due day.
              --at POINT          As of a seq, a time or a date.
              --json              Print the list as JSON.
            {globalOptions}

            """),
    ]

    /// Loans (ADR 0011) in Swedish.
    static let swedishLoans: [MessageKey: Entry] = [
        .loanLentTo: .text("utlånad till {borrower} sedan {since}"),
        .loanDue: .text(", åter {due}"),
        .loanOverdue: .text(" (försenad)"),
        .loanDay: .text("{day} {month}"),
        .loanDayYear: .text("{day} {month} {year}"),
        .loansNone: .text("Inget är utlånat."),
        .loansNoneOverdue: .text("Inget utlånat är försenat."),
        .lentSentence: .text("lånade ut {object} ({id}) till {borrower}{due}"),
        .historyLent: .text("Utlånad till {borrower}{due}"),
        .undoLoan: .text("#{seq} lånade ut saken; ett lån avslutas med 'plings return'"),
        .selfLoan: .text("'{id}' kan inte lånas ut till sig själv; ge --to en annan saks id eller ett namn"),
        .badDue: .text("--due tar en dag som ÅÅÅÅ-MM-DD (2027-06-01), inte '{value}'"),
        .lendNeedsTo: .text(
            "lend behöver --to VEM: id för en sak i världen (en person, en utställning) eller ett namn"),
        .month1: .text("januari"), .month2: .text("februari"), .month3: .text("mars"), .month4: .text("april"),
        .month5: .text("maj"), .month6: .text("juni"), .month7: .text("juli"), .month8: .text("augusti"),
        .month9: .text("september"), .month10: .text("oktober"), .month11: .text("november"),
        .month12: .text("december"),
        .helpLend: .text(
            """
            ÖVERSIKT: Låna ut en sak: den lämnar hemmet med en låntagare tills den lämnas tillbaka.

            Dess nuvarande plats lämnar hemmet (den är inte längre på någon av
            dina platser; det som är i den följer med, och det som stod intill den
            förlorar den relationen); hemmet står kvar. Kortet, away och loans
            säger "utlånad till Anna sedan 3 maj, åter 1 juni (försenad)".
            'plings return X' avslutar lånet och ställer den hemma; det gör också
            en placering var som helst på den nuvarande axeln.

            ANVÄNDNING: plings lend X --to VEM [--due DATUM] [--note TEXT] [--json]

            ARGUMENT:
              X                   Saken som lånas ut.

            FLAGGOR:
              --to VEM            Vem som har den: id för en sak i världen (en person,
                                  en utställning), annars ett namn.
              --due DATUM         Dagen den ska vara tillbaka (ÅÅÅÅ-MM-DD).
              --note TEXT         En anteckning (1–200 byte).
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpLoans: .text(
            """
            ÖVERSIKT: Lista det som är utlånat: till vem, sedan när, åter när, försenat först.

            Ett lån är försenat efter sin återlämningsdag, i din zon (TZ); det
            räknas ut när du frågar och sparas aldrig.

            ANVÄNDNING: plings loans [--overdue] [--at PUNKT] [--json]

            FLAGGOR:
              --overdue           Bara lånen som passerat sin dag.
              --at PUNKT          Per en seq, en tid eller ett datum.
              --json              Skriv listan som JSON.
            {globalOptions}

            """),
    ]

    /// The name of month `m` (1–12) in this catalog's language.
    package func monthName(_ m: Int) -> String {
        let keys: [MessageKey] = [
            .month1, .month2, .month3, .month4, .month5, .month6, .month7, .month8, .month9, .month10, .month11,
            .month12,
        ]
        return (1...12).contains(m) ? self(keys[m - 1]) : String(m)
    }
}
