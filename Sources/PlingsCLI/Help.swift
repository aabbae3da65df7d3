/// Help texts: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum Help {
    static let globalOptions = """
          --log PATH          The event log (default: $PLINGS_LOG, else ./plings.jsonl).
          --actor NAME        Who acts; recorded on each event (default: $PLINGS_ACTOR).
          --lang sv|en        Language of the text (default: $PLINGS_LANG, else sv).
          -h, --help          Show help.
        """

    static let overview = """
        OVERVIEW: Plings knows where every physical thing is and where it belongs.

        Every change is an event in one append-only JSON-lines log; every view is
        replayed from it. Things have two locations: current (where it is now)
        and normal (its home).

        USAGE: plings [--log PATH] [--actor NAME] [--lang sv|en] SUBCOMMAND ...

        OPTIONS:
        \(globalOptions)
          --version           Show the version.

        SUBCOMMANDS:
          create ID NAME      Tag a new thing; it starts at World.
          rename ID NAME      Give a thing a new name.
          place X REL Y       Place X relative to Y (in, on, attached-to, under,
                              above, left-of, right-of, next-to).
          card X              Show the detail card of X.
          tree                Show the whole world as a tree.
          verify              Check the log's hash chain, seq and every line.
          head                Print the last seq and its hash (SEQ:HASH).

          See 'plings SUBCOMMAND --help' for each one.

        """

    static let create = """
        OVERVIEW: Tag a new thing with an id and a name. It starts at World on both axes.

        USAGE: plings create ID NAME [--cid ID] [--expect-seq SEQ] [--json]

        ARGUMENTS:
          ID                  1–64 characters from A–Z a–z 0–9 - _ . (not starting
                              with '-'; 'world' is reserved).
          NAME                The display name: 1–200 bytes, no control characters.

        OPTIONS:
          --cid ID            A command id of your choosing: a retry with the same id
                              is appended at most once.
          --expect-seq SEQ    Fail unless the log's last seq is SEQ (optimistic
                              concurrency).
          --json              Print what was appended as JSON.
        \(globalOptions)

        """

    static let rename = """
        OVERVIEW: Give an existing thing a new display name.

        USAGE: plings rename ID NAME [--cid ID] [--expect-seq SEQ] [--json]

        ARGUMENTS:
          ID                  The thing's id.
          NAME                The new name: 1–200 bytes, no control characters.

        OPTIONS:
          --cid ID            A command id of your choosing (idempotent retries).
          --expect-seq SEQ    Fail unless the log's last seq is SEQ.
          --json              Print what was appended as JSON.
        \(globalOptions)

        """

    static let place = """
        OVERVIEW: Place X relative to Y: the move flow (Flytta).

        In, on and attached-to make Y the parent: X follows Y when Y moves.
        Under, above, left-of, right-of and next-to make X a sibling of Y, in Y's
        container, with a positional relation that is dropped when Y moves.
        Anything positioned relative to X loses that relation when X moves.

        USAGE: plings place X RELATION Y [--axes both|current|normal] [--cid ID]
                            [--expect-seq SEQ] [--json]

        ARGUMENTS:
          X                   The thing to place.
          RELATION            in, on, attached-to, under, above, left-of, right-of,
                              next-to (Swedish: i, på, fastsatt-på, under, ovanför,
                              vänster-om, höger-om, bredvid).
          Y                   The reference thing, or 'world' (with 'in') for the root.

        OPTIONS:
          --axes CHOICE       both (Både, the default), current (Bara nuvarande) or
                              normal (Ny hemplats). Swedish: både, nuvarande, hem.
          --cid ID            A command id of your choosing (idempotent retries).
          --expect-seq SEQ    Fail unless the log's last seq is SEQ.
          --json              Print what was appended as JSON.
        \(globalOptions)

        """

    static let card = """
        OVERVIEW: Show the detail card of a thing: its current and home locations
        as paths from World with positional relations, whether it is away from
        home, and what it contains.

        USAGE: plings card X [--json] [--lang sv|en]

        ARGUMENTS:
          X                   The thing's id.

        OPTIONS:
          --json              Print the card as JSON (id, name, away, contents,
                              current and normal with parent, relation, path and
                              positional).
        \(globalOptions)

        """

    static let tree = """
        OVERVIEW: Show the whole world as a tree on one axis.

        USAGE: plings tree [--axis current|normal] [--json]

        OPTIONS:
          --axis AXIS         current (the default) or normal (home).
          --json              Print the tree as JSON.
        \(globalOptions)

        """

    static let verify = """
        OVERVIEW: Check the whole log: every line's shape and SHA-256, the hash
        chain, seq continuity and times. Names the first bad line and byte offset.
        Exits 0 when the log is intact, 1 otherwise.

        USAGE: plings verify [--expect SEQ:HASH] [--json]

        OPTIONS:
          --expect SEQ:HASH   Also prove that a head exported earlier with
                              'plings head' is still in the log (catches truncation
                              and rewriting after the fact).
          --json              Print the report as JSON.
        \(globalOptions)

        """

    static let head = """
        OVERVIEW: Print the log's last seq and its line hash as SEQ:HASH. Keep it
        somewhere safe; 'plings verify --expect SEQ:HASH' later proves the log
        still extends it.

        USAGE: plings head [--json]

        OPTIONS:
          --json              Print seq, hash and time as JSON.
        \(globalOptions)

        """
}
