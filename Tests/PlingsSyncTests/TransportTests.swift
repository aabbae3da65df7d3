import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

@Suite("Sync transports: ssh:// through PLINGS_SSH, and --via")
struct TransportTests {
    /// The built `plings` executable beside the test bundle.
    static var plings: String {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            here.appendingPathComponent("plings").path,
            here.deletingLastPathComponent().appendingPathComponent("plings").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/plings").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
    }

    @Test("ssh:// runs $PLINGS_SSH host plings serve --stdio --log PATH; --via runs a command")
    func processTransports() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.plings), "no plings at \(Self.plings)")
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        try Store(path: hubPath).execute(.create(oid("box"), name: "Box"))
        let fake = dir.file("fake-ssh")
        // As ssh: options up to `--`, the destination, then the command run by the remote shell.
        let script = "#!/bin/sh\n[ \"$1\" = -- ] && shift\nshift\nexec /bin/sh -c \"$*\"\n"
        writeBytes(Array(script.utf8), to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let env = ["PLINGS_SSH": fake, "PLINGS_REMOTE_PLINGS": Self.plings]
        let ssh = try ProcessTransport(sshURL: "ssh://me@example" + hubPath, environment: env)
        let (a, _) = try Device.clone(
            logPath: dir.file("a.jsonl"), config: DeviceConfig(source: "ssh://x", device: "a"), transport: ssh)
        try a.enqueue([.rename(oid("box"), name: "Crate")], at: Timestamp(milliseconds: 1_900_000_000_000))
        let report = try SyncClient(device: a, transport: ssh).sync()
        #expect(report.accepted == 1)
        let via = try ProcessTransport(shellCommand: "'\(Self.plings)' serve --stdio --log '\(hubPath)'")
        let (b, _) = try Device.clone(
            logPath: dir.file("b.jsonl"), config: DeviceConfig(source: "", via: "x", device: "b"), transport: via)
        #expect(fileBytes(dir.file("b.jsonl")) == fileBytes(hubPath))
        #expect(fileBytes(dir.file("a.jsonl")) == fileBytes(hubPath))
        #expect(try b.mirror.state.registry.count == 1)
    }
}
