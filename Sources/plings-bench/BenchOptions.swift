import Foundation
import PlingsPlatform

/// The command line of plings-bench: a mode, `--name value` options and flags.
struct BenchOptions {
    static let usage = """
        OVERVIEW: Benchmarks for Plings.

        USAGE: plings-bench generate --events N --objects M [--seed S] --out PATH
               plings-bench generate --shape chain|chain-bottom-up|wide|crossing --size N --out PATH
               plings-bench run --log PATH [--runs K] [--baseline-lines N] [--queries Q] [--python PY] [--json]
                                [--only append,apply [--dir D]]   (only the single-append and bulk-apply rows)
               plings-bench scale [--sizes 1,5,10] [--with-20m | --logs A,B,...] [--queries Q]
                                  [--keep-cache] [--view-runs K] [--view-seconds S] [--no-views] [--json]
                                                     (logs of 1M events (or --sizes, in millions) made in temporary
                                                     folders, then deleted; a row per view in fresh plings processes)
               plings-bench replay --log PATH        (one replay; prints time and peak memory)
               plings-bench sha [--lines N] [--line-bytes B] [--runs K] [--json]
                                                     (SHA-256 MB/s, CPU instructions vs portable Swift)
               plings-bench scan --log PATH [--runs K] [--steps lines,hash,hash2,scan,scan2 | chain | verification | decode]
                                                     (the reading thread's steps in memory, µs/line; chain, verification, decode: from the file)
               plings-bench find --log PATH [--queries Q] [--rebuild]   (find from a warm snapshot)
               plings-bench sync [--pending N] [--clone HUB] [--serve PLINGS] [--http URL]
                                                     (push N pending, clone HUB; via 'PLINGS serve --stdio';
                                                      clone URL, a hub on the web, login from PLINGS_NETRC or ~/.netrc)
               plings-bench sync --http URL --devices N [--pending M]
                                                     (N devices of the hub at URL sync M commands each, all at once;
                                                      checks every command is in the log once: scripts/web-load.sh)

        OPTIONS:
          --events N          Events to generate.
          --objects M         Objects among them.
          --seed S            Random seed (default 1).
          --out PATH          Where to write the log.
          --log PATH          The log to measure (run 'plings rebuild' on it, or pass --rebuild).
          --runs K            Replays to take the median of (default 3).
          --baseline-lines N  Lines the JSONDecoder baseline reads (default 500000; its rate is per line).
          --queries Q         Time-travel queries (default 200).
          --rebuild           Rebuild the snapshot cache before the time-travel queries.
          --lines N           Lines the sha benchmark hashes (default 1000000).
          --line-bytes B      Their mean length (default 300).
          --python PY         The Python with pysimdjson for the peer row (default python3).
          --sizes A,B,...     Logs to make for the scaling table, in millions of events (default 1).
          --with-20m          Add a 20M-event log to the scaling table (about 6 GB of disk for a while).
          --view-runs K       Fresh processes per view in the scaling table (default 15).
          --view-seconds S    A view stops after S seconds of runs, with at least three (default 30).
          --no-views          The scaling table without the views.
          --logs A,B,...      Scale over these generated logs instead of making new ones (their caches are rebuilt).
          --keep-cache        With --logs: keep a log's cache when it is accepted (no replay and no rebuild first).
          --json              Print the figures as JSON.

        """

    var mode: String
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses the arguments after the program name; prints the usage and exits on `--help` or a bad line.
    static func parse(_ arguments: [String]) -> BenchOptions {
        let modes = ["generate", "run", "replay", "sha", "find", "scale", "sync", "scan"]
        guard let mode = arguments.first, modes.contains(mode) else {
            print(usage)
            Platform.exit(arguments.contains("--help") || arguments.contains("-h") ? 0 : 64)
        }
        var options = BenchOptions(mode: mode)
        var index = 1
        while index < arguments.count {
            let a = arguments[index]
            if ["--json", "--rebuild", "--help", "-h", "--with-20m", "--no-views", "--keep-cache"].contains(a) {
                options.flags.insert(a)
                index += 1
            } else if a.hasPrefix("--"), index + 1 < arguments.count {
                options.values[a] = arguments[index + 1]
                index += 2
            } else {
                fail("unexpected argument '\(a)'; see plings-bench --help")
            }
        }
        if options.flags.contains("--help") || options.flags.contains("-h") {
            print(usage)
            Platform.exit(0)
        }
        return options
    }

    /// A required string option.
    func string(_ name: String) -> String {
        guard let value = values[name] else { fail("\(name) is required") }
        return value
    }

    /// A whole-number option (underscores allowed); `fallback` when absent, required when there is none.
    func int(_ name: String, _ fallback: Int? = nil) -> Int {
        guard let text = values[name] else {
            guard let fallback else { fail("\(name) is required") }
            return fallback
        }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), value >= 0 else {
            fail("\(name) takes a number, not '\(text)'")
        }
        return value
    }
}

/// Writes to standard error.
func errWrite(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
}

/// Reports a usage problem and exits with 64.
func fail(_ message: String) -> Never {
    errWrite("plings-bench: \(message)\n")
    Platform.exit(64)
}
