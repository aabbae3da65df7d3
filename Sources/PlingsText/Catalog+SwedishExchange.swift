extension Catalog {
    /// Kalkylark in och ut (`plings import`, `plings export`) på svenska.
    static let swedishExchange: [MessageKey: Entry] = [
        .csvColumnID: .text("id"),
        .csvColumnName: .text("namn"),
        .csvColumnContainer: .text("behållare"),
        .csvColumnRelation: .text("relation"),
        .csvColumnHomeContainer: .text("hembehållare"),
        .csvColumnHomeRelation: .text("hemrelation"),
        .csvColumnLentTo: .text("utlånad till"),
        .csvColumnLentSince: .text("utlånad sedan"),
        .csvColumnDue: .text("åter senast"),
        .csvColumnLoanNote: .text("lånenotering"),
        .importAt: .text("{source}:{line}"),
        .importAtColumn: .text("{source}:{line}, kolumn {number} ('{column}')"),
        .importUTF16: .text("filen är UTF-16; spara den som CSV UTF-8 (i Excel: Spara som, 'CSV UTF-8')"),
        .importInvalidUTF8: .text("cellen är inte giltig UTF-8; spara filen som CSV UTF-8"),
        .importQuoteInCell: .text(
            "ett citattecken inne i en cell som inte börjar med ett; sätt cellen inom citattecken och skriv "
                + "citattecknet två gånger (\"\")"),
        .importTextAfterQuote: .text(
            "text efter citattecknet som stänger cellen; ett citattecken inne i en cell inom citattecken skrivs "
                + "två gånger (\"\")"),
        .importUnclosedQuote: .text("citattecknet som öppnar cellen stängs aldrig; stäng det med ett citattecken"),
        .importLoneCarriageReturn: .text(
            "en vagnretur utan radmatning; spara filen med radslut CRLF eller LF"),
        .importRowTooLong: .text("en rad längre än {limit} byte; stängs något citattecken ovanför aldrig?"),
        .importEmptyFile: .text("filen är tom; dess första rad namnger kolumnerna: {columns}"),
        .importUnknownColumn: .text("okänd kolumn '{value}'; kolumnerna är {columns}"),
        .importUnknownColumnSuggest: .text("okänd kolumn '{value}'; menade du '{suggestion}'?"),
        .importColumnTwice: .text("kolumnen '{value}' namnges två gånger; namnge varje kolumn en gång"),
        .importNoIDOrNameColumn: .text(
            "första raden namnger varken kolumnen '{id}' eller '{name}'; namnge kolumnerna där: {columns}"),
        .importCellWithoutColumn: .text("en cell utan kolumn; namnge dess kolumn på första raden, eller töm den"),
        .importNoIDOrName: .text("raden har varken id eller namn; ange något av dem"),
        .importNameMissing: .text("'{id}' är ny (loggen har ingen sådan sak) och behöver ett namn; fyll i namnet"),
        .importIDTwice: .text("id:t '{id}' finns på rad {first} också; ge varje sak en rad"),
        .importRelationWithoutContainer: .text(
            "en relation utan behållare; ange saken den gäller i kolumnen för behållare"),
        .importUnknownReference: .text(
            "ingen sak i filen eller loggen har id:t eller namnet '{value}'; ange ett id eller ett namn ur någon av dem"
        ),
        .importUnknownReferenceSuggest: .text(
            "ingen sak har id:t eller namnet '{value}'; id:n skiljer på stora och små bokstäver: menade du "
                + "'{suggestion}'?"),
        .importAmbiguousName: .text("{count} saker heter '{value}'; ange id:t för den du menar"),
        .importArchived: .text(
            "'{id}' är arkiverad; ta tillbaka den först med 'plings restore {id} --to MÅL', eller ta bort raden"),
        .importCircle: .plural(
            one: "den här raden och rad {lines} placerar sina saker i förhållande till varandra i en cirkel "
                + "({axis}), vilket ingen ordning av placeringar kan göra; ändra en av dem",
            other: "den här raden och raderna {lines} placerar sina saker i förhållande till varandra i en cirkel "
                + "({axis}), vilket ingen ordning av placeringar kan göra; ändra en av dem"),
        .importReferenceHasError: .text("'{value}' är saken på rad {first}, som har ett fel; rätta den raden först"),
        .importBadDue: .text("'{value}' är ingen dag; skriv återlämningsdagen som ÅÅÅÅ-MM-DD (2027-06-01)"),
        .importBadSince: .text(
            "'{value}' är ingen tid; skriv när lånet började som ÅÅÅÅ-MM-DD (2027-05-01) eller som export skriver det (2027-05-01T10:00:00.000Z)"
        ),
        .importLoanWithoutBorrower: .text(
            "en återlämningsdag, lånenotering eller utlånad sedan utan låntagare; fyll i '{column}' (vem som har den), eller töm cellen"
        ),
        .importLentButPlaced: .text(
            "en utlånad sak är i Världen: lämna '{container}' tom eller skriv Världen, och ge var den hör hemma i '{home}'"
        ),
        .importGenerated: .text("rad {line}: id:t '{id}' gjordes av namnet '{name}'"),
        .importSummary: .text(
            "importerade {rows} från '{source}': {created}, {changed}, {unchanged}, {rejected}; lade till {events} i "
                + "{batches}"),
        .importDrySummary: .text(
            "skulle importera {rows} från '{source}': {created}, {changed}, {unchanged}, {rejected}; "
                + "skulle lägga till {events} i {batches}; ingenting skrevs"),
        .importNothingWritten: .text(
            "ingenting importerades från '{source}': {errors}; rätta dem, eller importera de andra raderna med "
                + "--on-error skip"),
        .importBatches: .text(
            "skrevs i {batches} om högst {limit} händelser medan loggen var låst; varje sats kommer med helt eller "
                + "inte alls, och att importera samma fil igen gör klart en import som avbröts"),
        .importPartial: .text(
            "dessförinnan skrevs {batches} ({events}, till och med seq {seq}), var och en hel; "
                + "att importera samma fil igen gör klart importen"),
        .importProgress: .text("import: {phase} {done} av {total} kommandon ({percent} %)"),
        .importChecking: .text("kontrollerar"),
        .importWriting: .text("skriver"),
        .exportOneFormat: .text("ange --csv eller --json, inte båda"),
        .fpWorld: .text("värld"),
        .pointAsOfSeq: .text("Per #{seq} ({at})"),
        .diffFromPoint: .text("Från: {point}"),
        .diffToPoint: .text("Till: {point}"),
        .pointAsOfTime: .text("Per #{seq} ({at}), den sista händelsen till och med {instant}"),
        .pointAfterLastTime: .text(
            "Efter den sista händelsen (#{seq}, {at}): ingenting registrerades efter den till och med {instant}"),
        .pointBeforeFirst: .text("Före den första händelsen: ingenting fanns ännu vid {point}"),
        .pointInZone: .text("{instant} ({text} i {zone})"),
        .badTimeZone: .text(
            "TZ namnger ingen tidszon som systemet känner ('{value}'); sätt den till ett namn som Europe/Stockholm "
                + "eller UTC"),
        .countRows: .plural(one: "1 rad", other: "{count} rader"),
        .countNewThings: .plural(one: "1 ny sak", other: "{count} nya saker"),
        .countChanged: .plural(one: "1 ändrad", other: "{count} ändrade"),
        .countRowErrors: .plural(one: "1 rad har ett fel", other: "{count} rader har fel"),
        .helpImport: .text(
            """
            ÖVERSIKT: Ta in ett kalkylark med saker, sparat som CSV: en rad per sak.

            Första raden namnger kolumnerna, på svenska eller engelska, i valfri
            ordning: id, namn, behållare, relation, hembehållare, hemrelation,
            utlånad till, utlånad sedan, åter senast, lånenotering (id, name,
            container, relation, home container, home relation, lent to, lent since,
            due, loan note); id eller namn räcker. En rad med 'utlånad till' (en
            saks id eller ett namn) lånar ut saken som 'plings lend' gör, och radens
            enda plats är dess hem; lånet börjar vid importen ('utlånad sedan'
            kontrolleras men behålls inte). En rad om en ny sak skapar den; en rad
            om en sak som loggen känner byter dess namn när namnet skiljer sig och
            placerar den som raden säger. Ett tomt id görs av namnet (Köksbordet:
            koksbordet, nästa koksbordet-2) och listas. En behållare är ett id, ett
            namn eller Världen; en tom relation är 'i', och alla relationer som
            'plings place' tar går bra. En angiven plats gäller båda axlarna; ingen
            lämnar saken där den är. Behållare placeras före det som är i eller
            bredvid dem, i vilken ordning raderna än står. Samma fil igen ändrar
            ingenting.

            Varje rad med ett fel anges med rad och kolumn, och ingenting skrivs
            om inte varje rad är felfri (eller --on-error skip). Upp till 100000
            kommandon är en sats, hel eller inte alls; fler skrivs i satser om
            100000 medan loggen är låst (se docs/import-export.md). RFC 4180-CSV i
            UTF-8: en byte-ordningsmarkering, CRLF eller LF, och semikolon eller
            tabb som avgränsare när första raden saknar komma, går bra.

            ANVÄNDNING: plings import FIL [--dry-run] [--on-error stop|skip] [--json]

            ARGUMENT:
              FIL                 Kalkylarket som CSV; '-' läser stdin.

            FLAGGOR:
              --dry-run           Kontrollera varje rad och säg vad den skulle
                                  göra; skriv ingenting.
              --on-error POLICY   stop (standard): skriv ingenting när en rad har
                                  ett fel; skip: importera de andra raderna.
              --json              Skriv sammanfattningen som JSON.
            {globalOptions}

            """),
        .helpExport: .text(
            """
            ÖVERSIKT: Skriv världen som ett kalkylark (CSV) som 'plings import' läser tillbaka.

            En rad per sak i världen (arkiverade saker finns inte där), i den
            ordning de gjordes, med kolumnerna id, namn, behållare, relation,
            hembehållare, hemrelation, utlånad till, utlånad sedan, åter senast
            och lånenotering, rubricerade på textens språk. En
            behållare är sakens id (eller Världen); en relation är ett ord som
            'plings place' tar. Att importera filen i en tom logg gör samma värld:
            'plings fingerprint' visar samma världsavtryck. RFC 4180: komman,
            radslut CRLF, citattecken kring de celler som behöver dem.

            ANVÄNDNING: plings export [--csv] [--at PUNKT] [--json]

            FLAGGOR:
              --csv               Skriv CSV (standard).
              --at PUNKT          Världen som den var vid ett seq, en tid eller ett datum.
              --json              Samma rader som JSON, med punkten de gäller.
            {globalOptions}

            """),
    ]
}
