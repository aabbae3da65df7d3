extension Catalog {
    /// The English table.
    static let english: [MessageKey: Entry] = englishMessages.merging(englishHelp) { first, _ in first }
        .merging(englishVerbs) { first, _ in first }
        .merging(englishSync) { first, _ in first }
        .merging(englishVoice) { first, _ in first }
        .merging(englishWeb) { first, _ in first }
        .merging(englishServe) { first, _ in first }
        .merging(englishPages) { first, _ in first }
        .merging(englishExchange) { first, _ in first }
        .merging(englishRepair) { first, _ in first }
        .merging(englishLoans) { first, _ in first }

    static let englishMessages: [MessageKey: Entry] = [
        // Command line
        .unknownLanguage: .text("unknown language '{value}'; use --lang sv or --lang en (or PLINGS_LANG=sv|en)"),
        .optionNeedsValue: .text("option '{option}' needs a value; write it as {option} VALUE"),
        .optionTwice: .text("option '{option}' is given twice; give it once"),
        .optionTakesNoValue: .text("option '{option}' takes no value; write just {option}"),
        .unknownOption: .text("unknown option '{option}'; run '{help}' for the options"),
        .unknownOptionSuggest: .text("unknown option '{option}'; did you mean '{suggestion}'?"),
        .unknownCommand: .text("unknown command '{command}'; run 'plings help' for the list"),
        .unknownCommandSuggest: .text("unknown command '{command}'; did you mean 'plings {suggestion}'?"),
        .missingArgument: .text("missing {name}; usage: {usage}"),
        .unexpectedArgument: .text("unexpected argument '{value}'; usage: {usage} (quote a name that has spaces)"),
        .optionNotForCommand: .text("option '{option}' does not apply to '{command}'; run 'plings help {command}'"),
        .badExpectSeq: .text("--expect-seq takes a seq (0 or more), not '{value}'; give a number such as 14"),
        .badPoint: .text(
            "'{value}' is not a point in the log; give {option} a seq (57), an RFC 3339 time "
                + "(2026-06-28T15:36:37Z) or a date (2026-06-28)"),
        .diffNeedsFrom: .text("diff needs a starting point; give --from POINT (a seq, a time or a date)"),
        .diffReversed: .text("--from ({from}) comes after --to ({to}); swap them"),
        .badOnError: .text("--on-error takes stop or skip, not '{value}'; use --on-error stop or --on-error skip"),
        .badBatch: .text("--batch takes a number from 1 to 100000, not '{value}'; give for example --batch 10000"),
        .badExpect: .text(
            "--expect takes SEQ:HASH as printed by 'plings head' (e.g. 42:3f…), not '{value}'; "
                + "copy it from 'plings head'"),
        .badShell: .text("unknown shell '{value}'; use plings completion bash, zsh or fish"),
        .actorEmpty: .text("the actor is empty; give --actor NAME (1–100 bytes) or unset PLINGS_ACTOR"),
        .actorTooLong: .text("the actor '{value}' is longer than 100 bytes; give 1–100 bytes"),
        .actorControl: .text(
            "the actor '{value}' contains a control character (U+{code}); give a name without control characters"),
        .argumentNotUTF8: .text(
            "argument {position} is not valid UTF-8: '{value}' (each \\x.. is a byte that is not); "
                + "give ids, names and paths as UTF-8 text"),
        .variableNotUTF8: .text(
            "{variable} is not valid UTF-8: '{value}' (each \\x.. is a byte that is not); set it to UTF-8 text"),
        .badCommandID: .text(
            "invalid command id '{value}'; use 1–64 characters from A–Z a–z 0–9 - _ . with --cid"),
        .cannotRead: .text("cannot read '{path}': {reason}; check the path and its permissions"),
        .noLog: .text(
            "no log at '{path}'; start one with 'plings create ID NAME', or point --log or PLINGS_LOG at a log"),
        .newLog: .text("started a new log at '{path}'"),
        .atPastHead: .text("--at {value} is past the end of the log (the last event is #{head}); give 0 to {head}"),
        .objectNotYet: .text(
            "'{id}' did not exist yet at #{seq}; it is created later in the log, so give a later --at"),
        .objectBeforeFirstEvent: .text(
            "'{id}' did not exist yet: --at {value} is before the first event of the log; give a later --at"),
        .beforeFirstEvent: .text("before the first event"),
        .worldBeforeFirstEvent: .text("Nothing existed yet: --at {value} is before the first event of the log."),
        .logNoObject: .text("no events about '{id}': there is no such object; check the id with 'plings tree'"),
        .logNoObjectSuggest: .text(
            "no events about '{id}': there is no such object; ids are case-sensitive: did you mean '{suggestion}'?"),
        .logNoMatch: .text("no events match these filters; widen --from and --to"),
        .historyNoEntries: .text("nothing happened to '{id}' by then; give a later --at"),
        // Domain
        .invalidID: .text("invalid id '{value}': {why}; use 1–64 characters from A–Z a–z 0–9 - _ ."),
        .idEmpty: .text("it is empty"),
        .idTooLong: .text("it is longer than 64 characters"),
        .idStartsWithDash: .text("it starts with '-'"),
        .idBadCharacter: .text("only letters A–Z a–z, digits, '-', '_' and '.' are allowed"),
        .idReserved: .text("'{value}' is reserved for the root, World"),
        .invalidName: .text("invalid name '{value}': {why}; give 1–200 bytes without control characters"),
        .nameEmpty: .text("it is empty"),
        .nameTooLong: .text("it is longer than {limit} bytes"),
        .nameControl: .text("it contains a control character (U+{code})"),
        .unknownObject: .text("unknown object '{id}'; create it first with 'plings create {id} NAME'"),
        .unknownObjectSuggest: .text("unknown object '{id}'; ids are case-sensitive: did you mean '{suggestion}'?"),
        .duplicateID: .text("id '{id}' exists already; pick another id, or use 'plings rename'"),
        .selfPlacement: .text("'{id}' cannot be placed relative to itself; pick another target"),
        .cycle: .text(
            "'{object}' cannot be placed against '{target}' on the {axis} axis: '{target}' is inside '{object}'; "
                + "move '{target}' out first"),
        .relationAgainstWorld: .text(
            "'{relation}' cannot be used against World; only 'in' (to the root) is allowed"),
        .emptyAxes: .text("no axis chosen; use --axes both, current or normal"),
        .unknownRelation: .text(
            "unknown relation '{value}'; use in, on, attached-to, under, above, left-of, right-of, next-to, in-front-of or behind"
        ),
        .unknownRelationSuggest: .text("unknown relation '{value}'; did you mean '{suggestion}'?"),
        .unknownAxis: .text("unknown axis '{value}'; use both, current or normal"),
        .unknownAxisSuggest: .text("unknown axis '{value}'; did you mean '{suggestion}'?"),
        .unknownTreeAxis: .text("unknown axis '{value}'; a tree shows one axis: use --axis current or --axis normal"),
        .unchangedPlacement: .text("unchanged: {object} is already {relation} {target}"),
        .unchangedName: .text("unchanged: {id} is already called {name}"),
        // Log
        .location: .text("{path}:{line} (byte {offset})"),
        .ioFailed: .text("cannot {operation} '{path}': {reason}; check the path, its permissions and free space"),
        .damaged: .text("{where}: {problem}; the log is damaged here and was not changed; {advice}"),
        .seqOutOfOrder: .text(
            "{where}: seq {found} where {expected} was expected, so lines are missing, repeated or reordered; "
                + "the log was not changed; {advice}"),
        .chainBroken: .text(
            "{where}: seq {seq} does not chain to the line before it (its \"prev\" is not that line's hash), "
                + "so a line was edited, removed or inserted; {advice}"),
        .hashMismatch: .text(
            "{where}: seq {seq} does not match its own hash, so the line was changed after it was written; {advice}"),
        .timeWentBack: .text(
            "{where}: seq {seq} is dated before the line above it, and times never decrease in a log; {advice}"),
        .adviceVerify: .text("run 'plings verify' to see how much of the log is intact"),
        .adviceRestore: .text(
            "restore this line from a backup, or set the damaged end aside with 'plings repair' (it keeps every byte)"),
        .conflict: .text("the log moved on: the last seq is {actual}, not {expected}; read again and retry"),
        .shrunk: .text(
            "'{path}' is {size} bytes but {read} were already read from it, so it was cut short or replaced; "
                + "nothing was written; run 'plings verify'"),
        .applyPartial: .text(
            "before that, {events} events from input lines 1–{line} were appended (up to seq {seq}); "
                + "run apply again on the lines after line {line}"),
        .undoNothingByActor: .text(
            "you have no move or rename to undo; name an event: 'plings undo SEQ' (see 'plings log')"),
        .undoNothingToRedo: .text(
            "you have nothing to redo: redo brings back what your undo took back, until you make a new change"),
        .undidAnswer: .text("undid #{seq}: {event}"),
        .redidAnswer: .text("redid #{seq}: {event}"),
        .droppedRelation: .text("{object} is no longer {relation} {target} ({axis})"),
        .readOnly: .text(
            "'{path}' is read-only (no permission to write it); nothing was written; make it writable or name another log"
        ),
        .notALog: .text(
            "'{path}' is not a Plings log (its first line is not a log line); nothing was written; "
                + "name another file with --log or PLINGS_LOG"),
        .replaced: .text(
            "'{path}' was replaced by another file while it was open; nothing was written; run the command again"),
        .notRegular: .text(
            "'{path}' is not a regular file (a symbolic link, a FIFO, a device or a folder); Plings does not open "
                + "it; move it away and run the command again"),
        .lineOwnHash: .text("seq {seq} does not match its own hash, so the line was changed after it was written"),
        .lineTooLong: .text("the line is {bytes} bytes, over the limit of {limit}"),
        .lineWouldBeTooLong: .text(
            "event #{seq} would be a line of {bytes} bytes, over the limit of {limit} that every reader holds to; nothing was written"
        ),
        .lineByteOrderMark: .text("the line starts with a byte-order mark"),
        .lineCarriageReturn: .text("the line contains a carriage return (lines end with LF only)"),
        .lineNul: .text("the line contains a NUL byte"),
        .lineInvalidUTF8: .text("the line is not valid UTF-8"),
        .lineNotObject: .text("the line is not a JSON object"),
        .lineMissingHash: .text("the line does not end with its \"hash\" member"),
        .lineBadJSON: .text("the line is not valid JSON ({why})"),
        .lineNewerVersion: .text("the line has schema version {version}, newer than this build reads; upgrade Plings"),
        .lineUnknownType: .text("unknown event type '{value}'"),
        .lineMissingField: .text("the field '{field}' is missing"),
        .lineUnexpectedField: .text("unexpected field '{field}'"),
        .lineBadField: .text("the field '{field}' {why}"),
        // Operations, as in "cannot open 'x'"
        .opOpen: .text("open"),
        .opCreate: .text("create"),
        .opRead: .text("read"),
        .opWrite: .text("write"),
        .opSync: .text("sync"),
        .opLock: .text("lock"),
        .opRename: .text("rename into"),
        .opCreateFolder: .text("create the folder"),
        .opCutTail: .text("cut the torn last line of"),
        .opSize: .text("read the size of"),
        .opOpenDirectory: .text("open the directory"),
        .opSyncDirectory: .text("sync the directory"),
        .opUse: .text("use"),
        // System errors
        .errNoEntry: .text("no such file or directory"),
        .errAccess: .text("permission denied"),
        .errNotPermitted: .text("operation not permitted"),
        .errIsDirectory: .text("it is a directory"),
        .errNotDirectory: .text("a part of the path is not a directory"),
        .errNoSpace: .text("no space left on the device"),
        .errReadOnly: .text("the file system is read-only"),
        .errIO: .text("input/output error"),
        .errTooManyFiles: .text("too many open files"),
        .errNameTooLong: .text("the name is too long"),
        .errLoop: .text("too many symbolic links"),
        .errQuota: .text("the disk quota is used up"),
        .errFileTooBig: .text("the file is too large"),
        .errAgain: .text("the resource is busy for now"),
        .errInvalid: .text("invalid argument"),
        .errExists: .text("it exists already"),
        .errBadDescriptor: .text("the file is not open for that"),
        .errNoDevice: .text("no such device or address (a FIFO that nothing reads)"),
        .errNoSuchDevice: .text("no such device"),
        .errBusy: .text("the file or device is busy"),
        .errTextBusy: .text("the file is a program that is running"),
        .errCrossDevice: .text("the two paths are on different file systems"),
        .errNotEmpty: .text("the folder is not empty"),
        .errInterrupted: .text("interrupted by a signal"),
        .errBrokenPipe: .text("the other end of the pipe was closed"),
        .errNoMemory: .text("out of memory"),
        .errNoLocks: .text("no locks are available"),
        .errDeadlock: .text("the lock would wait for ever (a deadlock)"),
        .errTooManyHardLinks: .text("the file has too many links"),
        .errOverflow: .text("the value is too large for its type"),
        .errNotSeekable: .text("it has no positions to read at (a pipe or a socket)"),
        .errNoChild: .text("no such child process"),
        .errNoProcess: .text("no such process"),
        .errArgumentsTooLong: .text("the list of arguments is too long"),
        .errNotExecutable: .text("the file is not a program that can run"),
        .errRange: .text("the result does not fit"),
        .errNotSupported: .text("the file system does not support it"),
        .errNoAttribute: .text("no such extended attribute"),
        .errStale: .text("the file handle of the network file system is stale"),
        .errNotTerminal: .text("it is not a terminal"),
        .errTimedOut: .text("it timed out"),
        .errNotImplemented: .text("this system does not have the function"),
        .errOther: .text("system error {code}"),
        // Output
        .createdSentence: .text("created {name} ({id})"),
        .renamedSentence: .text("renamed {id} to {name}"),
        .placedSentence: .text("placed {object} ({id}) {relation} {target}, {axes}"),
        .skippedTag: .text("[skipped]"),
        .alreadyDone: .text("already done (event #{seq}); nothing appended"),
        .quarantined: .text("a torn last line was moved to '{path}' before appending"),
        .countCommands: .plural(one: "1 command", other: "{count} commands"),
        .countEvents: .plural(one: "1 event", other: "{count} events"),
        .countBatches: .plural(one: "1 batch", other: "{count} batches"),
        .countSnapshots: .plural(one: "1 snapshot", other: "{count} snapshots"),
        .countObjects: .plural(one: "1 object", other: "{count} objects"),
        .countLines: .plural(one: "1 line", other: "{count} lines"),
        .countRejected: .plural(one: "1 rejected", other: "{count} rejected"),
        .countUnchanged: .plural(one: "1 unchanged", other: "{count} unchanged"),
        .applySummary: .text("read {commands}, appended {events} in {batches}, {unchanged}, {rejected}"),
        .applyDrySummary: .text(
            "read {commands}; {accepted} would be appended, {unchanged}, {rejected}; nothing was written"),
        .applyStopped: .text(", stopped"),
        .applyWould: .text("line {line}: would append: {what}"),
        .applyWouldRefuse: .text("line {line}: would be refused: {reason}"),
        .applyWouldDrop: .text("line {line}:   and {object} would no longer be {relation} {target} ({axis})"),
        .applyWouldUnchanged: .text("line {line}: would change nothing"),
        .applyWouldAlreadyDone: .text("line {line}: already done (event #{seq}); would append nothing"),
        .applyNotObject: .text(
            "not a flat JSON object of strings; write one object per line, such as "
                + "{\"command\":\"create\",\"object\":\"yTvK\",\"name\":\"Box\"}"),
        .applyFieldTwice: .text("field '{field}' is given twice; give each field once"),
        .applySeqNotNumber: .text("field '{field}' takes a seq, a whole number of 1 or more (such as 42)"),
        .applyFieldNotString: .text(
            "field '{field}' is not a string; write its value in double quotes, such as \"name\":\"Box\""),
        .newLogWouldStart: .text("there is no log at '{path}' yet: the run would start one there"),
        .applyUnknownCommand: .text(
            "unknown command '{value}'; use \"command\" create, rename, place, return, return-all, seen, "
                + "archive, restore or undo"),
        .applyMissingField: .text("'{field}' is missing; a {command} line takes {fields}"),
        .applyUnexpectedField: .text("unexpected field '{field}'; a {command} line takes {fields}"),
        .applyBadID: .text("'{field}' is not a valid id: {why}"),
        .applyLineTooLong: .text(
            "the line is longer than {limit} bytes; split it or shorten it (nothing after it was read)"),
        .stdinName: .text("stdin"),
        .rebuildProgress: .text("rebuild: {events}  {rate}/s  {percent}%  about {eta} s left"),
        .rebuildSummary: .text(
            "{events}, {objects}, log {logSize}; {verb} {snapshots} ({snapshotSize}){timeline}{removed}; "
                + "{seconds} s, {rate} events/s"),
        .rebuildWrote: .text("wrote"),
        .rebuildWouldWrite: .text("would write"),
        .rebuildRemoved: .text(", removed {count} old"),
        .rebuildTimeline: .text(" and the object timeline ({size})"),
        .fpSeq: .text("seq"),
        .fpObjects: .text("objects"),
        .fpRegistry: .text("registry"),
        .fpCurrentParents: .text("current parents"),
        .fpNormalParents: .text("normal parents"),
        .fpCurrentPositional: .text("current positional"),
        .fpNormalPositional: .text("normal positional"),
        .fpReplay: .text("replay"),
        .fpAll: .text("all"),
        .verifyOK: .text("OK: {lines}, seq 1–{seq}, hash chain intact"),
        .verifyOKEmpty: .text("OK: the log is empty"),
        .verifyHead: .text("head {seq}:{hash}"),
        .verifyIntactBefore: .plural(
            one: "1 line before it is intact and chained", other: "{count} lines before it are intact and chained"),
        .verifyTorn: .text(
            "warning: torn last line ({bytes} bytes at byte {offset}) from a crash; "
                + "the next append moves it to quarantine"),
        .verifyExpectFound: .text("expected head {seq}:{hash} is present: the log extends it"),
        .verifyExpectMissing: .text(
            "expected head {seq}:{hash} is missing, so the log was cut short or rewritten; restore it from a backup"),
        .metaName: .text("NAME"),
        .metaFile: .text("FILE"),
        .metaShell: .text("SHELL"),
        .metaCommand: .text("SUBCOMMAND"),
        .verifySkipped: .text("skipped on replay: #{seq}: {reason}"),
        .verifyReplayed: .text("replayed {events}; {skipped} skipped against the state"),
    ]
}
