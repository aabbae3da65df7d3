import Foundation
import PlingsKit

extension BenchRun {
    /// The `plings` next to this benchmark.
    var plings: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/plings"
    }

    var peerEnvironment: [String: String] {
        ["PLINGS_LANG": "en", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
    }

    /// Fresh processes beside their peers: card without a cache (a full
    /// replay, every hash checked), verify, openssl, Python.
    mutating func measurePeers() {
        if SnapshotCache(logPath: log).totalSize() > 0 {
            notes.append("a snapshot cache was present: 'card, no cache' may have started from a snapshot")
        }
        var found: [String: Double] = [:]
        notes += peerRows(
            log: log, plings: plings, python: options.values["--python"] ?? "python3", runs: min(runs, 3),
            report: { found[$0] = $1 })
        for (name, value) in found { report(name, value) }
        if let card = figures["cardNoCacheSeconds"], let parse = figures["pysimdjsonSeconds"] {
            report("cardNoCacheOverPysimdjson", card / parse)
        }
        if let verify = figures["verifySeconds"], let openssl = figures["opensslSeconds"] {
            report("verifyOverOpenssl", verify / openssl)
        }
    }

    /// `plings card` at the head in a fresh process, with the cache (after `--rebuild`).
    mutating func measureCardAtHead() {
        let args = ["card", SyntheticLog.code(0), "--log", log]
        if let card = bestRun(runs, plings, args, environment: peerEnvironment) {
            report("cardAtHeadWithCacheMs", card.seconds * 1000)
        }
    }
}
