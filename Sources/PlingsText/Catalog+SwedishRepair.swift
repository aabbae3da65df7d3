extension Catalog {
    /// `plings repair` på svenska.
    static let swedishRepair: [MessageKey: Entry] = [
        .repairSetAside: .text(
            "Lade undan {lines} (rad {first}–{last}; {seqs}; {bytes} byte från byte {offset}) hela i '{path}'."),
        .repairWouldSetAside: .text(
            "Skulle lägga undan {lines} (rad {first}–{last}; {seqs}; {bytes} byte från byte {offset}) hela i '{path}'."),
        .repairSeqs: .text("seq #{first}–#{last} enligt raderna själva"),
        .repairNoSeqs: .text("ingen rad där går att läsa som en händelse"),
        .repairKept: .text("Loggen behåller rad 1–{lines} (till och med #{seq}) och går att läsa igen därifrån."),
        .repairKeptNothing: .text("Loggen behåller ingen rad: dess första rad är skadad."),
        .repairCommands: .text(
            "{events} som lades undan är kommandon i '{path}', vart och ett med ett cid som anger dess seq och tid; "
                + "läs filen och avgör dem sedan på nytt: plings apply '{path}'"),
        .repairNoCommands: .text("Ingen undanlagd rad är ett kommando att avgöra på nytt."),
        .repairNotCommands: .text(
            "{lines} som lades undan är inga kommandon (en hubbs notering om ett avslag, eller oläsbara)."),
        .repairReused: .text(
            "Den undanlagda filen fanns redan, hel: en tidigare reparation avbröts innan loggen kapades."),
        .repairDryRunNothingChanged: .text("Inget ändrades; kör utan --dry-run för att reparera."),
        .repairSound: .text(
            "'{path}' är hel: det finns inget att reparera; repair lägger bara undan ett skadat slut av en logg "
                + "(plings verify namnger första felaktiga rad)"),
        .repairSoundTorn: .text(
            "'{path}' är hel så när som på en avbruten sista rad ({bytes} byte, en skrivning som avbröts): "
                + "det finns inget att reparera; nästa skrivning lägger undan den i '{quarantine}'"),
        .repairMirror: .text(
            "'{path}' är en enhets spegel av en hubb: repair ändrar ingenting i den; klona hubben på nytt till en "
                + "ny fil (plings --log NY clone HUBB) och flytta dit de väntande kommandona "
                + "(plings pending --move-to NY)"),
        .repairAsideTaken: .text(
            "'{aside}' finns redan med andra byte än de som ska läggas undan; inget ändrades; "
                + "flytta undan den filen och kör plings repair igen"),
        .helpRepair: .text(
            """
            ÖVERSIKT: Lägg undan ett skadat slut av loggen (en rad som ändrats för hand,
            en bruten kedja) så att loggen går att använda igen. Varje byte från första
            felaktiga rad (från början av dess sats) kopieras hela till en ny fil bredvid
            loggen och görs beständig där; först därefter kapas loggen vid raden före.
            De undanlagda händelserna skrivs som kommandon för 'plings apply', att
            avgöras på nytt. En logg som är hel ändras aldrig; inte heller en enhets
            spegel (klona hubben på nytt).

            ANVÄNDNING: plings repair [LOGG] [--dry-run] [--json]

            ARGUMENT:
              LOGG                Loggen att reparera (standard: --log, PLINGS_LOG
                                  eller plings.jsonl).

            FLAGGOR:
              --dry-run           Säg vad som skulle läggas undan; ändra inget.
              --json              Skriv rapporten som JSON.
            {globalOptions}

            """),
    ]
}
