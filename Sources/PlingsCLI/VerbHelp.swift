/// Help texts of the everyday verbs: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum VerbHelp {
    static let writeOptions = """
          --cid ID            A command id of your choosing (idempotent retries).
          --expect-seq SEQ    Fail unless the log's last seq is SEQ.
          --json              Print what was appended as JSON (appended, unchanged, notes).
        """

    static let `return` = """
        OVERVIEW: Put X back where it belongs: its current location becomes its home.

        X's home relation (say "under Bord") comes along when its reference stands
        in the home container now; otherwise it is dropped, and you are told. With
        --all, everything that is away is returned as one batch, containers first.
        Nothing is appended when X is home already ("unchanged").

        USAGE: plings return X [--json]
               plings return --all [--in C] [--json]

        ARGUMENTS:
          X                   The thing to return.

        OPTIONS:
          --all               Return everything that is away.
          --in C              With --all: only what is inside C now.
        \(writeOptions)
        \(Help.globalOptions)

        """

    static let undo = """
        OVERVIEW: Undo an event by appending its compensation; the log is never edited.

        Puts the event's own object back as it was just before the event: its
        placement on the axes the event changed, or its name. Relations other
        things lost because the event moved it are listed, not restored. Undoing
        an undo redoes. Refused, with the reason, when it is no longer possible
        (the old container is now inside the thing, or archived). Creates, archives,
        restores and sightings are not undone: archive, restore instead.

        USAGE: plings undo [SEQ] [--json]

        ARGUMENTS:
          SEQ                 The event to undo (default: the last one by --actor).

        OPTIONS:
        \(writeOptions)
        \(Help.globalOptions)

        """

    static let seen = """
        OVERVIEW: Record that things were seen where Plings says they are.

        Nothing moves. The card shows when each was last seen, and stocktake
        counts a sighting as a check.

        USAGE: plings seen X [X…] [--json]

        ARGUMENTS:
          X                   A thing that was seen; several are recorded as one batch.

        OPTIONS:
        \(writeOptions)
        \(Help.globalOptions)

        """

    static let stocktake = """
        OVERVIEW: List what inside C nobody has seen or placed since a time, oldest first.

        A location audit: everything in C (recursively, where it is now) whose
        last sighting, placement, return or restore is older than --since.
        Archived things are left out.

        USAGE: plings stocktake [C] [--since TIME] [--at POINT] [--json]

        ARGUMENTS:
          C                   The container to check (default: the whole world).

        OPTIONS:
          --since TIME        Only things not handled since this RFC 3339 time or date.
          --at POINT          As it was after a seq, a time or a date.
          --json              Print the list as JSON.
        \(Help.globalOptions)

        """

    static let find = """
        OVERVIEW: Find things by name or id, ignoring case and accents ('kok' finds Köksbordet).

        Hits are ranked: the exact id, then ids and names that start with the text,
        then names with a word that starts with it, then any other match. Each hit
        shows where it is and where it belongs.

        USAGE: plings find TEXT [--limit N] [--archived] [--at POINT] [--json]

        ARGUMENTS:
          TEXT                What to look for.

        OPTIONS:
          --limit N           At most N hits (default 20).
          --archived          Include archived things.
          --at POINT          As it was after a seq, a time or a date.
          --json              Print the hits as JSON.
        \(Help.globalOptions)

        """

    static let archive = """
        OVERVIEW: Take X out of the world: thrown away, sold, lent out.

        Refused while X contains anything, unless --with-contents (then everything
        in it goes too, as a group). Relations such as "under X" are dropped. X
        leaves tree, away, find and stocktake; its card and history stay, and its
        id is never used again. Bring it back with 'plings restore'.

        USAGE: plings archive X [--note TEXT] [--with-contents] [--json]

        ARGUMENTS:
          X                   The thing to archive.

        OPTIONS:
          --note TEXT         Why (1-200 bytes), shown on the card.
          --with-contents     Archive what is in, on or attached to X too.
        \(writeOptions)
        \(Help.globalOptions)

        """

    static let restore = """
        OVERVIEW: Bring an archived thing back, placed relative to Y on both axes.

        What was archived together with it comes back with it, inside it.

        USAGE: plings restore X --to Y [--relation R] [--json]

        ARGUMENTS:
          X                   The archived thing.

        OPTIONS:
          --to Y              Where it goes: a thing's id, or 'world'.
          --relation R        How it is placed against Y (default: in).
        \(writeOptions)
        \(Help.globalOptions)

        """
}
