import PlingsDomain

extension Catalog {
    /// The everyday verbs' messages in English.
    static let englishVerbs: [MessageKey: Entry] = englishVerbMessages.merging(englishVerbsHelp) { first, _ in first }
    static let englishVerbMessages: [MessageKey: Entry] = [
        .archivedObject: .text("'{id}' is archived; bring it back first with 'plings restore {id} --to TARGET'"),
        .archivedIDRefused: .text(
            "id '{id}' belongs to an archived object and is never reused; pick another id, or 'plings restore {id}'"),
        .notArchived: .text("'{id}' is not archived; move it with 'plings place'"),
        .notEmpty: .plural(
            one: "'{id}' contains 1 object; move it out first, or use --with-contents",
            other: "'{id}' contains {count} objects; move them out first, or use --with-contents"),
        .belongsInsideElsewhere: .plural(
            one: "'{thing}' belongs in '{id}' but is elsewhere now, and --with-contents takes only what is inside;"
                + " give it another home first ('plings place {thing} in PLACE --axes normal') or put it back"
                + " ('plings return {thing}')",
            other: "{count} things belong in '{id}' but are elsewhere now ('{thing}' among them), and"
                + " --with-contents takes only what is inside; give them another home first ('plings place {thing}"
                + " in PLACE --axes normal') or put them back ('plings return {thing}')"),
        .commandIDReused: .text(
            "the command id '{value}' was used by event #{seq} for another command; nothing appended (a retry"
                + " repeats the same command; give a new command a new id)"),
        .invalidNote: .text("invalid note '{value}': {why}; give 1–200 bytes without control characters"),
        .restoreNeedsBothAxes: .text("'{id}' is restored on both axes; a restore on one axis is not possible"),
        .undoUnknownEvent: .text("there is no event #{seq}; see 'plings log'"),
        .undoCreation: .text("#{seq} created an object and cannot be undone; archive the object with 'plings archive'"),
        .undoObservation: .text("#{seq} only recorded that the object was seen; there is nothing to undo"),
        .undoArchive: .text("#{seq} archived the object; bring it back with 'plings restore'"),
        .undoRestore: .text("#{seq} restored the object; archive it again with 'plings archive'"),
        .undoNoChange: .text("#{seq} changed nothing (or was skipped); there is nothing to undo"),
        .undoMixedBatch: .text("#{seq} belongs to a batch about several objects; undo them one at a time"),
        .notePositionDropped: .text(
            "'{object}' is no longer {relation} '{reference}' ({axis}): '{reference}' is not there"),
        .noteEdgeNotRestored: .text(
            "not restored: '{object}' {relation} '{reference}' ({axis}), lost when the event moved '{reference}'"),
        .noteNotReturned: .text("'{object}' was left where it is: {reason}"),
        .noteArchivedWith: .text("'{object}' was archived with '{container}'"),
        .noteCaseTwin: .text(
            "'{id}' differs from '{existing}' only in case; ids are case-sensitive, so these are two objects "
                + "(if you meant '{existing}', archive '{id}')"),
        .applyCaseTwins: .plural(
            one: "1 new id differs from an existing one only in case: {list}; ids are case-sensitive, "
                + "so these are two objects",
            other: "{count} new ids differ from existing ones only in case: {list}; ids are case-sensitive, "
                + "so each is an object of its own"),
        .caseTwinItem: .text("'{id}' (line {line}) beside '{existing}'"),
        .andMore: .plural(one: "and 1 more", other: "and {count} more"),
        .applyWouldNote: .text("line {line}:   {note}"),
        .returnedSentence: .text("returned {object} ({id}) home"),
        .seenSentence: .text("saw {object} ({id}) where it is"),
        .archivedSentence: .text("archived {object} ({id})"),
        .archivedNoteSentence: .text("archived {object} ({id}): {note}"),
        .restoredSentence: .text("restored {object} ({id}) {relation} {target}"),
        .unchangedReturn: .text("unchanged: {object} is home already"),
        .unchangedUndo: .text("unchanged: {object} is already as it was before #{seq}"),
        .unchangedOther: .text("unchanged; nothing appended"),
        .returnXOrAll: .text("give X or --all, not both; usage: plings return X | plings return --all [--in C]"),
        .returnInNeedsAll: .text("--in goes with --all; usage: plings return --all --in C"),
        .badUndoSeq: .text("SEQ is an event number (1 or more), not '{value}'"),
        .restoreNeedsTo: .text("restore needs --to Y (a thing's id, or 'world'); usage: plings restore X --to Y"),
        .badLimit: .text("--limit takes a number (1 or more), not '{value}'"),
        .badSince: .text("--since takes an RFC 3339 time or a date (2026-06-28), not '{value}'"),
        .findNone: .text("no matches"),
        .stocktakeNone: .text("nothing to check"),
        .archivedTag: .text("[archived]"),
        .homeWord: .text("home"),
        .seenSuffix: .text(", seen #{seq}"),
    ]

