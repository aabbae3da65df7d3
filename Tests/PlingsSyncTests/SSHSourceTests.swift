import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// ssh:// SOURCE as ssh itself reads it: OpenSSH's own parsing (`ssh -G` prints what it would do
/// without connecting), and the remote shell's, played by a fake ssh that runs the remote command
/// with `sh -c` as sshd does.
@Suite("ssh:// SOURCE: no option, no shell injection, the port, PLINGS_SSH split like GIT_SSH_COMMAND")
struct SSHSourceTests {
    static let ssh = "/usr/bin/ssh"
    static var sshAvailable: Bool { FileManager.default.isExecutableFile(atPath: ssh) }

    /// Runs the invocation for `url` and returns its standard output.
    static func run(_ url: String, _ env: [String: String]) throws -> String {
        let (executable, arguments) = try ProcessTransport.sshInvocation(url, environment: env)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The `key value` lines of `ssh -G` that matter here.
    static func settings(_ text: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2, ["user", "hostname", "port", "proxycommand", "localcommand"].contains(parts[0]) {
                found[parts[0]] = parts[1]
            }
        }
        return found
    }

    @Test(
        "a user or host beginning with '-' is refused before anything runs",
        arguments: [
            ("ssh://-oProxyCommand=touch%20%2Ftmp%2Fx@h/hub.jsonl", SSHSourceProblem.optionLike("user")),
            ("ssh://-oProxyCommand=x/hub.jsonl", .optionLike("host")),
            ("ssh://me@-oProxyCommand=x:22/hub.jsonl", .optionLike("host")),
            ("ssh://%2DoProxyCommand=x/hub.jsonl", .optionLike("host")),
            ("ssh://h:99999/hub.jsonl", .badPort("99999")),
            ("ssh://h:22x/hub.jsonl", .badPort("22x")),
            ("ssh://h", .notSSHURL),
            ("ssh://h/", .notSSHURL),
            ("ssh://h%0A-oProxyCommand=x/hub.jsonl", .notSSHURL),
        ])
    func refused(url: String, problem: SSHSourceProblem) throws {
        let dir = TemporaryDirectory()
        let marker = dir.file("ran")
        let fake = dir.file("fake-ssh")
        writeBytes(Array("#!/bin/sh\ntouch '\(marker)'\n".utf8), to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        #expect(throws: SyncError.sshSource(url, problem)) {
            _ = try ProcessTransport(sshURL: url, environment: ["PLINGS_SSH": fake])
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
        let message = SyncError.sshSource(url, problem).message(.sv)
        #expect(message.contains("KÄLLA"))
        #expect(!message.contains("\n"))
    }

    @Test(
        "OpenSSH reads the user, host and port of the URL, and no option from it",
        .enabled(if: sshAvailable, "OpenSSH's ssh is not installed: run scripts/install-test-tools.sh"),
        arguments: [
            ("ssh://me@example.org:2222/srv/hub.jsonl", "me", "example.org", "2222"),
            ("ssh://example.org/srv/a;touch%20x/hub.jsonl", nil, "example.org", "22"),
            ("ssh://m%40e@[::1]:2200/srv/hub.jsonl", "m@e", "::1", "2200"),
            ("ssh://me@h/-oProxyCommand=touch%20x", "me", "h", "22"),
        ])
    func openSSHParsing(url: String, user: String?, host: String, port: String) throws {
        let found = Self.settings(try Self.run(url, ["PLINGS_SSH": "\(Self.ssh) -G -F /dev/null"]))
        #expect(found["hostname"] == host)
        #expect(found["port"] == port)
        if let user { #expect(found["user"] == user) }
        #expect(found["proxycommand"] == nil)
        #expect(found["localcommand"] == nil)
    }

    @Test(
        "PLINGS_SSH is split like GIT_SSH_COMMAND: its own options reach ssh",
        .enabled(if: sshAvailable, "OpenSSH's ssh is not installed: run scripts/install-test-tools.sh"))
    func splitLikeGit() throws {
        let env = ["PLINGS_SSH": "\(Self.ssh) -G -F /dev/null -p 2022 -l someone"]
        let found = Self.settings(try Self.run("ssh://example.org/srv/hub.jsonl", env))
        #expect(found["hostname"] == "example.org")
        #expect(found["port"] == "2022")
        #expect(found["user"] == "someone")
    }

    @Test("the hub's path reaches the remote plings whole through the remote shell, which runs nothing of it")
    func remoteShellQuoting() throws {
        #expect(FileManager.default.isExecutableFile(atPath: BuiltPlings.path), "no plings at \(BuiltPlings.path)")
        let dir = TemporaryDirectory()
        let odd = dir.file("a;touch pwned1;'b' $(touch pwned2) `touch pwned3` \"c\"")
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        let hubPath = odd + "/hub.jsonl"
        try Store(path: hubPath).execute(.create(oid("box"), name: "Box"))
        // ssh's own reading: options up to `--`, then the destination; the rest is joined with
        // spaces and run by the remote user's shell, as sshd does.
        let fake = dir.file("fake-ssh")
        let script = """
            #!/bin/sh
            cd '\(dir.path)' || exit 1
            while [ $# -gt 0 ]; do case "$1" in -p) shift 2;; --) shift; break;; -*) shift;; *) break;; esac; done
            shift
            exec /bin/sh -c "$*"
            """
        writeBytes(Array(script.utf8), to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let encoded = hubPath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? hubPath
        let env = ["PLINGS_SSH": fake, "PLINGS_REMOTE_PLINGS": BuiltPlings.path]
        let ssh = try ProcessTransport(sshURL: "ssh://me@example:2222" + encoded, environment: env)
        let (_, report) = try Device.clone(
            logPath: dir.file("a.jsonl"), config: DeviceConfig(source: "ssh://x", device: "a"), transport: ssh)
        #expect(report.pulled == 1)
        #expect(fileBytes(dir.file("a.jsonl")) == fileBytes(hubPath))
        for marker in ["pwned1", "pwned2", "pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: dir.file(marker)), "the remote shell ran \(marker)")
        }
    }
}
