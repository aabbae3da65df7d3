import Foundation
import PlingsKit
import PlingsSync

extension SyncCommands {
    /// Whether SOURCE is a hub on the web.
    static func isWebURL(_ source: String) -> Bool {
        let lower = source.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// The hub at `url`, with the login for its host from `PLINGS_NETRC` or
    /// `~/.netrc` and the timeout from `PLINGS_TIMEOUT`.
    static func webHub(_ url: String, insecureHTTP: Bool, _ context: Context) throws(SyncError) -> HTTPHub {
        let environment = ProcessInfo.processInfo.environment
        let host = URL(string: url)?.host ?? ""
        return try HTTPHub(
            url: url, credentials: HTTPCredentials.fromNetrc(host: host, environment: environment),
            timeout: timeout(environment), language: context.language, allowInsecureHTTP: insecureHTTP,
            trustedCAFile: environment["PLINGS_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `PLINGS_TIMEOUT` seconds (30 when unset or not a number above 0).
    static func timeout(_ environment: [String: String]) -> Double {
        guard let text = environment["PLINGS_TIMEOUT"], let seconds = Double(text), seconds.isFinite, seconds > 0
        else { return 30 }
        return min(seconds, 86_400)
    }
}

extension SyncCommands {
    /// `plings pending --move-to NEW`: this device's pending commands go to the device `NEW`.
    static func movePending(to target: String, _ context: Context) throws -> Int32 {
        let moved: [SyncProtocol.Pushed]
        let fresh: Device
        do {
            fresh = try Device(logPath: target)
            moved = try fresh.movePending(from: context.logPath)
        } catch {
            throw fail(error, context)
        }
        guard let first = moved.first, let last = moved.last else {
            context.terminal.out(context.text(.syncNothingPending) + "\n")
            return ExitStatus.ok
        }
        let values = [
            "path": Printable.quote(target), "device": fresh.config.device, "first": String(first.dseq),
            "last": String(last.dseq),
        ]
        context.terminal.out(context.text.count(.syncMovedPending, moved.count, values) + "\n")
        return ExitStatus.ok
    }
}
