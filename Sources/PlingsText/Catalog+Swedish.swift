extension Catalog {
    /// The Swedish table.
    static let swedish: [MessageKey: Entry] = swedishMessages.merging(swedishHelp) { first, _ in first }
        .merging(swedishVerbs) { first, _ in first }
        .merging(swedishSync) { first, _ in first }
        .merging(swedishVoice) { first, _ in first }
        .merging(swedishWeb) { first, _ in first }
        .merging(swedishServe) { first, _ in first }
        .merging(swedishPages) { first, _ in first }
        .merging(swedishExchange) { first, _ in first }
        .merging(swedishRepair) { first, _ in first }
        .merging(swedishLoans) { first, _ in first }

    static let swedishMessages: [MessageKey: Entry] = [
        // Kommandoraden
        .unknownLanguage: .text("okänt språk '{value}'; använd --lang sv eller --lang en (eller PLINGS_LANG=sv|en)"),
        .optionNeedsValue: .text("flaggan '{option}' behöver ett värde; skriv {option} VÄRDE"),
        .optionTwice: .text("flaggan '{option}' anges två gånger; ange den en gång"),
        .optionTakesNoValue: .text("flaggan '{option}' tar inget värde; skriv bara {option}"),
        .unknownOption: .text("okänd flagga '{option}'; kör '{help}' för att se flaggorna"),
        .unknownOptionSuggest: .text("okänd flagga '{option}'; menade du '{suggestion}'?"),
        .unknownCommand: .text("okänt kommando '{command}'; kör 'plings help' för listan"),
        .unknownCommandSuggest: .text("okänt kommando '{command}'; menade du 'plings {suggestion}'?"),
        .missingArgument: .text("{name} saknas; användning: {usage}"),
        .unexpectedArgument: .text(
            "oväntat argument '{value}'; användning: {usage} (sätt citattecken kring ett namn med mellanslag)"),
        .optionNotForCommand: .text("flaggan '{option}' gäller inte '{command}'; kör 'plings help {command}'"),
        .badExpectSeq: .text("--expect-seq tar ett seq (0 eller mer), inte '{value}'; ange ett tal som 14"),
        .badPoint: .text(
            "'{value}' är ingen punkt i loggen; ge {option} ett seq (57), en RFC 3339-tid "
                + "(2026-06-28T15:36:37Z) eller ett datum (2026-06-28)"),
        .diffNeedsFrom: .text("diff behöver en startpunkt; ange --from PUNKT (ett seq, en tid eller ett datum)"),
        .diffReversed: .text("--from ({from}) kommer efter --to ({to}); byt plats på dem"),
        .badOnError: .text(
            "--on-error tar stop eller skip, inte '{value}'; skriv --on-error stop eller --on-error skip"),
        .badBatch: .text("--batch tar ett tal från 1 till 100000, inte '{value}'; ange till exempel --batch 10000"),
        .badExpect: .text(
            "--expect tar SEQ:HASH som 'plings head' skriver det (t.ex. 42:3f…), inte '{value}'; "
                + "kopiera det från 'plings head'"),
        .badShell: .text("okänt skal '{value}'; använd plings completion bash, zsh eller fish"),
        .actorEmpty: .text("aktören är tom; ange --actor NAMN (1–100 byte) eller ta bort PLINGS_ACTOR"),
        .actorTooLong: .text("aktören '{value}' är längre än 100 byte; ange 1–100 byte"),
        .actorControl: .text(
            "aktören '{value}' innehåller ett kontrolltecken (U+{code}); ange ett namn utan kontrolltecken"),
        .argumentNotUTF8: .text(
            "argument {position} är inte giltig UTF-8: '{value}' (varje \\x.. är en byte som inte är det); "
                + "ange id, namn och sökvägar som UTF-8-text"),
        .variableNotUTF8: .text(
            "{variable} är inte giltig UTF-8: '{value}' (varje \\x.. är en byte som inte är det); "
                + "sätt den till UTF-8-text"),
        .badCommandID: .text("ogiltigt kommando-id '{value}'; ge --cid 1–64 tecken av A–Z a–z 0–9 - _ ."),
        .cannotRead: .text("kan inte läsa '{path}': {reason}; kontrollera sökvägen och behörigheterna"),
        .noLog: .text(
            "ingen logg på '{path}'; börja en med 'plings create ID NAMN', eller peka --log eller PLINGS_LOG på en logg"
        ),
        .newLog: .text("började en ny logg på '{path}'"),
        .atPastHead: .text("--at {value} ligger efter loggens slut (sista händelsen är #{head}); ange 0 till {head}"),
        .objectNotYet: .text(
            "'{id}' fanns inte ännu vid #{seq}; det skapas senare i loggen, så ange en senare --at"),
        .objectBeforeFirstEvent: .text(
            "'{id}' fanns inte ännu: --at {value} ligger före loggens första händelse; ange en senare --at"),
        .beforeFirstEvent: .text("före första händelsen"),
        .worldBeforeFirstEvent: .text("Ingenting fanns ännu: --at {value} ligger före loggens första händelse."),
        .logNoObject: .text("inga händelser om '{id}': det objektet finns inte; kontrollera id:t med 'plings tree'"),
        .logNoObjectSuggest: .text(
            "inga händelser om '{id}': det objektet finns inte; id:n skiljer på stora och små bokstäver: "
                + "menade du '{suggestion}'?"),
        .logNoMatch: .text("inga händelser matchar filtren; vidga --from och --to"),
        .historyNoEntries: .text("ingenting hade hänt med '{id}' då; ange en senare --at"),
        // Domänen
        .invalidID: .text("ogiltigt id '{value}': {why}; använd 1–64 tecken av A–Z a–z 0–9 - _ ."),
        .idEmpty: .text("det är tomt"),
        .idTooLong: .text("det är längre än 64 tecken"),
        .idStartsWithDash: .text("det börjar med '-'"),
        .idBadCharacter: .text("bara bokstäverna A–Z a–z, siffror, '-', '_' och '.' är tillåtna"),
        .idReserved: .text("'{value}' är reserverat för roten, Världen"),
        .invalidName: .text("ogiltigt namn '{value}': {why}; ange 1–200 byte utan kontrolltecken"),
        .nameEmpty: .text("det är tomt"),
        .nameTooLong: .text("det är längre än {limit} byte"),
        .nameControl: .text("det innehåller ett kontrolltecken (U+{code})"),
        .unknownObject: .text("okänt objekt '{id}'; skapa det först med 'plings create {id} NAMN'"),
        .unknownObjectSuggest: .text(
            "okänt objekt '{id}'; id:n skiljer på stora och små bokstäver: menade du '{suggestion}'?"),
        .duplicateID: .text("id '{id}' finns redan; välj ett annat id eller byt namn med 'plings rename'"),
        .selfPlacement: .text("'{id}' kan inte placeras i förhållande till sig själv; välj ett annat mål"),
        .cycle: .text(
            "'{object}' kan inte placeras vid '{target}' på axeln {axis}: '{target}' ligger redan i '{object}'; "
                + "flytta ut '{target}' först"),
        .relationAgainstWorld: .text("'{relation}' går inte mot Världen; bara 'i' (till roten) är tillåtet"),
        .emptyAxes: .text("inga axlar valda; använd --axes både, nuvarande eller hem"),
        .unknownRelation: .text(
            "okänd relation '{value}'; använd i, på, fastsatt-på, under, ovanför, vänster-om, höger-om, bredvid, framför eller bakom"
        ),
        .unknownRelationSuggest: .text("okänd relation '{value}'; menade du '{suggestion}'?"),
        .unknownAxis: .text("okänd axel '{value}'; använd både, nuvarande eller hem"),
        .unknownAxisSuggest: .text("okänd axel '{value}'; menade du '{suggestion}'?"),
        .unknownTreeAxis: .text(
            "okänd axel '{value}'; ett träd visar en axel: använd --axis nuvarande eller --axis hem"),
        .unchangedPlacement: .text("oförändrat: {object} är redan {relation} {target}"),
        .unchangedName: .text("oförändrat: {id} heter redan {name}"),
        // Loggen
        .location: .text("{path}:{line} (byte {offset})"),
        .ioFailed: .text(
            "kan inte {operation} '{path}': {reason}; kontrollera sökvägen, behörigheterna och ledigt utrymme"),
        .damaged: .text("{where}: {problem}; loggen är skadad här och ändrades inte; {advice}"),
        .seqOutOfOrder: .text(
            "{where}: seq {found} där {expected} väntades, så rader saknas, upprepas eller har bytt ordning; "
                + "loggen ändrades inte; {advice}"),
        .chainBroken: .text(
            "{where}: seq {seq} kedjar inte till raden före (dess \"prev\" är inte den radens hash), "
                + "så en rad har ändrats, tagits bort eller lagts till; {advice}"),
        .hashMismatch: .text(
            "{where}: seq {seq} stämmer inte med sin egen hash, så raden ändrades efter att den skrevs; {advice}"),
        .timeWentBack: .text(
            "{where}: seq {seq} är daterad före raden ovanför, och tiden minskar aldrig i en logg; {advice}"),
        .adviceVerify: .text("kör 'plings verify' för att se hur mycket av loggen som är hel"),
        .adviceRestore: .text(
            "återställ raden från en säkerhetskopia, eller lägg undan det skadade slutet med 'plings repair' "
                + "(den behåller varje byte)"),
        .conflict: .text("loggen har gått vidare: sista seq är {actual}, inte {expected}; läs igen och försök på nytt"),
        .shrunk: .text(
            "'{path}' är {size} byte men {read} har redan lästs, så den har kortats eller ersatts; "
                + "inget skrevs; kör 'plings verify'"),
        .applyPartial: .text(
            "dessförinnan lades {events} händelser från indatarad 1–{line} till (till och med seq {seq}); "
                + "kör apply igen på raderna efter rad {line}"),
        .undoNothingByActor: .text(
            "du har ingen flytt eller namnändring att ångra; ange en händelse: 'plings undo SEQ' (se 'plings log')"),
        .undoNothingToRedo: .text(
            "du har inget att göra om: redo tar tillbaka det din undo ångrade, tills du gör en ny ändring"),
        .undidAnswer: .text("ångrade #{seq}: {event}"),
        .redidAnswer: .text("gjorde om #{seq}: {event}"),
        .droppedRelation: .text("{object} är inte längre {relation} {target} ({axis})"),
        .readOnly: .text(
            "'{path}' är skrivskyddad (behörighet att skriva saknas); inget skrevs; gör den skrivbar eller ange en annan logg"
        ),
        .notALog: .text(
            "'{path}' är ingen Plings-logg (första raden är ingen loggrad); inget skrevs; "
                + "ange en annan fil med --log eller PLINGS_LOG"),
        .replaced: .text(
            "'{path}' ersattes av en annan fil medan den var öppen; inget skrevs; kör kommandot igen"),
        .notRegular: .text(
            "'{path}' är ingen vanlig fil (en symbolisk länk, en FIFO, en enhet eller en mapp); Plings öppnar "
                + "den inte; flytta undan den och kör kommandot igen"),
        .lineOwnHash: .text("seq {seq} stämmer inte med sin egen hash, så raden ändrades efter att den skrevs"),
        .lineTooLong: .text("raden är {bytes} byte, över gränsen {limit}"),
        .lineWouldBeTooLong: .text(
            "händelse #{seq} skulle bli en rad på {bytes} byte, över gränsen {limit} som varje läsare håller sig till; inget skrevs"
        ),
        .lineByteOrderMark: .text("raden börjar med en byte-ordningsmarkering (BOM)"),
        .lineCarriageReturn: .text("raden innehåller en vagnretur (rader slutar bara med LF)"),
        .lineNul: .text("raden innehåller en NUL-byte"),
        .lineInvalidUTF8: .text("raden är inte giltig UTF-8"),
        .lineNotObject: .text("raden är inget JSON-objekt"),
        .lineMissingHash: .text("raden slutar inte med sin \"hash\""),
        .lineBadJSON: .text("raden är inte giltig JSON ({why})"),
        .lineNewerVersion: .text(
            "raden har schemaversion {version}, nyare än den här versionen läser; uppgradera Plings"),
        .lineUnknownType: .text("okänd händelsetyp '{value}'"),
        .lineMissingField: .text("fältet '{field}' saknas"),
        .lineUnexpectedField: .text("oväntat fält '{field}'"),
        .lineBadField: .text("fältet '{field}' {why}"),
        // Åtgärder, som i "kan inte öppna 'x'"
        .opOpen: .text("öppna"),
        .opCreate: .text("skapa"),
        .opRead: .text("läsa"),
        .opWrite: .text("skriva"),
        .opSync: .text("synka"),
        .opLock: .text("låsa"),
        .opRename: .text("byta namn till"),
        .opCreateFolder: .text("skapa mappen"),
        .opCutTail: .text("klippa av den avbrutna sista raden i"),
        .opSize: .text("läsa storleken på"),
        .opOpenDirectory: .text("öppna mappen"),
        .opSyncDirectory: .text("synka mappen"),
        .opUse: .text("använda"),
        // Systemfel
        .errNoEntry: .text("filen eller mappen finns inte"),
        .errAccess: .text("åtkomst nekad"),
        .errNotPermitted: .text("åtgärden är inte tillåten"),
        .errIsDirectory: .text("det är en mapp"),
        .errNotDirectory: .text("en del av sökvägen är ingen mapp"),
        .errNoSpace: .text("enheten är full"),
        .errReadOnly: .text("filsystemet är skrivskyddat"),
        .errIO: .text("in- eller utmatningsfel"),
        .errTooManyFiles: .text("för många öppna filer"),
        .errNameTooLong: .text("namnet är för långt"),
        .errLoop: .text("för många symboliska länkar"),
        .errQuota: .text("diskkvoten är slut"),
        .errFileTooBig: .text("filen är för stor"),
        .errAgain: .text("resursen är upptagen just nu"),
        .errInvalid: .text("ogiltigt argument"),
        .errExists: .text("den finns redan"),
        .errBadDescriptor: .text("filen är inte öppen för det"),
        .errNoDevice: .text("ingen sådan enhet eller adress (en FIFO som inget läser)"),
        .errNoSuchDevice: .text("ingen sådan enhet"),
        .errBusy: .text("filen eller enheten är upptagen"),
        .errTextBusy: .text("filen är ett program som körs"),
        .errCrossDevice: .text("de två sökvägarna ligger på olika filsystem"),
        .errNotEmpty: .text("mappen är inte tom"),
        .errInterrupted: .text("avbruten av en signal"),
        .errBrokenPipe: .text("rörets andra ände stängdes"),
        .errNoMemory: .text("minnet räcker inte"),
        .errNoLocks: .text("det finns inga lås att få"),
        .errDeadlock: .text("låset skulle vänta för alltid (ett baklås)"),
        .errTooManyHardLinks: .text("filen har för många länkar"),
        .errOverflow: .text("värdet är för stort för sin typ"),
        .errNotSeekable: .text("den har inga positioner att läsa vid (ett rör eller en socket)"),
        .errNoChild: .text("ingen sådan barnprocess"),
        .errNoProcess: .text("ingen sådan process"),
        .errArgumentsTooLong: .text("argumentlistan är för lång"),
        .errNotExecutable: .text("filen är inget program som kan köras"),
        .errRange: .text("resultatet får inte plats"),
        .errNotSupported: .text("filsystemet stöder det inte"),
        .errNoAttribute: .text("inget sådant utökat attribut"),
        .errStale: .text("nätverksfilsystemets filreferens är inaktuell"),
        .errNotTerminal: .text("det är ingen terminal"),
        .errTimedOut: .text("tiden gick ut"),
        .errNotImplemented: .text("systemet saknar funktionen"),
        .errOther: .text("systemfel {code}"),
        // Utdata
        .createdSentence: .text("skapade {name} ({id})"),
        .renamedSentence: .text("döpte om {id} till {name}"),
        .placedSentence: .text("placerade {object} ({id}) {relation} {target}, {axes}"),
        .skippedTag: .text("[ignorerad]"),
        .alreadyDone: .text("redan gjort (händelse #{seq}); inget lades till"),
        .quarantined: .text("en avbruten sista rad flyttades till '{path}' före tillägget"),
        .countCommands: .plural(one: "1 kommando", other: "{count} kommandon"),
        .countEvents: .plural(one: "1 händelse", other: "{count} händelser"),
        .countBatches: .plural(one: "1 sats", other: "{count} satser"),
        .countSnapshots: .plural(one: "1 ögonblicksbild", other: "{count} ögonblicksbilder"),
        .countObjects: .plural(one: "1 objekt", other: "{count} objekt"),
        .countLines: .plural(one: "1 rad", other: "{count} rader"),
        .countRejected: .plural(one: "1 avvisad", other: "{count} avvisade"),
        .countUnchanged: .plural(one: "1 oförändrad", other: "{count} oförändrade"),
        .applySummary: .text("läste {commands}, lade till {events} i {batches}, {unchanged}, {rejected}"),
        .applyDrySummary: .text(
            "läste {commands}; {accepted} skulle läggas till, {unchanged}, {rejected}; inget skrevs"),
        .applyStopped: .text(", stoppade"),
        .applyWould: .text("rad {line}: skulle lägga till: {what}"),
        .applyWouldRefuse: .text("rad {line}: skulle avvisas: {reason}"),
        .applyWouldDrop: .text("rad {line}:   och {object} skulle inte längre vara {relation} {target} ({axis})"),
        .applyWouldUnchanged: .text("rad {line}: skulle inte ändra något"),
        .applyWouldAlreadyDone: .text("rad {line}: redan gjort (händelse #{seq}); skulle inte lägga till något"),
        .applyNotObject: .text(
            "inget platt JSON-objekt med strängar; skriv ett objekt per rad, till exempel "
                + "{\"command\":\"create\",\"object\":\"yTvK\",\"name\":\"Låda\"}"),
        .applyFieldTwice: .text("fältet '{field}' förekommer två gånger; ange varje fält en gång"),
        .applySeqNotNumber: .text("fältet '{field}' tar ett seq, ett heltal från 1 och uppåt (till exempel 42)"),
        .applyFieldNotString: .text(
            "fältet '{field}' är ingen sträng; skriv värdet inom dubbla citattecken, till exempel \"name\":\"Låda\""),
        .newLogWouldStart: .text("det finns ingen logg på '{path}' än: körningen skulle påbörja en där"),
        .applyUnknownCommand: .text(
            "okänt kommando '{value}'; använd \"command\" create, rename, place, return, return-all, seen, "
                + "archive, restore eller undo"),
        .applyMissingField: .text("'{field}' saknas; en {command}-rad tar {fields}"),
        .applyUnexpectedField: .text("oväntat fält '{field}'; en {command}-rad tar {fields}"),
        .applyBadID: .text("'{field}' är inget giltigt id: {why}"),
        .applyLineTooLong: .text(
            "raden är längre än {limit} byte; dela eller korta den (inget efter den lästes)"),
        .stdinName: .text("stdin"),
        .rebuildProgress: .text("ombyggnad: {events}  {rate}/s  {percent} %  cirka {eta} s kvar"),
        .rebuildSummary: .text(
            "{events}, {objects}, logg {logSize}; {verb} {snapshots} ({snapshotSize}){timeline}{removed}; "
                + "{seconds} s, {rate} händelser/s"),
        .rebuildWrote: .text("skrev"),
        .rebuildWouldWrite: .text("skulle skriva"),
        .rebuildRemoved: .text(", tog bort {count} gamla"),
        .rebuildTimeline: .text(" och objektens tidslinje ({size})"),
        .fpSeq: .text("seq"),
        .fpObjects: .text("objekt"),
        .fpRegistry: .text("register"),
        .fpCurrentParents: .text("nuvarande föräldrar"),
        .fpNormalParents: .text("hemföräldrar"),
        .fpCurrentPositional: .text("nuvarande lägen"),
        .fpNormalPositional: .text("hemlägen"),
        .fpReplay: .text("uppspelning"),
        .fpAll: .text("allt"),
        .verifyOK: .text("OK: {lines}, seq 1–{seq}, hashkedjan hel"),
        .verifyOKEmpty: .text("OK: loggen är tom"),
        .verifyHead: .text("huvud {seq}:{hash}"),
        .verifyIntactBefore: .plural(
            one: "1 rad före felet är hel och kedjad", other: "{count} rader före felet är hela och kedjade"),
        .verifyTorn: .text(
            "varning: avbruten sista rad ({bytes} byte vid byte {offset}) efter en krasch; "
                + "nästa tillägg flyttar den till karantän"),
        .verifyExpectFound: .text("förväntat huvud {seq}:{hash} finns kvar: loggen är en förlängning av det"),
        .verifyExpectMissing: .text(
            "förväntat huvud {seq}:{hash} saknas, så loggen har kortats eller skrivits om; "
                + "återställ den från en säkerhetskopia"),
        .metaName: .text("NAMN"),
        .metaFile: .text("FIL"),
        .metaShell: .text("SKAL"),
        .metaCommand: .text("KOMMANDO"),
        .verifySkipped: .text("hoppades över vid uppspelning: #{seq}: {reason}"),
        .verifyReplayed: .text("spelade upp {events}; {skipped} hoppades över mot tillståndet"),
    ]
}
