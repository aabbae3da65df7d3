extension Catalog {
    /// The Swedish help texts; `{globalOptions}` is filled in by the CLI.
    static let swedishHelp: [MessageKey: Entry] = [
        .helpGlobalOptions: .text(
            """
              --log SÖKVÄG        Händelseloggen (standard: $PLINGS_LOG, annars ./plings.jsonl).
              --actor NAMN        Vem som gör ändringen, 1–100 byte; sparas i varje
                                  händelse (standard: $PLINGS_ACTOR).
              --lang sv|en        Textens språk (standard: $PLINGS_LANG, annars språkmiljön:
                                  $LC_ALL, $LC_MESSAGES, $LANG; sv* är svenska).
              -h, --help          Visa hjälpen.
            """),
        .helpOverview: .text(
            """
            ÖVERSIKT: Plings vet var varje fysisk sak är och var den hör hemma.

            Varje ändring är en händelse i en enda JSON-radslogg som bara växer; varje
            vy spelas upp ur den. Saker har två platser: nuvarande (där den är nu)
            och hem (där den hör hemma).

            ANVÄNDNING: plings [--log SÖKVÄG] [--actor NAMN] [--lang sv|en] KOMMANDO ...

            FLAGGOR:
            {globalOptions}
              --version           Visa versionen.

            KOMMANDON:
              create ID NAMN      Märk en ny sak; den börjar i Världen.
              rename ID NAMN      Ge en sak ett nytt namn.
              place X REL Y       Placera X i förhållande till Y (i, på, fastsatt-på,
                                  under, ovanför, vänster-om, höger-om, bredvid,
                                  framför, bakom).
              return X            Ställ tillbaka X där det hör hemma (--all: allt borta).
              undo [SEQ]          Ångra en händelse (standard: ditt föregående steg).
              redo                Gör om det din senaste undo tog tillbaka.
              seen X [X…]         Notera att saker sågs där Plings säger.
              stocktake [C]       Det i C som ingen sett eller placerat sedan en tid.
              find TEXT           Hitta saker på namn eller id, utan skiftläge och accenter.
              archive X           Ta X ur världen (slängd, såld).
              restore X --to Y    Ta tillbaka en arkiverad sak.
              lend X --to VEM     Låna ut X till en person eller sak; return X avslutar lånet.
              loans               Det som är utlånat: till vem, sedan och åter när.
              card X              Visa kortet för X.
              tree                Visa hela världen som ett träd.
              picture C           Rita det som finns i C som en bild (SVG).
              labels [ID…]        Ett ark etiketter med QR-koder att skriva ut (HTML).
              history X           Allt som hänt med X, med orsaker.
              log                 Händelserna som de är (som JSON-rader med --json).
              away                Allt som inte är där det hör hemma.
              diff                Vad som ändrats mellan två punkter i loggen.
              rebuild             Spela upp loggen och skriv ögonblicksbilder och tidslinjen.
              fingerprint         Ett avtryck av varje projektion, för att jämföra.
              apply [FIL]         Kör många kommandon från JSON-rader, i satser.
              import FIL          Ta in ett kalkylark med saker (CSV).
              export              Skriv världen som ett kalkylark (CSV).
              verify              Kontrollera loggens hashkedja, seq och varje rad.
              head                Skriv sista seq och dess hash (SEQ:HASH).
              repair [LOGG]       Lägg undan ett skadat slut av loggen (en handändring).
              help [KOMMANDO]     Visa den här översikten eller ett kommandos hjälp.
              completion SKAL     Skriv komplettering för bash, zsh eller fish.
              clone KÄLLA         Gör loggen till en enhet för ett nav och hämta det.
              sync [KÄLLA]        Skicka enhetens väntande kommandon, hämta navet.
              pending             Kommandona som inte finns på navet än.
              serve               Servera loggen som nav (--stdio för ssh, --cgi för webben).

              Vyerna tar --at PUNKT: ett seq (57), en RFC 3339-tid, en tid utan
              zon (läses i $TZ) eller ett datum (2026-06-28, slutet av den dagen i
              $TZ), och visar världen som den var direkt efter den punkten.

              Se 'plings help KOMMANDO' för vart och ett.

            """),
        .helpCreate: .text(
            """
            ÖVERSIKT: Märk en ny sak med ett id och ett namn. Den börjar i Världen på
            båda axlarna.

            ANVÄNDNING: plings create ID NAMN [--cid ID] [--expect-seq SEQ] [--json]

            ARGUMENT:
              ID                  1–64 tecken av A–Z a–z 0–9 - _ . (inte först '-';
                                  'world' är reserverat). Stora och små bokstäver
                                  skiljs åt: 'BOX' bredvid 'box' är en annan sak
                                  (en anteckning säger det).
              NAMN                Namnet som visas: 1–200 byte, inga kontrolltecken.

            FLAGGOR:
              --cid ID            Ett kommando-id du väljer: ett nytt försök med samma id
                                  läggs till högst en gång.
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ (optimistisk
                                  samtidighet).
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpRename: .text(
            """
            ÖVERSIKT: Ge en befintlig sak ett nytt namn.

            ANVÄNDNING: plings rename ID NAMN [--cid ID] [--expect-seq SEQ] [--json]

            ARGUMENT:
              ID                  Sakens id.
              NAMN                Det nya namnet: 1–200 byte, inga kontrolltecken.

            FLAGGOR:
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpPlace: .text(
            """
            ÖVERSIKT: Placera X i förhållande till Y: flyttflödet (Flytta).

            I, på och fastsatt-på gör Y till förälder: X följer med när Y flyttas.
            Under, ovanför, vänster-om, höger-om, bredvid, framför och bakom gör X till
            syskon till Y, i Y:s behållare, med en lägesrelation som faller bort när Y
            flyttas. Det som har ett läge i förhållande till X tappar det när X flyttas.
            En placering som inte ändrar något lägger inte till något ("oförändrat").

            En diagonal förenar två riktningar av olika slag (under/ovanför,
            framför/bakom, vänster-om/höger-om) med ett kommatecken, i valfri ordning:
            bakom,vänster-om är "snett bakom till vänster om". Den är en relation.

            ANVÄNDNING: plings place X RELATION Y [--axes både|nuvarande|hem] [--cid ID]
                                    [--expect-seq SEQ] [--json]

            ARGUMENT:
              X                   Saken som placeras.
              RELATION            i, på, fastsatt-på, under, ovanför, vänster-om,
                                  höger-om, bredvid, framför, bakom (engelska: in, on,
                                  attached-to, under, above, left-of, right-of,
                                  next-to, in-front-of, behind), eller en diagonal:
                                  två riktningar med kommatecken emellan
                                  (bakom,vänster-om, under,bakom, ovanför,höger-om, …).
              Y                   Referenssaken, eller 'world' (med 'i') för roten.

            FLAGGOR:
              --axes VAL          både (standard), nuvarande (bara nuvarande) eller hem
                                  (ny hemplats). Engelska: both, current, normal.
              --cid ID            Ett kommando-id du väljer (nya försök räknas en gång).
              --expect-seq SEQ    Misslyckas om loggens sista seq inte är SEQ.
              --json              Skriv det som lades till som JSON.
            {globalOptions}

            """),
        .helpCard: .text(
            """
            ÖVERSIKT: Visa kortet för en sak: nuvarande plats och hemplats som vägar
            från Världen med lägesrelationer, om den är borta från hemplatsen, och
            vad den innehåller.

            ANVÄNDNING: plings card X [--at PUNKT] [--json]

            ARGUMENT:
              X                   Sakens id.

            FLAGGOR:
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
              --json              Skriv kortet som JSON: id, name, current och normal (var och en
                                  med parent, relation, path, positional och inbound), away, contents,
                                  belongings, lastSeen, archived, asOfSeq (se docs/json.md).
            {globalOptions}

            """),
        .helpTree: .text(
            """
            ÖVERSIKT: Visa hela världen som ett träd på en axel.

            ANVÄNDNING: plings tree [X] [--axis nuvarande|hem] [--at PUNKT] [--json]

            ARGUMENT:
              X                   Bara X och det som finns i den (standard: hela världen).

            FLAGGOR:
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
              --axis AXEL         nuvarande (standard) eller hem (current, normal).
              --json              Skriv trädet som JSON.
            {globalOptions}

            """),
        .helpHistory: .text(
            """
            ÖVERSIKT: Visa allt som hänt med en sak, äldst först: händelserna om den,
            saker som placerats i förhållande till den, lägesrelationer den tappat
            för att referensen flyttades (med orsaken), och ändrade vägar för att en
            behållare ovanför flyttades. Var och en med seq, tid och aktör.

            ANVÄNDNING: plings history X [--at PUNKT] [--json]

            ARGUMENT:
              X                   Sakens id.

            FLAGGOR:
              --at PUNKT          Bara fram till ett seq, en tid eller ett datum.
              --json              Skriv posterna som JSON.
            {globalOptions}

            """),
        .helpLog: .text(
            """
            ÖVERSIKT: Visa loggens händelser, som meningar eller, med --json, som de
            sparade JSON-raderna själva (att skicka vidare till andra verktyg).

            ANVÄNDNING: plings log [--from PUNKT] [--to PUNKT] [--object X] [--json] [--follow]

            FLAGGOR:
              --from PUNKT        Börja vid ett seq, en tid eller ett datum.
              --to PUNKT          Sluta vid ett seq, en tid eller ett datum (inklusive).
              --object X          Bara händelser om X eller som placerar något vid X.
              --json              Skriv de sparade raderna (JSON-rader).
              --follow            Fortsätt och visa varje ny händelse när någon process
                                  lägger till den (med --json: ett flöde för andra
                                  verktyg); med --to, sluta när loggen har passerat den.
            {globalOptions}

            """),
        .helpAway: .text(
            """
            ÖVERSIKT: Lista allt vars nuvarande plats inte är hemplatsen, med var det
            är, var det hör hemma och sedan när.

            ANVÄNDNING: plings away [--in C] [--at PUNKT] [--json]

            FLAGGOR:
              --in C              Bara det som är i C, på alla djup under den.
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
              --json              Skriv listan som JSON.
            {globalOptions}

            """),
        .helpDiff: .text(
            """
            ÖVERSIKT: Visa vad som ändrats mellan två punkter i loggen: saker som
            tillkommit, bytt namn eller flyttats, och lägesrelationer som tillkommit
            eller fallit bort.

            ANVÄNDNING: plings diff --from PUNKT [--to PUNKT] [--json]

            FLAGGOR:
              --from PUNKT        Den tidigare punkten: ett seq, en tid eller ett datum.
              --to PUNKT          Den senare punkten (standard: nu).
              --json              Skriv ändringarna som JSON.
            {globalOptions}

            """),
        .helpRebuild: .text(
            """
            ÖVERSIKT: Spela upp hela loggen en gång och skriv ögonblicksbilder av varje
            projektion, och objektens tidslinje (varje objekts ändringar, för
            card --at), i cachemappen bredvid loggen (<logg>.plings-cache/), så
            att cachen håller sig under en fjärdedel av loggens storlek. Vyerna
            börjar sedan från närmaste ögonblicksbild. Gamla filer tas bort. Visar
            förloppet på en terminal.

            ANVÄNDNING: plings rebuild [--dry-run] [--quiet] [--json]

            FLAGGOR:
              --dry-run           Räkna och uppskatta; skriv ingenting.
              --quiet             Ingen förloppsrad.
              --json              Skriv sammanfattningen som JSON.
            {globalOptions}

            """),
        .helpFingerprint: .text(
            """
            ÖVERSIKT: Skriv ett avtryck av varje projektion (register, föräldraträd,
            lägesrelationer, uppspelningens tillstånd). Två vägar till samma punkt
            ger samma avtryck. Världens avtryck täcker bara det en människa ser
            (sakerna som inte är arkiverade, deras namn och platser), så en export
            som importeras i en annan logg ger samma.

            ANVÄNDNING: plings fingerprint [--at PUNKT] [--full] [--json]

            FLAGGOR:
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
              --full              Spela upp från början och strunta i ögonblicksbilder.
              --json              Skriv avtrycken som JSON.
            {globalOptions}

            """),
        .helpApply: .text(
            """
            ÖVERSIKT: Kör kommandon från JSON-rader, ett per rad, och avgör varje mot
            tillståndet som raderna före lämnade; lägg till dem i satser med en
            fsync per sats. Fälten är loggens egna ord:

                {"command":"create","object":"yTvK","name":"Plastlåda"}
                {"command":"rename","object":"yTvK","name":"Blå låda"}
                {"command":"place","object":"yTvK","relation":"under","target":"5GgB","axes":"both"}
                {"command":"undo","seq":42}

            Vardagsverben är rader också: return, return-all, seen, archive,
            restore, undo (utan "seq": aktörens föregående steg, bakåt) och redo,
            uppslagna efter att raderna före lagts till; se docs/verbs.md.
            "axes" (both, current eller normal) får utelämnas, liksom "cid", ett
            kommando-id som gör att en rad som körs igen räknas en gång. En rad är
            högst 16 KiB. En rad som inte ändrar något (en placering som redan
            gäller, ett "cid" som körs igen) lägger inte till något och räknas
            som oförändrad. Avvisade rader rapporteras på stderr med radnummer
            och orsak; slutstatus är 1 om någon avvisades. Rader som skapar ett
            id som bara skiljer sig från ett tidigare i stora och små bokstäver
            (BOX bredvid box: två saker) nämns i en anteckning på stderr (alla i
            --json).

            ANVÄNDNING: plings apply [FIL|-] [--dry-run] [--on-error stop|skip] [--batch N]
                                    [--json]

            ARGUMENT:
              FIL                 Kommandona; '-' eller ingenting läser stdin.

            FLAGGOR:
              --dry-run           Avgör varje rad mot tillståndet som det utvecklas och
                                  säg vad var och en skulle göra, också lägesrelationer
                                  som skulle falla bort; skriv ingenting.
              --on-error VAL      stop (standard): en avvisad rad stoppar körningen och
                                  dess sats läggs inte till (tidigare satser gör det);
                                  skip: rapportera den och fortsätt.
              --batch N           Kommandon per sats och fsync (standard 10000).
              --json              Skriv sammanfattningen som JSON.
            {globalOptions}

            """),
        .helpVerify: .text(
            """
            ÖVERSIKT: Kontrollera hela loggen: varje rads form och SHA-256, hashkedjan,
            att seq följer på varandra och tiderna. Namnger första felaktiga rad och
            byte. Slutstatus 0 när loggen är hel, annars 1.

            ANVÄNDNING: plings verify [--expect SEQ:HASH] [--events] [--json]

            FLAGGOR:
              --expect SEQ:HASH   Visa också att ett huvud som sparats tidigare med
                                  'plings head' finns kvar i loggen (upptäcker
                                  kapning och omskrivning i efterhand).
              --events            Spela också upp varje händelse och lista dem som
                                  hoppades över mot tillståndet (långsammare:
                                  uppspelningen går på en kärna).
              --json              Skriv rapporten som JSON.
            {globalOptions}

            """),
        .helpHead: .text(
            """
            ÖVERSIKT: Skriv loggens sista seq och radens hash som SEQ:HASH. Spara det
            på ett säkert ställe; 'plings verify --expect SEQ:HASH' visar senare att
            loggen fortfarande är en förlängning av det.

            ANVÄNDNING: plings head [--json]

            FLAGGOR:
              --json              Skriv seq, hash och tid som JSON.
            {globalOptions}

            """),
        .helpHelp: .text(
            """
            ÖVERSIKT: Visa översikten, eller hjälpen för ett kommando.

            ANVÄNDNING: plings help [KOMMANDO]

            ARGUMENT:
              KOMMANDO            Kommandot som ska förklaras, till exempel place.

            FLAGGOR:
            {globalOptions}

            """),
        .helpCompletion: .text(
            """
            ÖVERSIKT: Skriv ett kompletteringsskript för ett skal: kommandon, flaggor,
            relationer och axlar kompletteras med Tab.

                source <(plings completion bash)        # i ~/.bashrc
                plings completion zsh > ~/.zfunc/_plings  # med fpath+=~/.zfunc
                plings completion fish > ~/.config/fish/completions/plings.fish

            ANVÄNDNING: plings completion bash|zsh|fish

            ARGUMENT:
              SKAL                bash, zsh eller fish.

            FLAGGOR:
            {globalOptions}

            """),
    ]
}
