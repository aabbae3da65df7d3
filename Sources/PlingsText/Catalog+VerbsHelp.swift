extension Catalog {
    /// The everyday verbs' help in English; `{globalOptions}` is filled in by the CLI.
    static let englishVerbsHelp: [MessageKey: Entry] = [
        .helpReturn: .text(
            """
            OVERVIEW: Put X back where it belongs: its current location becomes its home.

            X's home relation (say "under Bord") comes along when its reference stands
            in the home container now; otherwise it is dropped, and you are told. With
            --all, everything that is away is returned as one batch, containers first.
            Nothing is appended when X is home already ("unchanged").

            USAGE: plings return X [--json]
                   plings return --all [--in C] [--json]

            ARGUMENTS:
              X                   The thing to return.

            OPTIONS:
              --all               Return everything that is away.
              --in C              With --all: only what is inside C now.
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpUndo: .text(
            """
            OVERVIEW: Undo an event by appending its compensation; the log is never edited.

            Puts the event's own object back as it was just before the event: its
            placement on the axes the event changed, or its name. Relations other
            things lost because the event moved it are listed, not restored. Without
            SEQ, undo walks back: each undo takes back the previous move, rename or
            return by --actor, one by one, and says which ("undid #48: placed …");
            'plings redo' brings them back until you make a new change. Undoing
            SEQ undoes that event alone (undoing an undo redoes). Refused, with the
            reason, when that is no longer possible (the old container is now inside
            the thing, or archived). Creates, archives, restores and sightings are
            not undone.

            USAGE: plings undo [SEQ] [--json]

            ARGUMENTS:
              SEQ                 The event to undo (default: your previous step).

            OPTIONS:
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpRedo: .text(
            """
            OVERVIEW: Redo what your last undo took back.

            Walks forward again through the steps that plain 'plings undo' took
            back, one by one, and says which ("redid #48: placed …"). A new change
            of yours (a move, rename, return, create, archive or restore) ends
            what can be redone. Like undo, it appends; the log is never edited.

            USAGE: plings redo [--json]

            OPTIONS:
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpSeen: .text(
            """
            OVERVIEW: Record that things were seen where Plings says they are.

            Nothing moves. The card shows when each was last seen, and stocktake
            counts a sighting as a check.

            USAGE: plings seen X [X…] [--json]

            ARGUMENTS:
              X                   A thing that was seen; several are recorded as one batch.

            OPTIONS:
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpStocktake: .text(
            """
            OVERVIEW: List what inside C nobody has seen or placed since a time, oldest first.

            A location audit: everything in C (recursively, where it is now) whose
            last sighting, placement, return or restore is older than --since.
            Archived things are left out.

            USAGE: plings stocktake [C] [--since TIME] [--at POINT] [--json]

            ARGUMENTS:
              C                   The container to check (default: the whole world).

            OPTIONS:
              --since TIME        Only things not handled since this RFC 3339 time or date.
              --at POINT          As it was after a seq, a time or a date.
              --json              Print the list as JSON.
            {globalOptions}

            """),
        .helpFind: .text(
            """
            OVERVIEW: Find things by name or id, ignoring case and accents.

            'kok' finds Köksbordet. Hits are ranked: the exact id, then ids and names
            that start with the text, then names with a word that starts with it,
            then any other match. Each hit shows where it is and where it belongs.

            USAGE: plings find TEXT [--limit N] [--archived] [--at POINT] [--json]

            ARGUMENTS:
              TEXT                What to look for.

            OPTIONS:
              --limit N           At most N hits (default 20).
              --archived          Include archived things.
              --at POINT          As it was after a seq, a time or a date.
              --json              Print the hits as JSON.
            {globalOptions}

            """),
        .helpArchive: .text(
            """
            OVERVIEW: Take X out of the world: thrown away, sold, lent out.

            Refused while X contains anything, unless --with-contents (then everything
            in it goes too, as a group). Relations such as "under X" are dropped. X
            leaves tree, away, find and stocktake; its card and history stay, and its
            id is never used again. Bring it back with 'plings restore'.

            USAGE: plings archive X [--note TEXT] [--with-contents] [--json]

            ARGUMENTS:
              X                   The thing to archive.

            OPTIONS:
              --note TEXT         Why (1-200 bytes), shown on the card.
              --with-contents     Archive what is in, on or attached to X too.
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpRestore: .text(
            """
            OVERVIEW: Bring an archived thing back, placed relative to Y on both axes.

            What was archived together with it comes back with it, inside it.

            USAGE: plings restore X --to Y [--relation R] [--json]

            ARGUMENTS:
              X                   The archived thing.

            OPTIONS:
              --to Y              Where it goes: a thing's id, or 'world'.
              --relation R        How it is placed against Y (default: in).
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
    ]

    /// The everyday verbs' help in Swedish.
    static let swedishVerbsHelp: [MessageKey: Entry] = [
        .helpReturn: .text(
            """
            ÖVERSIKT: Ställ tillbaka X där det hör hemma: nuvarande plats blir hemplatsen.

            X:s lägesrelation hemma (till exempel "under Bord") följer med när dess
            referens står i hembehållaren nu; annars faller den bort, och det sägs.
            Med --all ställs allt som är borta tillbaka i en sats, behållare först.
            Inget läggs till när X redan är hemma ("oförändrat").

            ANVÄNDNING: plings return X [--json]
                        plings return --all [--in C] [--json]

            ARGUMENT:
              X                   Saken som ställs tillbaka.

            FLAGGOR:
              --all               Ställ tillbaka allt som är borta.
              --in C              Med --all: bara det som är i C nu.
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpUndo: .text(
            """
            ÖVERSIKT: Ångra en händelse genom att lägga till det som tar ut den; loggen ändras aldrig.

            Ställer händelsens eget objekt som det var just före händelsen: dess plats
            på de axlar händelsen ändrade, eller dess namn. Relationer som andra saker
            förlorade när händelsen flyttade det räknas upp men återställs inte. Utan
            SEQ går undo bakåt: varje undo tar tillbaka föregående flytt, namnbyte
            eller återlämning av --actor, en i taget, och säger vilken ("ångrade
            #48: placerade …"); 'plings redo' gör om dem tills du gör en ny ändring.
            Att ångra SEQ ångrar bara den händelsen (att ångra en ångring gör om).
            Vägras, med skälet, när det inte längre går (den gamla behållaren ligger
            nu i saken, eller är arkiverad). Skapanden, arkiveringar,
            återställningar och iakttagelser ångras inte.

            ANVÄNDNING: plings undo [SEQ] [--json]

            ARGUMENT:
              SEQ                 Händelsen att ångra (standard: ditt föregående steg).

            FLAGGOR:
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpRedo: .text(
            """
            ÖVERSIKT: Gör om det din senaste undo tog tillbaka.

            Går framåt igen genom stegen som 'plings undo' utan SEQ tog tillbaka,
            ett i taget, och säger vilket ("gjorde om #48: placerade …"). En ny
            ändring av dig (en flytt, ett namnbyte, en återlämning, ett skapande,
            en arkivering eller återställning) avslutar det som kan göras om. Som
            undo lägger den till; loggen ändras aldrig.

            ANVÄNDNING: plings redo [--json]

            FLAGGOR:
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpSeen: .text(
            """
            ÖVERSIKT: Notera att saker sågs där Plings säger att de är.

            Inget flyttas. Kortet visar när var och en senast sågs, och inventeringen
            räknar en iakttagelse som en kontroll.

            ANVÄNDNING: plings seen X [X…] [--json]

            ARGUMENT:
              X                   En sak som sågs; flera noteras i en sats.

            FLAGGOR:
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpStocktake: .text(
            """
            ÖVERSIKT: Lista det i C som ingen har sett eller placerat sedan en tid, äldst först.

            En platsinventering: allt i C (rekursivt, där det är nu) vars senaste
            iakttagelse, placering, återställning eller hemflytt är äldre än --since.
            Arkiverade saker räknas inte.

            ANVÄNDNING: plings stocktake [C] [--since TID] [--at PUNKT] [--json]

            ARGUMENT:
              C                   Behållaren som inventeras (standard: hela världen).

            FLAGGOR:
              --since TID         Bara det som inte hanterats sedan denna RFC 3339-tid eller dag.
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
              --json              Skriv listan som JSON.
            {globalOptions}

            """),
        .helpFind: .text(
            """
            ÖVERSIKT: Hitta saker på namn eller id, utan hänsyn till skiftläge och accenter.

            'kok' hittar Köksbordet. Träffarna rangordnas: exakt id, sedan id och namn
            som börjar med texten, sedan namn med ett ord som börjar med den, sedan
            övriga träffar. Varje träff visar var saken är och var den hör hemma.

            ANVÄNDNING: plings find TEXT [--limit N] [--archived] [--at PUNKT] [--json]

            ARGUMENT:
              TEXT                Det som söks.

            FLAGGOR:
              --limit N           Högst N träffar (standard 20).
              --archived          Ta med arkiverade saker.
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
              --json              Skriv träffarna som JSON.
            {globalOptions}

            """),
        .helpArchive: .text(
            """
            ÖVERSIKT: Ta X ur världen: slängd, såld, utlånad.

            Vägras så länge X innehåller något, om inte --with-contents anges (då följer
            allt i den med, som en grupp). Relationer som "under X" faller bort. X syns
            inte längre i tree, away, find och stocktake; kortet och historiken finns
            kvar, och id:t används aldrig igen. Ta tillbaka med 'plings restore'.

            ANVÄNDNING: plings archive X [--note TEXT] [--with-contents] [--json]

            ARGUMENT:
              X                   Saken som arkiveras.

            FLAGGOR:
              --note TEXT         Varför (1–200 byte), visas på kortet.
              --with-contents     Arkivera det som är i, på eller fastsatt på X också.
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpRestore: .text(
            """
            ÖVERSIKT: Ta tillbaka en arkiverad sak, placerad i förhållande till Y på båda axlarna.

            Det som arkiverades tillsammans med den kommer tillbaka med den, i den.

            ANVÄNDNING: plings restore X --to Y [--relation R] [--json]

            ARGUMENT:
              X                   Den arkiverade saken.

            FLAGGOR:
              --to Y              Vart den ska: en saks id, eller 'world'.
              --relation R        Hur den placeras mot Y (standard: i).
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
    ]
}
