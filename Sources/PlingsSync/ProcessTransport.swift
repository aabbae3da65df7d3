import Foundation
import PlingsKit
import PlingsPlatform

/// A hub reached through a child process that speaks the protocol on its
/// stdin and stdout: `ssh host plings serve --stdio --log PATH`, or any
/// command given with `--via`. The child's stderr goes to ours.
public final class ProcessTransport: SyncTransport {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var reader: FrameReader
    private let pipe: TimedPipe
    public private(set) var bytesOnWire = 0
    private var received = 0

    /// Starts `executable` with `arguments`.
    /// - Parameter timeout: how long, in seconds, the hub may stay silent while an answer is
    ///   awaited, or leave a request unread (`PLINGS_TIMEOUT`); then the exchange ends with
    ///   `SyncError.timeout`, and nothing of the answer is used. One request and its whole answer
    ///   may take at most `SyncProtocol.wholeMessageSeconds` (`SyncError.answerTooSlow`).
    /// - Throws: `SyncError.transport` when it cannot be started.
    public convenience init(
        executable: String, arguments: [String], environment: [String: String]? = nil, timeout: Double = 30
    ) throws(SyncError) {
        try self.init(
            executable: executable, arguments: arguments, environment: environment, timeout: timeout,
            messageLimit: SyncProtocol.maxMessageBytes, wholeSeconds: nil)
    }

    /// Starts `executable` with `arguments`; an answer of more than `messageLimit` bytes is refused,
    /// and one that takes more than `wholeSeconds` (the protocol's rule for `timeout` when nil).
    init(
        executable: String, arguments: [String], environment: [String: String]?, timeout: Double,
        messageLimit: Int, wholeSeconds: Double? = nil
    ) throws(SyncError) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = input
        process.standardOutput = output
        let handle = output.fileHandleForReading
        let whole = wholeSeconds ?? SyncProtocol.wholeMessageSeconds(timeout: timeout)
        let pipe = TimedPipe(
            seconds: timeout, silent: .timeout(seconds: timeout), slow: .answerTooSlow(seconds: whole),
            wholeSeconds: whole)
        let answers = FileDescriptor(rawValue: handle.fileDescriptor)
        self.pipe = pipe
        reader = FrameReader(limit: messageLimit) { () throws(SyncError) -> [UInt8] in
            try pipe.awaitInput(answers)
            return [UInt8](handle.availableData)
        }
        do { try process.run() } catch {
            throw .transport(.cannotStart(executable))
        }
    }

    /// `sh -c COMMAND`.
    public convenience init(shellCommand: String, timeout: Double = 30) throws(SyncError) {
        try self.init(executable: "/bin/sh", arguments: ["-c", shellCommand], timeout: timeout)
    }

    /// The transport for `ssh://[user@]host[:port]/path` (see `sshInvocation`).
    /// - Throws: `SyncError.sshSource` for a URL that is not one, or whose host or user could pass
    ///   for an option of ssh; `SyncError.transport` when the process cannot be started.
    public convenience init(sshURL: String, environment: [String: String], timeout: Double = 30) throws(SyncError) {
        let (executable, arguments) = try Self.sshInvocation(sshURL, environment: environment)
        try self.init(executable: executable, arguments: arguments, timeout: timeout)
    }

    /// The process that reaches the hub of `ssh://[user@]host[:port]/path`, as git reaches an
    /// ssh remote: `PLINGS_SSH` (`ssh` when unset) is run by the shell with the arguments after it,
    /// as git runs `GIT_SSH_COMMAND`, so `PLINGS_SSH="ssh -p 2222 -i key"` is a command with its
    /// options; the URL's port is passed with `-p`; `--` ends ssh's options before the host (and a
    /// host or user beginning with `-` is refused besides); the remote command is one argument,
    /// `PLINGS_REMOTE_PLINGS serve --stdio --log '/path'`, the path quoted for the remote shell
    /// (`PLINGS_REMOTE_PLINGS`, `plings` when unset, is the remote's command, like git's
    /// `--upload-pack`).
    package static func sshInvocation(
        _ sshURL: String, environment: [String: String]
    ) throws(SyncError) -> (executable: String, arguments: [String]) {
        let source = try SSHSource(sshURL)
        let ssh = environment["PLINGS_SSH"].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
        let remote = environment["PLINGS_REMOTE_PLINGS"].flatMap { $0.isEmpty ? nil : $0 } ?? "plings"
        var arguments = ["-c", ssh + " \"$@\"", ssh]
        if let port = source.port { arguments += ["-p", String(port)] }
        arguments += ["--", source.destination, remote + " serve --stdio --log " + shellQuote(source.path)]
        return ("/bin/sh", arguments)
    }

    /// `text` as one word for a POSIX shell.
    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    deinit {
        try? input.fileHandleForWriting.close()
        // A peer still writing (an answer we stopped reading, say an oversized one) must not block
        // us: closing our end makes its writes fail, and one that lingers is stopped.
        try? output.fileHandleForReading.close()
        stop(after: timedOut ? 0 : 2)
    }

    /// Whether an exchange ran out of time: the hub's process is stopped at once then.
    private var timedOut = false

    /// Gives the process `seconds` to end by itself (its input is closed), then stops it, and
    /// waits a moment for it. Never waits longer: a process it started (ssh under `sh -c`)
    /// may hold on after it, and Foundation only sees the end when the last of them ends.
    private func stop(after seconds: Double) {
        func ended(within seconds: Double) -> Bool {
            var left = seconds
            while process.isRunning && left > 0 {
                Thread.sleep(forTimeInterval: 0.01)
                left -= 0.01
            }
            return !process.isRunning
        }
        if ended(within: seconds) { return }
        process.terminate()
        if ended(within: 0.5) { return }
        // A signal mask inherited from whoever started us may block SIGTERM.
        Platform.forceEnd(process.processIdentifier)
        _ = ended(within: 0.5)
    }

    public func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        let bytes = request.bytes
        pipe.startMessage()
        do {
            try pipe.write(
                bytes, to: FileDescriptor(rawValue: input.fileHandleForWriting.fileDescriptor),
                broken: .transport(.hubStoppedReading))
        } catch {
            if case .timeout = error { timedOut = true }
            if case .answerTooSlow = error { timedOut = true }
            throw error
        }
        bytesOnWire += bytes.count
        let read: SyncMessage?
        do { read = try reader.message() } catch {
            if case .timeout = error { timedOut = true }
            if case .answerTooSlow = error { timedOut = true }
            throw error
        }
        guard let answer = read else {
            throw .transport(.hubEndedWithoutAnswer)
        }
        bytesOnWire += answer.bytes.count
        return answer
    }
}
