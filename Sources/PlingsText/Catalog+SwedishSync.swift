extension Catalog {
    /// The Swedish texts of sync: clone, sync, pending, serve.
    static let swedishSync: [MessageKey: Entry] = [
        .syncBadCommand: .text(
            "{what}: kommandot kan inte bäras; enheten som skickade det måste rätta sin väntande kö ('plings pending' visar den)"
        ),
        .syncPendingDamaged: .text(
            "den väntande kön '{path}' är skadad på rad {line}: {why}; det är den här enhetens egen fil, inte hubbens verk: rätta raden, eller flytta undan filen (dess kommandon skickas då inte)"
        ),
        .syncCommandMissing: .text("ett '{kind}'-kommando utan sitt '{member}'"),
        .syncCommandNotTaken: .text("ett '{kind}'-kommando med '{member}', som det inte tar"),
        .syncCommandNotAnID: .text("ett '{kind}'-kommando vars '{member}' inte är ett giltigt id"),
        .syncCommandTooLong: .text("ett '{kind}'-kommando vars '{member}' är längre än {limit} byte"),
        .syncCommandUnknown: .text("ett '{kind}'-kommando vars '{member}' inte är ett som Plings känner"),
        .syncProtocol: .text("motparten bröt synkprotokollet: {why}; kontrollera att båda sidor kör Plings"),
        .syncTruncated: .text("strömmen tog slut mitt i ett meddelande; synka igen"),
        .syncOversized: .text("ett synkmeddelande är längre än gränsen {limit} byte; kontrollera motparten"),
        .syncMessageTooLarge: .text(
            "ett synkmeddelande bär mer än {limit} byte; inget av det användes; motparten är inget Plings-nav eller ingen Plings-enhet, eller trasig"
        ),
        .syncNewerProtocol: .text(
            "motparten talar synkprotokoll {version}, nyare än detta bygge ({ours}); uppgradera Plings"),
        .syncHubError: .text("navet svarade med ett fel ({code}): {message}"),
        .syncDiverged: .text(
            "spegeln är inte en början av navets logg ({why}); klona på nytt till en ny fil "
                + "och flytta sedan de väntande kommandona dit med 'plings pending --move-to NY'"),
        .syncSSHNotURL: .text("'{url}' är inte ssh://[användare@]värd[:port]/sökväg; kontrollera KÄLLA"),
        .syncSSHUserOption: .text(
            "användaren i '{url}' börjar med '-', som ssh skulle läsa som en flagga; kontrollera KÄLLA"),
        .syncSSHHostOption: .text(
            "värden i '{url}' börjar med '-', som ssh skulle läsa som en flagga; kontrollera KÄLLA"),
        .syncSSHPort: .text("porten '{port}' i '{url}' är inte ett tal från 1 till 65535; kontrollera KÄLLA"),
        .clockBehind: .text(
            "den här datorns klocka ({clock}) ligger efter loggens senaste tid, så händelserna får tiden {at} "
                + "(en loggs tider går aldrig bakåt); ställ klockan rätt, eller leta upp raden med den tiden "
                + "('plings log --from {at}')"),
        .verifyClockBehind: .text(
            "den här datorns klocka ({clock}) ligger efter loggens senaste tid ({at}): händelser som läggs till här "
                + "får tiden {at} tills klockan passerat den; ställ klockan rätt, eller leta upp raden med den tiden"),
        .verifyClockKept: .plural(
            one: "1 händelse skrevs medan klockan låg efter loggen: den behåller klockans tid "
                + "bredvid loggens ('plings log' säger 'klockan visade …')",
            other: "{count} händelser skrevs medan klockan låg efter loggen: var och en behåller klockans tid "
                + "bredvid loggens ('plings log' säger 'klockan visade …')"),
        .cacheNotUsed: .text(
            "cachemappen '{path}' används inte, så vyerna läser hela loggen: {why}; ta bort den "
                + "(nästa 'plings rebuild' gör en ny)"),
        .cacheFolderUnwritable: .text(
            "kan inte skriva i cachemappen '{path}': {why}; ta bort den (dess ägare kan, om du inte kan) och kör "
                + "kommandot igen: Plings gör en ny"),
        .cacheNameTaken: .text(
            "'{path}' är en mapp där Plings har en cachefil; den lämnades som den är, och den cachen skrevs inte "
                + "(vyerna fungerar ändå, från loggen); flytta undan mappen och kör 'plings rebuild' igen"),
        .cacheIsLink: .text("den är en symbolisk länk"),
        .cacheNotFolder: .text("den är ingen mapp"),
        .cacheNotOwned: .text("den tillhör en annan användare"),
        .cacheWritableByOthers: .text("andra kan skriva i den"),
        .syncTransport: .text("förbindelsen till navet misslyckades: {why}; kontrollera KÄLLA, --via eller PLINGS_SSH"),
        .syncDeviceSeqOutOfRange: .text(
            "enhetens seq {dseq} ligger utanför 1 till {limit}, som en rad i loggen rymmer; inget skrevs "
                + "(klona igen till en ny fil med ett annat --device-namn)"),
        .syncUnrecordedVerdict: .text(
            "hubben svarade på enhetens seq {dseq}, men dess logg har inte det kommandot; det ligger kvar "
                + "(synka igen; händer det igen sparar hubben inte det den svarar)"),
        .syncNotADevice: .text("'{path}' är ingen enhet; gör den till en med 'plings clone KÄLLA'"),
        .syncAlreadyADevice: .text("'{path}' finns redan; klona till en ny fil"),
        .syncAlreadyCloned: .text(
            "'{path}' är redan en enhet (en kloning som avbröts lämnar en); "
                + "gör den aktuell med plings --log '{path}' sync, eller klona till en ny fil"),
        .syncMirrorNotAHub: .text(
            "'{path}' är en enhets spegel av en hubb, ingen hubb: den tar bara sin egen hubbs rader; "
                + "servera, klona eller synka med hubbens egen logg, den som enheten klonades från"),
        .syncInvalidDevice: .text(
            "ogiltigt enhetsnamn '{name}': {why}; använd 1–32 tecken av A–Z a–z 0–9 - _"),
        .syncDeviceReadOnly: .text(
            "'{path}' är en enhet: dess logg tar bara navets rader; kör detta på navet, "
                + "eller ett kommando i taget här"),
        .syncServeNeedsStdio: .text(
            "serve behöver --stdio eller --cgi; användning: plings serve --stdio, eller plings serve --cgi [--access FIL]"
        ),
        .syncCloned: .text("klonade {events} till '{path}' som enheten '{device}'"),
        .syncClonedShallow: .text(
            "började från navets ögonblicksbild vid #{seq}: vyerna når tillbaka dit; tidigare punkter visar navet"),
        .syncNoSnapshot: .text(
            "navet har inte publicerat någon ögonblicksbild att börja från; dess förvaltare kan köra 'plings rebuild' "
                + "på navet, eller klona utan --shallow"),
        .syncShallowNotCarried: .text(
            "en grund klon behöver ett nav som nås via sökväg eller HTTP(S); över ssh eller --via, klona utan --shallow"
        ),
        .syncSnapshotTooLarge: .text(
            "navets ögonblicksbild bär mer än {limit} byte, mer än en ögonblicksbild av en verklig värld; inget av den "
                + "behölls; navet är inget Plings-nav eller trasigt; klona utan --shallow"),
        .syncSnapshotDamaged: .text(
            "navets ögonblicksbild stämmer inte (dess huvud, en kontrollsumma eller världen i den är fel, eller den "
                + "fortsätter förbi sin storlek); inget av den behölls; klona igen, eller klona utan --shallow"),
        .syncConnectionClosed: .text(
            "navets webbserver stängde förbindelsen mitt i sitt svar; inget av svaret användes; kör kommandot igen"),
        .beforeBase: .text(
            "den här enhetens kopia börjar vid #{seq} (navets ögonblicksbild som den klonades från); fråga navet om "
                + "tidigare punkter"),
        .damagedBase: .text(
            "'{path}', navets ögonblicksbild som den här grunda enheten börjar från, saknas eller är skadad; klona "
                + "navet igen till en ny fil och flytta dit de väntande kommandona med 'plings pending --move-to'"),
        .baseFormatOlder: .text(
            "'{path}', navets ögonblicksbild som den här grunda enheten börjar från, har ögonblicksbildsformat "
                + "{version}, skrivet av en äldre Plings, som den här inte längre läser; klona navet igen till en ny fil "
                + "och flytta dit de väntande kommandona med 'plings pending --move-to'"),
        .baseFormatNewer: .text(
            "'{path}', navets ögonblicksbild som den här grunda enheten börjar från, har ögonblicksbildsformat "
                + "{version}, nyare än den här Plings läser (format {newest}); uppgradera Plings"),
        .verifyOnBase: .text("kontrollerade #{first}–#{last} ovanpå navets ögonblicksbild vid #{seq} (hash {hash})"),
        .verifyOnBaseOnly: .text("inga rader efter navets ögonblicksbild vid #{seq} (hash {hash}) ännu; den stämmer"),
        .syncSummary: .text(
            "skickade {pushed}, godtagna {accepted}, vägrade {refused}, hämtade {pulled}; navet vid #{seq}"),
        .syncRefused: .text("vägrad: {device}#{dseq} {command}: {reason}"),
        .syncQueued: .text("väntar: {device}#{dseq} {command}"),
        .syncLikelyRefused: .text("(vägras troligen: {reason})"),
        .syncNothingPending: .text("inget väntar"),
        .syncNotCarried: .text(
            "en enhet köar create, rename, place, return, seen, archive och restore; kör return --all och undo på navet"
        ),
        .helpClone: .text(
            """
            ÖVERSIKT: Gör loggen till en enhet för ett nav och hämta navets logg till den.

            ANVÄNDNING: plings clone KÄLLA [--device NAMN] [--via KOMMANDO] [--insecure-http] [--shallow]

            ARGUMENT:
              KÄLLA               Sökvägen till ett navs logg,
                                  ssh://[användare@]värd/sökväg/till/nav.jsonl
                                  (kör $PLINGS_SSH värd plings serve --stdio --log SÖKVÄG),
                                  eller https://värd/BAS, ett nav på webben (inloggningen
                                  för värden ur ~/.netrc eller $PLINGS_NETRC; $PLINGS_TIMEOUT
                                  sekunder för varje svar, 30 som förval).

            FLAGGOR:
              --device NAMN       Enhetens namn (förval: värdnamnet och ett kort
                                  slumpat tillägg, som laptop-k3f9).
              --via KOMMANDO      Nå navet genom KOMMANDO (körs med sh -c), som talar
                                  synkprotokollet på stdin och stdout.
              --insecure-http     Tillåt http:// till en annan dator än denna.
              --shallow           Börja från den nyaste ögonblicksbild navet publicerat
                                  ('plings rebuild' på navet) och hämta bara händelserna
                                  efter den (ett nav via sökväg eller på webben). Vyerna
                                  når tillbaka till den; tidigare punkter visar navet.
            {globalOptions}

            """),
        .helpSync: .text(
            """
            ÖVERSIKT: Skicka de väntande kommandona till navet och hämta sedan navets nya
            händelser.

            ANVÄNDNING: plings sync [KÄLLA] [--via KOMMANDO] [--insecure-http] [--json]

            ARGUMENT:
              KÄLLA               Navet (förval: det enheten klonades från).

            FLAGGOR:
              --via KOMMANDO      Nå navet genom KOMMANDO (sh -c).
              --insecure-http     Tillåt http:// till en annan dator än denna.
              --json              Skriv resultatet som JSON.
            {globalOptions}

              Slutstatus: 0 när navet godtog varje skickat kommando, 3 när det vägrade
              något (resten synkades ändå), 1 vid fel i förbindelsen eller loggen.

            """),
        .helpPending: .text(
            """
            ÖVERSIKT: Lista kommandona som gjorts på den här enheten men inte finns på
            navet än, äldst först.

            ANVÄNDNING: plings pending [--json]
                        plings pending --move-to NY

            FLAGGOR:
              --json              Skriv kön som JSON.
              --move-to NY        Flytta kön till enheten vars logg är NY (en ny klon),
                                  för kommandon den här enheten inte längre kan skicka
                                  (dess namn användes också av en annan enhet).
            {globalOptions}

            """),
        .helpServe: .text(
            """
            ÖVERSIKT: Servera loggen som nav: på stdin och stdout (för ssh), eller som
            CGI-program bakom en webbserver.

            ANVÄNDNING: plings serve --stdio
                        plings serve --cgi [--access FIL]

            FLAGGOR:
              --stdio             Tala synkprotokollet på stdin och stdout.
              --cgi               Svara på en HTTP-förfrågan som CGI-program: POST BAS/sync,
                                  GET BAS/log och webbsidorna på BAS/ (kortet, flytten,
                                  trädet, etiketter; docs/web.md). Webbservern loggar
                                  in användarna (REMOTE_USER); se docs/deploy.md.
              --access FIL        Vem som får läsa och vem som får skriva: rader
                                  'ANVÄNDARE read' eller 'ANVÄNDARE write'; den som inte
                                  står med får 403 (standard: varje inloggad får skriva).
            {globalOptions}

            """),
    ]
}
