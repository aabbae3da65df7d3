/// Help for the sync commands.
enum SyncHelp {
    static let clone = """
        OVERVIEW: Make the log a device of a hub and pull the hub's log into it.

        USAGE: plings clone SOURCE [--device NAME] [--via COMMAND]

        ARGUMENTS:
          SOURCE              A hub log's path, or ssh://[user@]host/path/to/hub.jsonl
                              (runs $PLINGS_SSH host plings serve --stdio --log PATH).

        OPTIONS:
          --device NAME       The device's name (default: the host name).
          --via COMMAND       Reach the hub through COMMAND (run with sh -c), which
                              speaks the sync protocol on stdin and stdout.

        """
    static let sync = """
        OVERVIEW: Push the pending commands to the hub, then pull the hub's new events.

        USAGE: plings sync [SOURCE] [--via COMMAND] [--json]

        ARGUMENTS:
          SOURCE              The hub (default: the one the device was cloned from).

        OPTIONS:
          --via COMMAND       Reach the hub through COMMAND (sh -c).
          --json              Print the result as JSON.

        Exit status: 0 when every pushed command was accepted, 3 when the hub
        refused any (the rest still synced), 1 on a transport or integrity error.

        """
    static let pending = """
        OVERVIEW: List the commands made on this device that are not on the hub yet, oldest first.

        USAGE: plings pending [--json]

        OPTIONS:
          --json              Print the queue as JSON.

        """
    static let serve = """
        OVERVIEW: Serve the log as a hub: read sync requests on stdin, answer on stdout.

        USAGE: plings serve --stdio

        OPTIONS:
          --stdio             Speak the protocol on stdin and stdout (the only transport).

        """
}
