import Foundation
import PlingsKit

/// A hub reached through a child process that speaks the protocol on its
/// stdin and stdout: `ssh host plings serve --stdio --log PATH`, or any
/// command given with `--via`. The child's stderr goes to ours.
public final class ProcessTransport: SyncTransport {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var reader: FrameReader
    public private(set) var bytesOnWire = 0
    private var received = 0

    /// Starts `executable` with `arguments`.
    /// - Throws: `SyncError.transport` when it cannot be started.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil) throws(SyncError) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        let handle = output.fileHandleForReading
        reader = FrameReader { () -> [UInt8] in [UInt8](handle.availableData) }
        do { try process.run() } catch {
            throw .transport("cannot start '\(executable)': \(error.localizedDescription)")
        }
    }

    /// `sh -c COMMAND`.
    public convenience init(shellCommand: String) throws(SyncError) {
        try self.init(executable: "/bin/sh", arguments: ["-c", shellCommand])
    }

    /// The transport for `ssh://[user@]host/path`: `$PLINGS_SSH host plings serve --stdio --log /path`.
    public convenience init(sshURL: String, environment: [String: String]) throws(SyncError) {
        guard let url = URL(string: sshURL), url.scheme == "ssh", let host = url.host, !url.path.isEmpty else {
            throw .transport("'\(Printable.quote(sshURL))' is not ssh://[user@]host/path")
        }
        let target = url.user.map { "\($0)@\(host)" } ?? host
        let ssh = environment["PLINGS_SSH"] ?? "ssh"
        let remote = environment["PLINGS_REMOTE_PLINGS"] ?? "plings"
        let command = [ssh, target, remote, "serve", "--stdio", "--log", url.path].map(Self.shellQuote)
        try self.init(executable: "/bin/sh", arguments: ["-c", command.joined(separator: " ")])
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        // A peer still writing (an answer we stopped reading, say an oversized one) must not block
        // us: closing our end makes its writes fail, and one that lingers is stopped.
        try? output.fileHandleForReading.close()
        if process.isRunning { process.terminate() }
        if process.isRunning { process.waitUntilExit() }
    }

    public func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        let bytes = request.bytes
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(bytes))
        } catch {
            throw .transport("the hub's process stopped reading (it exited or closed its input)")
        }
        bytesOnWire += bytes.count
        guard let answer = try reader.message() else {
            throw .transport("the hub's process ended without answering")
        }
        bytesOnWire += answer.bytes.count
        return answer
    }
}
