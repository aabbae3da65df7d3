import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// Silent peers on the process transports (issue 20, item 15): a hub that never answers over
/// `--via` or ssh, a device that never asks over `serve --stdio`, and a sync that waits on the
/// network while a local command runs on the device.
@Suite("Sync times out on a silent peer and never holds local commands")
struct TimeoutTests {
    /// A hub with one thing and a device `d` cloned from it by path.
    func world(_ dir: TemporaryDirectory) throws -> (hub: String, device: String) {
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let device = dir.file("d.jsonl")
        let clone = try BuiltPlings.run(["--log", device, "clone", hub, "--device", "d"])
        try #require(clone.status == 0, "\(clone.errors)")
        return (hub, device)
    }

    /// An executable script at `path`.
    func script(_ path: String, _ body: String) throws {
        writeBytes(Array(("#!/bin/sh\n" + body + "\n").utf8), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    @Test(
        "a hub that never answers over --via or ssh ends sync after PLINGS_TIMEOUT in words; the device stays usable",
        arguments: ["via", "ssh"])
    func silentHub(transport: String) throws {
        let dir = TemporaryDirectory()
        let (hub, device) = try world(dir)
        #expect(try BuiltPlings.run(["--log", device, "rename", "box", "Crate"]).status == 0)
        let (mirror, pending) = (fileBytes(device), fileBytes(device + ".pending"))
        // `exec`: the sleeper is the transport's own child, stopped when the sync gives up.
        var args = ["--log", device, "sync"]
        var env = ["PLINGS_TIMEOUT": "1"]
        if transport == "via" {
            args += ["--via", "exec sleep 30"]
        } else {
            let ssh = dir.file("silent-ssh")
            // The shell between plings and this script is what plings stops: the sleeper outlives
            // it, and this test sees plings end only when the last process holding its pipes ends.
            try script(ssh, "exec sleep 3 </dev/null >/dev/null 2>&1")
            env["PLINGS_SSH"] = ssh
            args.append("ssh://example" + hub)
        }
        for (language, words) in [
            ("en", "the hub has not answered for 1 s; nothing was lost"), ("sv", "navet har inte svarat på 1 s"),
        ] {
            env["PLINGS_LANG"] = language
            let hung = try BuiltPlings.run(args, env: env)
            #expect(hung.status == 1, "\(hung.errors)")
            #expect(hung.errors.contains(words), "\(hung.errors)")
        }
        #expect(fileBytes(device) == mirror && fileBytes(device + ".pending") == pending)
        // Usable after: a local command, then a sync with the real hub.
        #expect(try BuiltPlings.run(["--log", device, "create", "lid", "Lid"]).status == 0)
        let again = try BuiltPlings.run(["--log", device, "sync"])
        #expect(again.status == 0 && again.output.contains("accepted 2"), "\(again.output) \(again.errors)")
        #expect(fileBytes(device) == fileBytes(hub))
    }

    @Test(
        "serve --stdio stops after PLINGS_TIMEOUT when the device sends nothing, and says so", arguments: ["en", "sv"])
    func silentDevice(language: String) throws {
        let dir = TemporaryDirectory()
        let (hub, _) = try world(dir)
        let before = fileBytes(hub)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltPlings.path)
        process.arguments = ["--log", hub, "serve", "--stdio"]
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LANG"] = language
        environment["PLINGS_TIMEOUT"] = "1"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Half a request, then silence: the input stays open, held by this test.
        try input.fileHandleForWriting.write(contentsOf: Data(#"{"op":"hello","#.utf8))
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationStatus == 1, "\(said)")
        let words =
            language == "sv"
            ? "enheten har inte skickat något på 1 s" : "the device has sent nothing for 1 s; serving stopped"
        #expect(said.contains(words), "\(said)")
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(fileBytes(hub) == before)
    }

    @Test("a hub that drips its answer, never silent for PLINGS_TIMEOUT, is given up at the whole-answer deadline")
    func drippingHub() throws {
        // A byte every 0.2 s for 8 s: never silent for the 5 s step, far past the 1.5 s a whole answer may take.
        let drip = "i=0; while [ $i -lt 40 ]; do printf x; sleep 0.2; i=$((i+1)); done"
        let transport = try ProcessTransport(
            executable: "/bin/sh", arguments: ["-c", drip], environment: nil, timeout: 5,
            messageLimit: SyncProtocol.maxMessageBytes, wholeSeconds: 1.5)
        // Before the whole-answer deadline, the drip ran to its end and the answer was 'truncated'.
        #expect(throws: SyncError.answerTooSlow(seconds: 1.5)) {
            _ = try transport.exchange(SyncMessage(SyncProtocol.Header(op: "hello", device: "d")))
        }
        let error = SyncError.answerTooSlow(seconds: 1.5)
        #expect(error.message(.en).contains("the hub took more than 1.5 s over one answer; nothing was lost"))
        #expect(error.message(.sv).contains("navet behövde mer än 1.5 s för ett svar; inget gick förlorat"))
        #expect(SyncProtocol.wholeMessageSeconds(timeout: 30) == 600)
        #expect(SyncProtocol.wholeMessageSeconds(timeout: 1) == 60)
    }

    @Test("serve --stdio stops when a device drips its request, never silent for PLINGS_TIMEOUT, past the deadline")
    func drippingDevice() throws {
        let dir = TemporaryDirectory()
        let (hub, _) = try world(dir)
        let before = fileBytes(hub)
        let input = Pipe()
        let output = Pipe()
        // A whole hello, a byte every 0.2 s: answered and served to its end before the deadline.
        let request = Array(#"{"op":"hello","count":0,"device":"d"}"#.utf8) + [0x0A]
        let writer = Thread {
            for byte in request {
                try? input.fileHandleForWriting.write(contentsOf: Data([byte]))
                Thread.sleep(forTimeInterval: 0.2)
            }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        #expect(throws: SyncError.peerTooSlow(seconds: 1.5)) {
            try SyncServer.run(
                hubPath: hub, input: input.fileHandleForReading, output: output.fileHandleForWriting, timeout: 5,
                wholeSeconds: 1.5)
        }
        try? output.fileHandleForWriting.close()
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(fileBytes(hub) == before)
        let error = SyncError.peerTooSlow(seconds: 1.5)
        #expect(error.message(.en).contains("the device took more than 1.5 s over one request or its answer"))
        #expect(error.message(.sv).contains("enheten behövde mer än 1.5 s för en begäran eller dess svar"))
    }

    @Test("a local command on a device goes on while its sync waits on a silent hub")
    func createWhileSyncWaits() throws {
        let dir = TemporaryDirectory()
        let (_, device) = try world(dir)
        let started = dir.file("started")
        // The hub reads the hello (sent once the sync holds its lock), says so with its pid, then stays silent.
        let sync = try BuiltPlings.start(
            ["--log", device, "sync", "--via", "head -c 1 >/dev/null; echo $$ > '\(started)'; exec sleep 300"],
            env: ["PLINGS_TIMEOUT": "300"])
        defer {
            // The silent hub first: this test sees the sync end only when the last holder of its pipes ends.
            if let pid = Int32(
                String(decoding: fileBytes(started), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            {
                kill(pid, SIGKILL)
            }
            if sync.isRunning { sync.terminate() }
            sync.waitUntilExit()
        }
        // Generous deadlines (two minutes of polls each): a loaded machine is slow, never wrong.
        var waited = 0
        while fileBytes(started).last != 0x0A && waited < 2400 {
            usleep(50_000)
            waited += 1
        }
        try #require(fileBytes(started).last == 0x0A, "the sync never reached the hub")
        let create = try BuiltPlings.start(["--log", device, "create", "lid", "Lid"])
        // Before: create waited for the sync's lock until the sync ended (never, with no timeout).
        var polls = 0
        while create.isRunning && polls < 2400 {
            usleep(50_000)
            polls += 1
        }
        let finished = !create.isRunning
        if !finished { create.terminate() }
        create.waitUntilExit()
        #expect(finished, "create waited on the sync")
        #expect(sync.isRunning, "the sync ended before the create did: the test proves nothing")
        #expect(create.terminationStatus == 0)
        let queued = try PendingQueue.load(forLog: device).entries
        #expect(queued.map(\.dseq) == [1])
    }
}
