import Foundation
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The files Plings keeps beside a log are opened as the log is (never a
/// FIFO, a device or a link: a FIFO under such a name made card, create and
/// the device views hang) and made with the log's permissions (a private
/// log's quarantine and queue came out readable by everyone).
@Suite("Files beside a log: opened as the log is, made with its permissions")
struct SideFileTests {
    let dir = TemporaryDirectory()

    /// Runs `script` with `sh -c`, with the umask 022; `plings` in it runs the
    /// built executable, killed after `seconds` (`timeout -s KILL`; generous, so that only a hang, never a
    /// loaded machine, meets it). Nil when a run had to be killed (it hung).
    static func shell(_ script: String, seconds: Int = 60) throws -> Run? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "umask 022; plings() { timeout -s KILL \(seconds) \"$PLINGS_BINARY\" \"$@\"; }; " + script,
        ]
        var environment = ProcessInfo.processInfo.environment
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "PLINGS_LANG", "PLINGS_ACTOR", "PLINGS_LOG"] {
            environment[name] = nil
        }
        environment["PLINGS_BINARY"] = plingsBinary
        environment["PLINGS_LANG"] = "en"
        process.environment = environment
        let out = dirFile("out")
        let err = dirFile("err")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // 128 + SIGKILL: `timeout` had to kill it.
        if process.terminationStatus == 137 { return nil }
        return Run(
            status: process.terminationStatus, out: String(decoding: fileBytes(out), as: UTF8.self),
            err: String(decoding: fileBytes(err), as: UTF8.self))
    }

    /// A scratch name for captured output.
    static func dirFile(_ name: String) -> String {
        NSTemporaryDirectory() + "/plings-side-\(name)-\(UUID().uuidString)"
    }

    /// The permission bits of the file at `path`.
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    /// A plain log with two objects, and a device cloned from it at `device`.
    func hubAndDevice() throws -> (hub: String, device: String) {
        let hub = dir.file("hub.jsonl")
        let device = dir.file("device.jsonl")
        let made = try #require(
            try Self.shell(
                "plings --log '\(hub)' create box Box && plings --log '\(hub)' create cup Cup && "
                    + "plings --log '\(device)' clone '\(hub)' --device phone"))
        #expect(made.status == 0, "\(made.err)")
        return (hub, device)
    }

    @Test("a FIFO at LOG.device: card and create say what is wrong instead of waiting for a writer")
    func fifoDevice() throws {
        let log = dir.file("plain.jsonl")
        _ = try Self.shell("plings --log '\(log)' create box Box")
        #expect(mkfifo(log + ".device", 0o644) == 0)
        for command in ["card box", "create cup Cup", "tree", "pending"] {
            let run = try #require(try Self.shell("plings --log '\(log)' \(command)"), "\(command) hung")
            #expect(run.status == 1, "\(command)")
            #expect(run.err.contains("is not a regular file"), "\(command): \(run.err)")
        }
    }

    @Test("a FIFO at a device's LOG.pending: card, create and pending say what is wrong, never hang")
    func fifoPending() throws {
        let (_, device) = try hubAndDevice()
        try FileManager.default.removeItem(atPath: device + ".pending")
        #expect(mkfifo(device + ".pending", 0o644) == 0)
        for command in ["card box", "create pot Pot", "pending", "tree"] {
            let run = try #require(try Self.shell("plings --log '\(device)' \(command)"), "\(command) hung")
            #expect(run.status == 1, "\(command)")
            #expect(run.err.contains("is not a regular file"), "\(command): \(run.err)")
        }
    }

    @Test("a FIFO at LOG.quarantine: the append that would move a torn tail there says so, and changes nothing")
    func fifoQuarantine() throws {
        let log = dir.file("torn.jsonl")
        _ = try Self.shell("plings --log '\(log)' create box Box")
        let whole = fileBytes(log)
        writeBytes(whole + Array("{\"at\":\"2026".utf8), to: log)
        #expect(mkfifo(log + ".quarantine", 0o644) == 0)
        let run = try #require(try Self.shell("plings --log '\(log)' create cup Cup"), "create hung")
        #expect(run.status == 1)
        #expect(run.err.contains("is not a regular file"), "\(run.err)")
        #expect(fileBytes(log) == whole + Array("{\"at\":\"2026".utf8), "the log was changed")
    }

    @Test("a symbolic link at LOG.pending is refused as a link, and its target is not written")
    func linkedPending() throws {
        let (_, device) = try hubAndDevice()
        let target = dir.file("elsewhere")
        writeBytes(fileBytes(device + ".pending"), to: target)
        try FileManager.default.removeItem(atPath: device + ".pending")
        try FileManager.default.createSymbolicLink(atPath: device + ".pending", withDestinationPath: target)
        let before = fileBytes(target)
        let run = try #require(try Self.shell("plings --log '\(device)' create pot Pot"))
        #expect(run.status == 1)
        #expect(run.err.contains("is not a regular file"), "\(run.err)")
        #expect(fileBytes(target) == before)
    }

    @Test("umask 022 and a log of mode 600: its quarantine is made 600")
    func privateQuarantine() throws {
        let log = dir.file("secret.jsonl")
        _ = try Self.shell("plings --log '\(log)' create box Box && chmod 600 '\(log)'")
        let whole = fileBytes(log)
        let handle = try #require(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write(Data("{\"at\":\"2026".utf8))
        try handle.close()
        let run = try #require(try Self.shell("plings --log '\(log)' create cup Cup"))
        #expect(run.status == 0, "\(run.err)")
        #expect(fileBytes(log).count > whole.count)
        #expect(Self.mode(log + ".quarantine") == 0o600)
    }

    @Test(
        "umask 022 and a device's mirror of mode 600: its queue stays 600 through create and sync, and the lock is 600")
    func privateDevice() throws {
        let (_, device) = try hubAndDevice()
        chmod(device, 0o600)
        #expect(Self.mode(device + ".pending") == 0o644, "made before the log was private")
        let made = try #require(try Self.shell("plings --log '\(device)' create pot Pot"))
        #expect(made.status == 0, "\(made.err)")
        #expect(Self.mode(device + ".pending") == 0o600, "narrowed to the log's when written")
        try? FileManager.default.removeItem(atPath: device + ".lock")
        let synced = try #require(try Self.shell("plings --log '\(device)' sync"))
        #expect(synced.status == 0, "\(synced.err)")
        #expect(Self.mode(device + ".pending") == 0o600, "the queue rewritten by sync")
        #expect(Self.mode(device + ".lock") == 0o600)
    }
}
