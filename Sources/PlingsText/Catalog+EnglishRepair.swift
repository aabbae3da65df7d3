extension Catalog {
    /// `plings repair` in English.
    static let englishRepair: [MessageKey: Entry] = [
        .repairSetAside: .text(
            "Set aside {lines} (lines {first}–{last}; {seqs}; {bytes} bytes from byte {offset}) whole in '{path}'."),
        .repairWouldSetAside: .text(
            "Would set aside {lines} (lines {first}–{last}; {seqs}; {bytes} bytes from byte {offset}) whole in '{path}'."
        ),
        .repairSeqs: .text("seqs #{first}–#{last} as the lines claim them"),
        .repairNoSeqs: .text("no line there reads as an event"),
        .repairKept: .text("The log keeps lines 1–{lines} (up to #{seq}) and reads again from there."),
        .repairKeptNothing: .text("The log keeps no line: its first line is damaged."),
        .repairCommands: .text(
            "{events} set aside are commands in '{path}', each with a cid that records its seq and time; "
                + "read it, then decide them again: plings apply '{path}'"),
        .repairNoCommands: .text("No set-aside line is a command to decide again."),
        .repairNotCommands: .text("{lines} set aside are not commands (a hub's record of a refusal, or unreadable)."),
        .repairReused: .text(
            "The set-aside file was there already, whole: a repair had stopped before cutting the log."),
        .repairDryRunNothingChanged: .text("Nothing was changed; run it without --dry-run to repair."),
        .repairSound: .text(
            "'{path}' verifies clean: there is nothing to repair; repair sets aside only a damaged end of a log "
                + "(plings verify names the first bad line)"),
        .repairSoundTorn: .text(
            "'{path}' verifies clean but for a torn last line ({bytes} bytes, an interrupted write): "
                + "there is nothing to repair; the next write sets it aside in '{quarantine}'"),
        .repairMirror: .text(
            "'{path}' is a device's mirror of a hub: repair changes nothing in it; clone the hub again into a "
                + "new file (plings --log NEW clone HUB) and move the pending commands there "
                + "(plings pending --move-to NEW)"),
        .repairAsideTaken: .text(
            "'{aside}' exists with other bytes than the ones to set aside; nothing was changed; "
                + "move that file away and run plings repair again"),
        .helpRepair: .text(
            """
            OVERVIEW: Set aside a damaged end of the log (a line edited by hand, a
            broken chain) so the log can be used again. Every byte from the first bad
            line on (from the start of its batch) is copied whole to a new file beside
            the log and made durable there; only then is the log cut back to the line
            before it. The set-aside events are written as commands for 'plings apply',
            to be decided again. A log that verifies is never changed; a device's
            mirror neither (clone the hub again).

            USAGE: plings repair [LOG] [--dry-run] [--json]

            ARGUMENTS:
              LOG                 The log to repair (default: --log, PLINGS_LOG or
                                  plings.jsonl).

            OPTIONS:
              --dry-run           Say what would be set aside; change nothing.
              --json              Print the report as JSON.
            {globalOptions}

            """),
    ]
}
