import Foundation
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

/// A hub log with objects `o0…`, in a temporary folder.
final class WebWorld {
    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    init(objects: Int = 8) throws {
        let hub = try Store(path: dir.file("hub.jsonl"))
        let creates = (0..<objects).map { Command.create(oid("o\($0)"), name: "Thing \($0)") }
        _ = try hub.executeBatch(creates, actor: "hub", policy: .stop)
    }

    /// A random command of the kinds a device queues.
    static func carried(objects: Int, _ rng: inout SplitMix64) -> Command {
        while true {
            let command = Generators.command(objects: objects, &rng)
            if WireCommand(command) != nil { return command }
        }
    }

    /// How many events of the hub's log carry each (device, device seq) origin.
    func origins() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        guard let file = try LogFile.open(hubPath, create: false) else { return counts }
        _ = try file.read(from: LogCursor()) { line, _ in
            if let o = line.event.origin { counts["\(o.device).\(o.deviceSeq)", default: 0] += 1 }
        }
        return counts
    }

    /// The actor of every event with an origin, by device.
    func actors() throws -> [String: Set<String>] {
        var actors: [String: Set<String>] = [:]
        guard let file = try LogFile.open(hubPath, create: false) else { return actors }
        _ = try file.read(from: LogCursor()) { line, _ in
            if let o = line.event.origin { actors[o.device, default: []].insert(line.event.actor ?? "-") }
        }
        return actors
    }
}

@Suite(
    "The hub behind a real web server (lighttpd)",
    .enabled(if: WebServer.isAvailable, "lighttpd is not installed: run scripts/install-test-tools.sh"))
struct WebHubTests {
    static let users = ["alice": "a-secret", "bob": "b-secret", "carol": "c-secret"]

