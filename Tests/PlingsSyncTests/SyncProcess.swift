import Foundation
import PlingsSync
import PlingsTestSupport

/// Runs the built `plings` as separate processes, for crash and concurrency tests.
enum SyncProcess {
    /// Starts `plings ARGS` with output discarded.
    static func start(_ args: [String], env: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TransportTests.plings)
        process.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LANG"] = "en"
        for (key, value) in env { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `plings ARGS` to the end; its exit status.
    @discardableResult
    static func run(_ args: [String], env: [String: String] = [:]) throws -> Int32 {
        let process = try start(args, env: env)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `plings --log DEVICE sync --via 'plings serve --stdio --log HUB'`; the
    /// serve process writes its pid to `pidFile` before it starts.
    static func syncArgs(device: String, hub: String, pidFile: String) -> [String] {
        let serve = "echo $$ > '\(pidFile)'; exec '\(TransportTests.plings)' serve --stdio --log '\(hub)'"
        return ["--log", device, "sync", "--via", serve]
    }

    /// How many events of the hub's log carry each (device, device seq) origin.
    static func origins(_ hubPath: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        guard let file = try LogFile.open(hubPath, create: false) else { return counts }
        _ = try file.read(from: LogCursor()) { line, _ in
            if let o = line.event.origin { counts["\(o.device).\(o.deviceSeq)", default: 0] += 1 }
        }
        return counts
    }
}
