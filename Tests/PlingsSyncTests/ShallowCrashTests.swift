import Foundation
import PlingsKit
import PlingsSync
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `plings clone --shallow` killed at random moments: the write order (the
/// base, then the device's settings, then the mirror) leaves either no device
/// (a rerun of the clone makes it) or a device that `plings sync` finishes,
/// never one that reads a wrong world.
@Suite("clone --shallow survives kill -9")
struct ShallowCrashTests {
    @Test("kill -9 of clone --shallow at random moments: no device, or one that sync finishes; never a wrong one")
    func killRounds() throws {
        let rounds = Stress.rounds(3, stress: 40)
        let seed = UInt64(ProcessInfo.processInfo.environment["PLINGS_SEED"].flatMap { UInt64($0) } ?? 23)
        var rng = SplitMix64(seed: seed)
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try publishingHub(hubPath, events: 3_000, objects: 300, seed: 5, late: 30)
        let published = fileBytes(PublishedSnapshot.path(forLog: hubPath))
        let world = hub.state
        var outcomes = (none: 0, unfinished: 0, whole: 0)
        for round in 0..<rounds {
            let path = dir.file("phone\(round).jsonl")
            let args = ["--log", path, "clone", hubPath, "--shallow", "--device", "phone\(round)"]
            let clone = try SyncProcess.start(args)
            // A clone here takes about 0.3 s (debug build): by default the kills are spread over it, one
            // in each third; under PLINGS_STRESS anywhere in its first half second.
            let wait = Stress.enabled ? rng.next() % 500_000 : 100_000 * UInt64(round) + 80_000 + rng.next() % 100_000
            usleep(UInt32(wait))
            if clone.isRunning { kill(clone.processIdentifier, SIGKILL) }
            clone.waitUntilExit()
            let made = FileManager.default.fileExists(atPath: DeviceConfig.path(forLog: path))
            if !made {
                // No device: nothing reads it as one, and the clone run again makes it.
                outcomes.none += 1
                #expect(throws: SyncError.notADevice(path)) { try Device(logPath: path) }
                #expect(try SyncProcess.run(args) == 0, "round \(round): clone again")
            } else {
                // A device: what it reads now is the hub's world at some line, never another.
                let device = try Device(logPath: path)
                #expect(device.base?.lastSeq == 3_000, "round \(round)")
                let head = try device.mirror.state
                #expect(head.lastSeq >= 3_000, "round \(round): a device reads less than its base")
                let hubsThen = try Query(path: hubPath, useCache: false).world(at: .seq(head.lastSeq))
                #expect(head == hubsThen, "round \(round): the device reads a world the hub never had")
                if head.lastSeq < world.lastSeq { outcomes.unfinished += 1 } else { outcomes.whole += 1 }
                // A clone run again says the path is taken; sync finishes the device.
                let again = try Self.output(args)
                #expect(again.status == 1 && again.stderr.contains("plings --log"), "round \(round): \(again.stderr)")
                let sync = try Self.output(["--log", path, "sync"])
                #expect(sync.status == 0, "round \(round): sync: \(sync.stderr) \(leftovers(dir, path))")
            }
            let device = try Device(logPath: path)
            #expect(fileBytes(LogBase.path(forLog: path)) == published, "round \(round)")
            #expect(try device.mirror.state == world, "round \(round)")
            #expect(LogVerification.check(path: path).isSound, "round \(round)")
        }
        print(
            "shallow clone kills: \(rounds) rounds (seed \(seed)): no device \(outcomes.none), "
                + "device before its first sync ended \(outcomes.unfinished), whole \(outcomes.whole)")
    }

    @Test(
        "a clone stopped after the device's settings, before the mirror: the device reads the base's world; sync ends it"
    )
    func stoppedBeforeMirror() throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try publishingHub(hubPath, events: 600, objects: 40, seed: 22, late: 3)
        let path = dir.file("phone.jsonl")
        _ = try Device.clone(
            logPath: path, config: DeviceConfig(source: hubPath, device: "phone"),
            transport: LocalTransport(hubPath: hubPath), shallow: true)
        // What a clone killed between its settings and its mirror leaves: base, pending queue, settings.
        try FileManager.default.removeItem(atPath: path)
        let device = try Device(logPath: path)
        #expect(try device.mirror.state == (try Query(path: hubPath, useCache: false).world(at: .seq(600))))
        #expect(throws: SyncError.alreadyCloned(path)) {
            try Device.clone(
                logPath: path, config: DeviceConfig(source: hubPath, device: "phone"),
                transport: LocalTransport(hubPath: hubPath), shallow: true)
        }
        #expect(
            SyncError.alreadyCloned(path).message(.en)
                == "'\(path)' is a device already (a clone that was stopped leaves one); "
                + "bring it up to date with plings --log '\(path)' sync, or clone into a new file")
        #expect(SyncError.alreadyCloned(path).message(.sv).hasPrefix("'\(path)' är redan en enhet"))
        let report = try SyncClient(device: device, transport: LocalTransport(hubPath: hubPath)).sync()
        #expect(report.pulled == 3)
        #expect(try Device(logPath: path).mirror.state == hub.state)
        #expect(LogVerification.check(path: path).isSound)
    }

    /// The files beside `path` and their sizes (for a failure's message).
    func leftovers(_ dir: TemporaryDirectory, _ path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasPrefix(name) }.sorted().map { "\($0) \(fileBytes(dir.path + "/" + $0).count)" }
            .joined(separator: ", ")
    }

    /// `plings ARGS` run to its end in English: its exit status, output and error output.
    static func output(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TransportTests.plings)
        process.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LANG"] = "en"
        process.environment = environment
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }
}

/// `log --follow` and `EventStream` on a shallow device read from its base: the mirror's first line follows it.
@Suite("Following a shallow device's log")
struct ShallowFollowTests {
    @Test("log --follow on a shallow device starts from its base; LogTail keeps the world from the base's")
    func followFromBase() throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try publishingHub(hubPath, events: 600, objects: 40, seed: 21, late: 5)
        let path = dir.file("phone.jsonl")
        _ = try Device.clone(
            logPath: path, config: DeviceConfig(source: hubPath, device: "phone"),
            transport: LocalTransport(hubPath: hubPath), shallow: true)
        var tail = LogTail(path: path, state: WorldState())
        var seqs: [Int64] = []
        #expect(try tail.poll { event, _, _ in seqs.append(event.seq) } == 5)
        #expect(seqs == [601, 602, 603, 604, 605])
        #expect(tail.state == hub.state)
        let json = try ShallowCrashTests.output(["--log", path, "log", "--follow", "--to", "603", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let lines = fileBytes(path).split(separator: 0x0A).prefix(3).map { String(decoding: $0, as: UTF8.self) + "\n" }
        #expect(json.stdout == lines.joined())
        let text = try ShallowCrashTests.output(["--log", path, "log", "--follow", "--to", "604"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").count == 4 && text.stdout.contains("Late 3"), "\(text.stdout)")
    }
}

/// A hub at `path` of a synthetic log, rebuilt (so it publishes its snapshot), then `late`
/// things made after the snapshot.
private func publishingHub(_ path: String, events: Int, objects: Int, seed: UInt64, late: Int) throws -> Store {
    _ = try SyntheticLog(events: events, objects: objects, seed: seed).write(to: path)
    _ = try Rebuild(path: path).run(dryRun: false)
    let hub = try Store(path: path)
    for k in 0..<late { try hub.execute(.create(oid("late-\(k)"), name: "Late \(k)"), actor: "hub") }
    return hub
}