    @Test("three devices clone over HTTP, work offline in random orders and converge byte for byte; each command once")
    func convergence() throws {
        let world = try WebWorld()
        let server = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users)
        var rng = SplitMix64(
            seed: UInt64(ProcessInfo.processInfo.environment["PLINGS_SEED"].flatMap(UInt64.init) ?? 23))
        let names = ["alice", "bob", "carol"]
        var devices: [(Device, HTTPTransport)] = []
        for (k, user) in names.enumerated() {
            let hub = try HTTPHub(
                url: server.hubURL, credentials: HTTPCredentials(user: user, password: Self.users[user] ?? ""),
                timeout: 60)
            let transport = HTTPTransport(hub: hub)
            let (device, _) = try Device.clone(
                logPath: world.dir.file("d\(k).jsonl"), config: DeviceConfig(source: server.hubURL, device: "d\(k)"),
                transport: transport)
            devices.append((device, transport))
        }
        var issued = [Int64](repeating: 0, count: devices.count)
        for _ in 0..<(Stress.enabled ? 60 : 8) {
            let k = Int(rng.next() % UInt64(devices.count))
            let commands = (0..<(1 + Int(rng.next() % 5))).map { _ in WebWorld.carried(objects: 10, &rng) }
            let queued = try devices[k].0.enqueueUnchecked(commands, at: Timestamp(milliseconds: 1_900_000_000_000))
            issued[k] = queued.last?.dseq ?? issued[k]
            if rng.next() % 2 == 0 {
                let s = Int(rng.next() % UInt64(devices.count))
                _ = try SyncClient(device: devices[s].0, transport: devices[s].1).sync()
            }
        }
        for (device, transport) in devices + devices { _ = try SyncClient(device: device, transport: transport).sync() }
        let hub = fileBytes(world.hubPath)
        for (k, _) in devices.enumerated() {
            #expect(fileBytes(world.dir.file("d\(k).jsonl")) == hub, "device \(k) differs from the hub")
        }
        let origins = try world.origins()
        for (k, last) in issued.enumerated() where last > 0 {
            for dseq in 1...last { #expect(origins["d\(k).\(dseq)"] == 1, "d\(k).\(dseq) is not in the log once") }
        }
        #expect(origins.count == issued.reduce(0) { $0 + Int($1) })
        let actors = try world.actors()
        for (k, user) in names.enumerated() where issued[k] > 0 { #expect(actors["d\(k)"] == [user]) }
        server.stop()
    }

    /// Runs `plings ARGS` with the login file `netrc` (none when nil).
    func plings(_ args: [String], netrc: String?, env: [String: String] = [:]) throws -> BuiltPlings.Run {
        var environment = env
        environment["PLINGS_NETRC"] = netrc ?? "/nonexistent/netrc"
        environment["PLINGS_TIMEOUT"] = environment["PLINGS_TIMEOUT"] ?? "60"
        return try BuiltPlings.run(args, env: environment)
    }

    @Test("401 and 403 end clone and sync with exit 1 and a reason, and leave the hub's log byte for byte as it was")
    func refusals() throws {
        let world = try WebWorld()
        let server = try WebServer(
            hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users,
            access: "alice write\nbob read\n")
        let alice = server.netrc(user: "alice", password: "a-secret")
        let bob = server.netrc(user: "bob", password: "b-secret")
        let carol = server.netrc(user: "carol", password: "c-secret")
        let wrong = server.netrc(user: "alice", password: "wrong")
        let before = fileBytes(world.hubPath)
        let refusals: [(String, [String], String?, String)] = [
            ("no login", ["clone", server.hubURL], nil, "asks for a sign-in"),
            ("a wrong password", ["clone", server.hubURL], wrong, "did not accept the login"),
            ("no REMOTE_USER", ["clone", server.openURL], alice, "sign in first"),
            ("a user not listed", ["clone", server.hubURL], carol, "may not use this hub"),
        ]
        for (why, args, netrc, reason) in refusals {
            let path = world.dir.file("refused.jsonl")
            let run = try plings(["--log", path] + args + ["--device", "x"], netrc: netrc)
            #expect(run.status == 1, "\(why): \(run.errors)")
            #expect(run.errors.contains(reason), "\(why): \(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(why): the clone left files")
            #expect(fileBytes(world.hubPath) == before, "\(why): the hub changed")
        }
        // A reader clones, but its push is refused; a second user cannot push as alice's device.
        let reader = world.dir.file("bob.jsonl")
        #expect(try plings(["--log", reader, "clone", server.hubURL, "--device", "bobs"], netrc: bob).status == 0)
        #expect(try plings(["--log", reader, "rename", "o1", "Mine"], netrc: bob).status == 0)
        let pushed = try plings(["--log", reader, "sync"], netrc: bob)
        #expect(pushed.status == 1 && pushed.errors.contains("may only read"), "\(pushed.errors)")
        #expect(fileBytes(world.hubPath) == before, "a reader's push changed the hub")
        #expect(try Device(logPath: reader).pending.entries.count == 1, "the refused command was dropped")
        let phone = world.dir.file("alice.jsonl")
        for args in [["clone", server.hubURL, "--device", "phone"], ["rename", "o2", "Hers"], ["sync"]] {
            let run = try plings(["--log", phone] + args, netrc: alice)
            #expect(run.status == 0, "\(args): \(run.errors)")
        }
        writeBytes(Array("alice write\nbob write\n".utf8), to: server.directory.file("access"))
        let claimed = fileBytes(world.hubPath)
        let thief = world.dir.file("thief.jsonl")
        let taken = try plings(["--log", thief, "clone", server.hubURL, "--device", "phone"], netrc: bob)
        #expect(taken.status == 1 && taken.errors.contains("belongs to another user"), "\(taken.errors)")
        #expect(fileBytes(world.hubPath) == claimed)
        server.stop()
    }

    @Test("http:// to another machine is refused unless --insecure-http; a wrong URL is an error")
    func insecure() throws {
        let dir = TemporaryDirectory()
        let run = try plings(["--log", dir.file("d.jsonl"), "clone", "http://192.0.2.1/plings"], netrc: nil)
        #expect(run.status == 1 && run.errors.contains("unencrypted http"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("d.jsonl")))
        #expect(HTTPHub.isLoopback("127.0.0.1") && HTTPHub.isLoopback("127.8.9.10") && HTTPHub.isLoopback("[::1]"))
        #expect(!HTTPHub.isLoopback("128.0.0.1") && !HTTPHub.isLoopback("127.0.0.1.example.org"))
        #expect(throws: SyncError.self) { try HTTPHub(url: "https://example.org/plings?x=1") }
        let ca = try BuiltPlings.run(
            ["--log", dir.file("d.jsonl"), "clone", "https://127.0.0.1:9/plings"], env: ["PLINGS_CA_FILE": "/x/ca.pem"])
        #expect(ca.status == 1 && ca.errors.contains("update-ca-certificates"), "\(ca.errors)")
    }
}
