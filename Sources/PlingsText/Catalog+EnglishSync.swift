extension Catalog {
    /// The English texts of sync: clone, sync, pending, serve.
    static let englishSync: [MessageKey: Entry] = [
        .syncBadCommand: .text(
            "{what}: the command cannot be carried; the device that sent it must put its pending queue right ('plings pending' shows it)"
        ),
        .syncPendingDamaged: .text(
            "the pending queue '{path}' is damaged at line {line}: {why}; it is this device's own file, not the hub's doing: put the line right, or move the file away (its commands are then not sent)"
        ),
        .syncCommandMissing: .text("a '{kind}' command without its '{member}'"),
        .syncCommandNotTaken: .text("a '{kind}' command with '{member}', which it does not take"),
        .syncCommandNotAnID: .text("a '{kind}' command whose '{member}' is not a valid id"),
        .syncCommandTooLong: .text("a '{kind}' command whose '{member}' is longer than {limit} bytes"),
        .syncCommandUnknown: .text("a '{kind}' command whose '{member}' is not one Plings knows"),
        .syncProtocol: .text("the peer broke the sync protocol: {why}; check that both sides run Plings"),
        .syncTruncated: .text("the stream ended in the middle of a message; run the sync again"),
        .syncOversized: .text("a sync message is longer than the limit of {limit} bytes; check the peer"),
        .syncMessageTooLarge: .text(
            "a sync message carries more than {limit} bytes; nothing of it was used; the peer is not a Plings hub or device, or it is broken"
        ),
        .syncNewerProtocol: .text(
            "the peer speaks sync protocol {version}, newer than this build ({ours}); upgrade Plings"),
        .syncHubError: .text("the hub answered with an error ({code}): {message}"),
        .syncDiverged: .text(
            "the mirror is not a prefix of the hub's log ({why}); clone again into a new file, "
                + "then move the pending commands there with 'plings pending --move-to NEW'"),
        .syncSSHNotURL: .text("'{url}' is not ssh://[user@]host[:port]/path; check SOURCE"),
        .syncSSHUserOption: .text(
            "the user in '{url}' begins with '-', which ssh would take for an option; check SOURCE"),
        .syncSSHHostOption: .text(
            "the host in '{url}' begins with '-', which ssh would take for an option; check SOURCE"),
        .syncSSHPort: .text("the port '{port}' in '{url}' is not a number from 1 to 65535; check SOURCE"),
        .clockBehind: .text(
            "this machine's clock ({clock}) is behind the log's last time, so the events are stamped {at} "
                + "(a log's times never go back); set the clock right, or find the line with that time "
                + "('plings log --from {at}')"),
        .verifyClockBehind: .text(
            "this machine's clock ({clock}) is behind the log's last time ({at}): events appended here "
                + "are stamped {at} until the clock passes it; set the clock right, or find the line with that time"),
        .verifyClockKept: .plural(
            one: "1 event was written while the clock was behind the log: it keeps the clock's reading "
                + "beside the log's time ('plings log' says 'the clock said …')",
            other: "{count} events were written while the clock was behind the log: each keeps the clock's reading "
                + "beside the log's time ('plings log' says 'the clock said …')"),
        .cacheNotUsed: .text(
            "the cache folder '{path}' is not used, so views read the whole log: {why}; remove it "
                + "(the next 'plings rebuild' makes it again)"),
        .cacheFolderUnwritable: .text(
            "cannot write the cache folder '{path}': {why}; remove it (its owner can, if you cannot) and run "
                + "the command again: Plings makes it anew"),
        .cacheNameTaken: .text(
            "'{path}' is a folder where Plings keeps a cache file; it was left as it is, and that cache was not "
                + "written (views still work, from the log); move the folder away and run 'plings rebuild' again"),
        .cacheIsLink: .text("it is a symbolic link"),
        .cacheNotFolder: .text("it is not a folder"),
        .cacheNotOwned: .text("it belongs to another user"),
        .cacheWritableByOthers: .text("others can write to it"),
        .syncTransport: .text("the connection to the hub failed: {why}; check SOURCE, --via or PLINGS_SSH"),
        .syncDeviceSeqOutOfRange: .text(
            "device seq {dseq} is outside 1 to {limit}, which a log line holds; nothing was written "
                + "(clone again into a new file with another --device name)"),
        .syncUnrecordedVerdict: .text(
            "the hub answered device seq {dseq}, but its log does not hold that command; it stays pending "
                + "(sync again; if this repeats, the hub is not recording what it answers)"),
        .syncNotADevice: .text("'{path}' is not a device; make it one with 'plings clone SOURCE'"),
        .syncAlreadyADevice: .text("'{path}' exists already; clone into a new file"),
        .syncAlreadyCloned: .text(
            "'{path}' is a device already (a clone that was stopped leaves one); "
                + "bring it up to date with plings --log '{path}' sync, or clone into a new file"),
        .syncMirrorNotAHub: .text(
            "'{path}' is a device's mirror of a hub, not a hub: it takes only its own hub's lines; "
                + "serve, clone or sync with the hub's own log, the one the device was cloned from"),
        .syncInvalidDevice: .text(
            "invalid device name '{name}': {why}; use 1–32 characters from A–Z a–z 0–9 - _"),
        .syncDeviceReadOnly: .text(
            "'{path}' is a device: its log takes only the hub's lines; run this on the hub, "
                + "or one command at a time here"),
        .syncServeNeedsStdio: .text(
            "serve needs --stdio or --cgi; usage: plings serve --stdio, or plings serve --cgi [--access FILE]"),
        .syncCloned: .text("cloned {events} into '{path}' as device '{device}'"),
        .syncClonedShallow: .text(
            "started from the hub's snapshot at #{seq}: views reach back to it; earlier points are the hub's to show"),
        .syncNoSnapshot: .text(
            "the hub has published no snapshot to start from; its keeper can run 'plings rebuild' on the hub, "
                + "or clone without --shallow"),
        .syncShallowNotCarried: .text(
            "a shallow clone needs a hub reached by path or over HTTP(S); over ssh or --via, clone without --shallow"),
        .syncSnapshotTooLarge: .text(
            "the hub's snapshot carries more than {limit} bytes, more than a snapshot of a real world; nothing of it "
                + "was kept; the hub is not a Plings hub or it is broken; clone without --shallow"),
        .syncSnapshotDamaged: .text(
            "the hub's snapshot does not check out (its header, a checksum or the world in it is wrong, or it "
                + "goes on past its size); nothing of it was kept; clone again, or clone without --shallow"),
        .syncConnectionClosed: .text(
            "the hub's web server closed the connection in the middle of its answer; nothing of the answer was "
                + "used; run the command again"),
        .beforeBase: .text(
            "this device's copy begins at #{seq} (the hub's snapshot it was cloned from); ask the hub for earlier points"
        ),
        .damagedBase: .text(
            "'{path}', the hub's snapshot this shallow device starts from, is missing or damaged; clone the hub "
                + "again into a new file and move the pending commands there with 'plings pending --move-to'"),
        .baseFormatOlder: .text(
            "'{path}', the hub's snapshot this shallow device starts from, is in snapshot format {version}, written "
                + "by an older Plings, which this one no longer reads; clone the hub again into a new file and move "
                + "the pending commands there with 'plings pending --move-to'"),
        .baseFormatNewer: .text(
            "'{path}', the hub's snapshot this shallow device starts from, is in snapshot format {version}, newer "
                + "than this Plings reads (format {newest}); upgrade Plings"),
        .verifyOnBase: .text("verified #{first}–#{last} on top of the hub's snapshot at #{seq} (hash {hash})"),
        .verifyOnBaseOnly: .text("no lines after the hub's snapshot at #{seq} (hash {hash}) yet; it checks out"),
        .syncSummary: .text(
            "pushed {pushed}, accepted {accepted}, refused {refused}, pulled {pulled}; hub at #{seq}"),
        .syncRefused: .text("refused: {device}#{dseq} {command}: {reason}"),
        .syncQueued: .text("pending: {device}#{dseq} {command}"),
        .syncLikelyRefused: .text("(likely refused: {reason})"),
        .syncNothingPending: .text("nothing pending"),
        .syncNotCarried: .text(
            "a device queues create, rename, place, return, seen, archive and restore; run return --all and undo on the hub"
        ),
        .helpClone: .text(
            """
            OVERVIEW: Make the log a device of a hub and pull the hub's log into it.

            USAGE: plings clone SOURCE [--device NAME] [--via COMMAND] [--insecure-http] [--shallow]

            ARGUMENTS:
              SOURCE              A hub log's path, ssh://[user@]host/path/to/hub.jsonl
                                  (runs $PLINGS_SSH host plings serve --stdio --log PATH),
                                  or https://host/BASE, a hub on the web (the login for the
                                  host from ~/.netrc or $PLINGS_NETRC; $PLINGS_TIMEOUT
                                  seconds for each answer, 30 by default).

            OPTIONS:
              --device NAME       The device's name (default: the host name and a short
                                  random suffix, as laptop-k3f9).
              --via COMMAND       Reach the hub through COMMAND (run with sh -c), which
                                  speaks the sync protocol on stdin and stdout.
              --insecure-http     Allow http:// to a host that is not this machine.
              --shallow           Start from the newest snapshot the hub published
                                  ('plings rebuild' on the hub) and pull only the events
                                  after it (a hub by path or on the web). Views reach back
                                  to the snapshot; earlier points are the hub's to show.
            {globalOptions}

            """),
        .helpSync: .text(
            """
            OVERVIEW: Push the pending commands to the hub, then pull the hub's new events.

            USAGE: plings sync [SOURCE] [--via COMMAND] [--insecure-http] [--json]

            ARGUMENTS:
              SOURCE              The hub (default: the one the device was cloned from).

            OPTIONS:
              --via COMMAND       Reach the hub through COMMAND (sh -c).
              --insecure-http     Allow http:// to a host that is not this machine.
              --json              Print the result as JSON.
            {globalOptions}

              Exit status: 0 when every pushed command was accepted, 3 when the hub
              refused any (the rest still synced), 1 on a transport or integrity error.

            """),
        .helpPending: .text(
            """
            OVERVIEW: List the commands made on this device that are not on the hub yet,
            oldest first.

            USAGE: plings pending [--json]
                   plings pending --move-to NEW

            OPTIONS:
              --json              Print the queue as JSON.
              --move-to NEW       Move the queue to the device whose log is NEW (a fresh
                                  clone), for commands this device can no longer push
                                  (its name was used by another device too).
            {globalOptions}

            """),
        .helpServe: .text(
            """
            OVERVIEW: Serve the log as a hub: on stdin and stdout (for ssh), or as a CGI
            program behind a web server.

            USAGE: plings serve --stdio
                   plings serve --cgi [--access FILE]

            OPTIONS:
              --stdio             Speak the sync protocol on stdin and stdout.
              --cgi               Answer one HTTP request as a CGI program: POST BASE/sync,
                                  GET BASE/log, and the web pages at BASE/ (the card,
                                  the move flow, the tree, labels; docs/web.md). The
                                  web server signs users in (REMOTE_USER); see
                                  docs/deploy.md.
              --access FILE       Who may read and who may write: lines 'USER read' or
                                  'USER write'; a user not listed gets 403 (default:
                                  every signed-in user may write).
            {globalOptions}

            """),
    ]
}
