extension Catalog {
    /// The English help texts; `{globalOptions}` is filled in by the CLI.
    static let englishHelp: [MessageKey: Entry] = [
        .helpGlobalOptions: .text(
            """
              --log PATH          The event log (default: $PLINGS_LOG, else ./plings.jsonl).
              --actor NAME        Who acts, 1–100 bytes; recorded on each event
                                  (default: $PLINGS_ACTOR).
              --lang sv|en        Language of the text (default: $PLINGS_LANG, else the
                                  locale: $LC_ALL, $LC_MESSAGES, $LANG; sv* is Swedish).
              -h, --help          Show help.
            """),
        .helpOverview: .text(
            """
            OVERVIEW: Plings knows where every physical thing is and where it belongs.

            Every change is an event in one append-only JSON-lines log; every view is
            replayed from it. Things have two locations: current (where it is now)
            and normal (its home).

            USAGE: plings [--log PATH] [--actor NAME] [--lang sv|en] SUBCOMMAND ...

            OPTIONS:
            {globalOptions}
              --version           Show the version.

            SUBCOMMANDS:
              create ID NAME      Tag a new thing; it starts at World.
              rename ID NAME      Give a thing a new name.
              place X REL Y       Place X relative to Y (in, on, attached-to, under,
                                  above, left-of, right-of, next-to, in-front-of, behind).
              return X            Put X back where it belongs (--all: everything away).
              undo [SEQ]          Undo an event (default: your previous step).
              redo                Redo what your last undo took back.
              seen X [X…]         Record that things were seen where Plings says.
              stocktake [C]       What inside C nobody has seen or placed since a time.
              find TEXT           Find things by name or id, ignoring case and accents.
              archive X           Take X out of the world (thrown away, sold).
              restore X --to Y    Bring an archived thing back.
              lend X --to WHO     Lend X to a person or a thing; return X ends the loan.
              loans               What is lent: to whom, since and due when.
              card X              Show the detail card of X.
              tree                Show the whole world as a tree.
              picture C           Draw what is in C as a picture (SVG).
              labels [ID…]        A sheet of labels with QR codes to print (HTML).
              history X           Everything that happened to X, with causes.
              log                 The raw events (as JSON lines with --json).
              away                Everything that is not where it belongs.
              diff                What changed between two points of the log.
              rebuild             Replay the log once and write snapshots and the timeline.
              fingerprint         A digest of every projection, to compare replays.
              apply [FILE]        Run many commands from JSON lines, in batches.
              import FILE         Bring in a spreadsheet of things (CSV).
              export              Write the world as a spreadsheet (CSV).
              verify              Check the log's hash chain, seq and every line.
              head                Print the last seq and its hash (SEQ:HASH).
              repair [LOG]        Set aside a damaged end of the log (a hand edit).
              help [SUBCOMMAND]   Show this overview or a subcommand's help.
              completion SHELL    Print shell completion for bash, zsh or fish.
              clone SOURCE        Make the log a device of a hub and pull it.
              sync [SOURCE]       Push this device's pending commands, pull the hub.
              pending             The commands not yet on the hub.
              serve               Serve the log as a hub (--stdio for ssh, --cgi for the web).

              Views take --at POINT: a seq (57), an RFC 3339 time, a time without
              a zone (read in $TZ), or a date (2026-06-28, the end of that day in
              $TZ), and show the world as it was right after that point.

              See 'plings help SUBCOMMAND' for each one.

            """),
        .helpCreate: .text(
            """
            OVERVIEW: Tag a new thing with an id and a name. It starts at World on both axes.

            USAGE: plings create ID NAME [--cid ID] [--expect-seq SEQ] [--json]

            ARGUMENTS:
              ID                  1–64 characters from A–Z a–z 0–9 - _ . (not starting
                                  with '-'; 'world' is reserved). Case-sensitive:
                                  'BOX' beside 'box' is another thing (a note
                                  says so).
              NAME                The display name: 1–200 bytes, no control characters.

            OPTIONS:
              --cid ID            A command id of your choosing: a retry with the same id
                                  is appended at most once.
              --expect-seq SEQ    Fail unless the log's last seq is SEQ (optimistic
                                  concurrency).
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpRename: .text(
            """
            OVERVIEW: Give an existing thing a new display name.

            USAGE: plings rename ID NAME [--cid ID] [--expect-seq SEQ] [--json]

            ARGUMENTS:
              ID                  The thing's id.
              NAME                The new name: 1–200 bytes, no control characters.

            OPTIONS:
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpPlace: .text(
            """
            OVERVIEW: Place X relative to Y: the move flow (Flytta).

            In, on and attached-to make Y the parent: X follows Y when Y moves.
            Under, above, left-of, right-of, next-to, in-front-of and behind make X a
            sibling of Y, in Y's container, with a positional relation that is dropped
            when Y moves. Anything positioned relative to X loses that relation when X
            moves. A placement that changes nothing appends nothing ("unchanged").

            A diagonal joins two directions of different kinds (under/above,
            in-front-of/behind, left-of/right-of) with a comma, in either order:
            behind,left-of is "behind and to the left of". It is one relation.

            USAGE: plings place X RELATION Y [--axes both|current|normal] [--cid ID]
                                [--expect-seq SEQ] [--json]

            ARGUMENTS:
              X                   The thing to place.
              RELATION            in, on, attached-to, under, above, left-of, right-of,
                                  next-to, in-front-of, behind (Swedish: i, på,
                                  fastsatt-på, under, ovanför, vänster-om, höger-om,
                                  bredvid, framför, bakom), or a diagonal: two
                                  directions joined by a comma (behind,left-of,
                                  under,behind, above,right-of, …).
              Y                   The reference thing, or 'world' (with 'in') for the root.

            OPTIONS:
              --axes CHOICE       both (the default), current (current only) or normal
                                  (a new home). Swedish: både, nuvarande, hem.
              --cid ID            A command id of your choosing (idempotent retries).
              --expect-seq SEQ    Fail unless the log's last seq is SEQ.
              --json              Print what was appended as JSON.
            {globalOptions}

            """),
        .helpCard: .text(
            """
            OVERVIEW: Show the detail card of a thing: its current and home locations
            as paths from World with positional relations, whether it is away from
            home, and what it contains.

            USAGE: plings card X [--at POINT] [--json]

            ARGUMENTS:
              X                   The thing's id.

            OPTIONS:
              --at POINT          As it was after a seq, a time or a date.
              --json              Print the card as JSON: id, name, current and normal (each with
                                  parent, relation, path, positional and inbound), away, contents,
                                  belongings, lastSeen, archived, asOfSeq (see docs/json.md).
            {globalOptions}

            """),
        .helpTree: .text(
            """
            OVERVIEW: Show the whole world as a tree on one axis.

            USAGE: plings tree [X] [--axis current|normal] [--at POINT] [--json]

            ARGUMENTS:
              X                   Only X and what is inside it (default: the whole world).

            OPTIONS:
              --at POINT          As it was after a seq, a time or a date.
              --axis AXIS         current (the default) or normal (home).
              --json              Print the tree as JSON.
            {globalOptions}

            """),
        .helpHistory: .text(
            """
            OVERVIEW: Show everything that happened to a thing, oldest first: the
            events about it, things placed relative to it, positional relations it
            lost because their reference moved (naming the cause), and path changes
            because a container above it moved. Each with seq, time and actor.

            USAGE: plings history X [--at POINT] [--json]

            ARGUMENTS:
              X                   The thing's id.

            OPTIONS:
              --at POINT          Only up to a seq, a time or a date.
              --json              Print the entries as JSON.
            {globalOptions}

            """),
        .helpLog: .text(
            """
            OVERVIEW: Show the events of the log, as sentences or, with --json, as
            the stored JSON lines themselves (to pipe into other tools).

            USAGE: plings log [--from POINT] [--to POINT] [--object X] [--json] [--follow]

            OPTIONS:
              --from POINT        Start at a seq, a time or a date.
              --to POINT          End at a seq, a time or a date (inclusive).
              --object X          Only events about X or placing something against X.
              --json              Print the stored lines (JSON lines).
              --follow            Keep running and show each new event as any process
                                  appends it (with --json: a feed for other tools);
                                  with --to, stop once the log has passed it.
            {globalOptions}

            """),
        .helpAway: .text(
            """
            OVERVIEW: List every thing whose current location is not its home, with
            where it is, where it belongs, and since when.

            USAGE: plings away [--in C] [--at POINT] [--json]

            OPTIONS:
              --in C              Only what is in C, at any depth below it.
              --at POINT          As it was after a seq, a time or a date.
              --json              Print the list as JSON.
            {globalOptions}

            """),
        .helpDiff: .text(
            """
            OVERVIEW: Show what changed between two points of the log: things that
            appeared, were renamed or moved, and positional relations that appeared
            or were dropped.

            USAGE: plings diff --from POINT [--to POINT] [--json]

            OPTIONS:
              --from POINT        The earlier point: a seq, a time or a date.
              --to POINT          The later point (default: now).
              --json              Print the changes as JSON.
            {globalOptions}

            """),
        .helpRebuild: .text(
            """
            OVERVIEW: Replay the whole log once and write snapshots of every
            projection, and the object timeline (every object's changes, for
            card --at), into the cache folder beside the log (<log>.plings-cache/),
            so the cache stays under a quarter of the log's size. Views then
            start from the nearest snapshot. Old files are removed. Shows
            progress on a terminal.

            USAGE: plings rebuild [--dry-run] [--quiet] [--json]

            OPTIONS:
              --dry-run           Count and estimate; write nothing.
              --quiet             No progress line.
              --json              Print the summary as JSON.
            {globalOptions}

            """),
        .helpFingerprint: .text(
            """
            OVERVIEW: Print a digest of every projection (registry, parent trees,
            positional edges, replay state). Two ways of reaching the same point
            give the same digests. The world digest covers only what a person
            sees (the things not archived, their names and places), so an export
            imported into another log gives the same one.

            USAGE: plings fingerprint [--at POINT] [--full] [--json]

            OPTIONS:
              --at POINT          As it was after a seq, a time or a date.
              --full              Replay from the start, ignoring snapshots.
              --json              Print the digests as JSON.
            {globalOptions}

            """),
        .helpApply: .text(
            """
            OVERVIEW: Run commands from JSON lines, one per line, deciding each
            against the state left by the ones before it, and append them in
            batches with one fsync per batch. The fields are the log's own words:

                {"command":"create","object":"yTvK","name":"Plastlåda"}
                {"command":"rename","object":"yTvK","name":"Blå låda"}
                {"command":"place","object":"yTvK","relation":"under","target":"5GgB","axes":"both"}
                {"command":"undo","seq":42}

            The everyday verbs are lines too: return, return-all, seen, archive,
            restore, undo (without "seq": the actor's previous step, walking
            back) and redo, looked up after the lines before them are appended;
            see docs/verbs.md.
            "axes" (both, current or normal) is optional, and so is "cid", a
            command id that makes a retried line count once. A line is at most
            16 KiB. A line that changes nothing (a placement that is already so,
            a retried "cid") appends nothing and is counted as unchanged.
            Refused lines are reported on stderr with their line number and
            reason; the exit status is 1 if any was. Lines that create an id
            differing from an earlier one only in case (BOX beside box: two
            things) are named in one note on stderr (all of them in --json).

            USAGE: plings apply [FILE|-] [--dry-run] [--on-error stop|skip] [--batch N]
                                [--json]

            ARGUMENTS:
              FILE                The commands; '-' or nothing reads stdin.

            OPTIONS:
              --dry-run           Decide every line against the evolving state and
                                  say what each would do, including positional
                                  relations that would drop; write nothing.
              --on-error POLICY   stop (the default): a refused line stops the run,
                                  and its batch is not appended (earlier batches
                                  are); skip: report it and go on.
              --batch N           Commands per batch and fsync (default 10000).
              --json              Print the summary as JSON.
            {globalOptions}

            """),
        .helpVerify: .text(
            """
            OVERVIEW: Check the whole log: every line's shape and SHA-256, the hash
            chain, seq continuity and times. Names the first bad line and byte offset.
            Exits 0 when the log is intact, 1 otherwise.

            USAGE: plings verify [--expect SEQ:HASH] [--events] [--json]

            OPTIONS:
              --expect SEQ:HASH   Also prove that a head exported earlier with
                                  'plings head' is still in the log (catches truncation
                                  and rewriting after the fact).
              --events            Also replay every event and list those skipped
                                  against the state (slower: the replay runs on one
                                  core).
              --json              Print the report as JSON.
            {globalOptions}

            """),
        .helpHead: .text(
            """
            OVERVIEW: Print the log's last seq and its line hash as SEQ:HASH. Keep it
            somewhere safe; 'plings verify --expect SEQ:HASH' later proves the log
            still extends it.

            USAGE: plings head [--json]

            OPTIONS:
              --json              Print seq, hash and time as JSON.
            {globalOptions}

            """),
        .helpHelp: .text(
            """
            OVERVIEW: Show the overview, or the help of one subcommand.

            USAGE: plings help [SUBCOMMAND]

            ARGUMENTS:
              SUBCOMMAND          The subcommand to explain, such as place.

            OPTIONS:
            {globalOptions}

            """),
        .helpCompletion: .text(
            """
            OVERVIEW: Print a completion script for a shell: subcommands, options,
            relations and axes complete with Tab.

                source <(plings completion bash)        # in ~/.bashrc
                plings completion zsh > ~/.zfunc/_plings  # with fpath+=~/.zfunc
                plings completion fish > ~/.config/fish/completions/plings.fish

            USAGE: plings completion bash|zsh|fish

            ARGUMENTS:
              SHELL               bash, zsh or fish.

            OPTIONS:
            {globalOptions}

            """),
    ]
}
