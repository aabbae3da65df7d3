import Foundation

/// The `plings` executable built beside the test bundle, run as a separate
/// process by the tests that need one (crashes, web servers, concurrency).
public enum BuiltPlings {
    /// Its path.
    public static var path: String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            here.appendingPathComponent("plings").path,
            here.deletingLastPathComponent().appendingPathComponent("plings").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/plings").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
    }

    /// What a finished run printed and its exit status.
    public struct Run: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String

        public init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// Starts `plings ARGS` with `env` added to this process's environment (English unless set).
    public static func start(_ args: [String], env: [String: String] = [:], output: FileHandle? = nil) throws -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LANG"] = "en"
        for (key, value) in env { environment[key] = value }
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `plings ARGS` to its end.
    @discardableResult
    public static func run(_ args: [String], env: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LANG"] = "en"
        for (key, value) in env { environment[key] = value }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both to their ends before waiting, so a full pipe never blocks the child.
        let errors = Shared()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors.data, as: UTF8.self))
    }

    private final class Shared: @unchecked Sendable { var data = Data() }
}