    /// The everyday verbs' messages in Swedish.
    static let swedishVerbs: [MessageKey: Entry] = swedishVerbMessages.merging(swedishVerbsHelp) { first, _ in first }
    static let swedishVerbMessages: [MessageKey: Entry] = [
        .archivedObject: .text("'{id}' är arkiverat; ta tillbaka det först med 'plings restore {id} --to MÅL'"),
        .archivedIDRefused: .text(
            "id '{id}' hör till ett arkiverat objekt och återanvänds aldrig; välj ett annat id eller 'plings restore {id}'"
        ),
        .notArchived: .text("'{id}' är inte arkiverat; flytta det med 'plings place'"),
        .notEmpty: .plural(
            one: "'{id}' innehåller 1 objekt; flytta ut det först eller använd --with-contents",
            other: "'{id}' innehåller {count} objekt; flytta ut dem först eller använd --with-contents"),
        .belongsInsideElsewhere: .plural(
            one: "'{thing}' hör hemma i '{id}' men är någon annanstans nu, och --with-contents tar bara det som"
                + " finns i; ge det ett annat hem först ('plings place {thing} in PLATS --axes normal') eller lägg"
                + " tillbaka det ('plings return {thing}')",
            other: "{count} saker hör hemma i '{id}' men är någon annanstans nu ('{thing}' bland dem), och"
                + " --with-contents tar bara det som finns i; ge dem ett annat hem först ('plings place {thing} in"
                + " PLATS --axes normal') eller lägg tillbaka dem ('plings return {thing}')"),
        .commandIDReused: .text(
            "kommando-id '{value}' användes av händelse #{seq} för ett annat kommando; inget lades till (ett nytt"
                + " försök upprepar samma kommando; ge ett nytt kommando ett nytt id)"),
        .invalidNote: .text("ogiltig anteckning '{value}': {why}; ange 1–200 byte utan kontrolltecken"),
        .restoreNeedsBothAxes: .text("'{id}' återställs på båda axlarna; en återställning på en axel går inte"),
        .undoUnknownEvent: .text("händelse #{seq} finns inte; se 'plings log'"),
        .undoCreation: .text("#{seq} skapade ett objekt och kan inte ångras; arkivera objektet med 'plings archive'"),
        .undoObservation: .text("#{seq} noterade bara att objektet sågs; det finns inget att ångra"),
        .undoArchive: .text("#{seq} arkiverade objektet; ta tillbaka det med 'plings restore'"),
        .undoRestore: .text("#{seq} återställde objektet; arkivera det igen med 'plings archive'"),
        .undoNoChange: .text("#{seq} ändrade ingenting (eller hoppades över); det finns inget att ångra"),
        .undoMixedBatch: .text("#{seq} hör till en sats om flera objekt; ångra dem en i taget"),
        .notePositionDropped: .text(
            "'{object}' är inte längre {relation} '{reference}' ({axis}): '{reference}' står inte där"),
        .noteEdgeNotRestored: .text(
            "återställs inte: '{object}' {relation} '{reference}' ({axis}), som försvann när händelsen flyttade '{reference}'"
        ),
        .noteNotReturned: .text("'{object}' lämnades kvar: {reason}"),
        .noteArchivedWith: .text("'{object}' arkiverades med '{container}'"),
        .noteCaseTwin: .text(
            "'{id}' skiljer sig från '{existing}' bara i stora och små bokstäver; id:n skiljer på stora och små "
                + "bokstäver, så det är två objekt (menade du '{existing}', arkivera '{id}')"),
        .applyCaseTwins: .plural(
            one: "1 nytt id skiljer sig från ett befintligt bara i stora och små bokstäver: {list}; id:n skiljer "
                + "på stora och små bokstäver, så det är två objekt",
            other: "{count} nya id:n skiljer sig från befintliga bara i stora och små bokstäver: {list}; id:n "
                + "skiljer på stora och små bokstäver, så vart och ett är ett eget objekt"),
        .caseTwinItem: .text("'{id}' (rad {line}) bredvid '{existing}'"),
        .andMore: .plural(one: "och 1 till", other: "och {count} till"),
        .applyWouldNote: .text("rad {line}:   {note}"),
        .returnedSentence: .text("ställde tillbaka {object} ({id}) hemma"),
        .seenSentence: .text("såg {object} ({id}) på sin plats"),
        .archivedSentence: .text("arkiverade {object} ({id})"),
        .archivedNoteSentence: .text("arkiverade {object} ({id}): {note}"),
        .restoredSentence: .text("återställde {object} ({id}) {relation} {target}"),
        .unchangedReturn: .text("oförändrat: {object} är redan hemma"),
        .unchangedUndo: .text("oförändrat: {object} är redan som före #{seq}"),
        .unchangedOther: .text("oförändrat; inget lades till"),
        .returnXOrAll: .text(
            "ange X eller --all, inte båda; användning: plings return X | plings return --all [--in C]"),
        .returnInNeedsAll: .text("--in hör ihop med --all; användning: plings return --all --in C"),
        .badUndoSeq: .text("SEQ är ett händelsenummer (1 eller mer), inte '{value}'"),
        .restoreNeedsTo: .text(
            "restore behöver --to Y (en saks id, eller 'world'); användning: plings restore X --to Y"),
        .badLimit: .text("--limit tar ett tal (1 eller mer), inte '{value}'"),
        .badSince: .text("--since tar en RFC 3339-tid eller ett datum (2026-06-28), inte '{value}'"),
        .findNone: .text("inga träffar"),
        .stocktakeNone: .text("inget att inventera"),
        .archivedTag: .text("[arkiverad]"),
        .homeWord: .text("hem"),
        .seenSuffix: .text(", sedd #{seq}"),
    ]
}
