import Foundation
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP socket on 127.0.0.1 that takes connections (the kernel completes
/// them) and never answers: a peer that hangs.
final class SilentPeer {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw WebServerError.notStarted("a silent socket") }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}

@Suite(
    "Failures on the way to a hub on the web: silence, 500, answers cut short, kill -9, TLS",
    .enabled(if: WebServer.isAvailable, "lighttpd is not installed: run scripts/install-test-tools.sh"))
struct WebFailureTests {
    static let users = ["alice": "a-secret"]

    func plings(_ args: [String], netrc: String, timeout: String = "60") throws -> BuiltPlings.Run {
        try BuiltPlings.run(args, env: ["PLINGS_NETRC": netrc, "PLINGS_TIMEOUT": timeout])
    }

    @Test(
        "a peer that accepts and never answers ends sync with exit 1 after PLINGS_TIMEOUT; nothing written or lost",
        arguments: ["socket", "cgi"])
    func silentPeer(kind: String) throws {
        let world = try WebWorld()
        let server = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users)
        let netrc = server.netrc(user: "alice", password: "a-secret")
        let device = world.dir.file("d.jsonl")
        let clone = try plings(["--log", device, "clone", server.hubURL, "--device", "d"], netrc: netrc)
        try #require(clone.status == 0, "\(clone.errors)")
        #expect(try plings(["--log", device, "rename", "o1", "Renamed"], netrc: netrc).status == 0)
        let silent = try SilentPeer()
        let sleeper =
            kind == "cgi"
            ? try WebServer(
                hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users, wrapper: "exec sleep 60") : nil
        let url = sleeper?.hubURL ?? "http://127.0.0.1:\(silent.port)/plings"
        let (mirror, pending) = (fileBytes(device), fileBytes(device + ".pending"))
        let started = Date()
        let hung = try plings(["--log", device, "sync", url], netrc: netrc, timeout: "1")
        let seconds = Date().timeIntervalSince(started)
        #expect(hung.status == 1, "\(hung.errors)")
        #expect(hung.errors.contains("has not answered for 1 s"), "\(hung.errors)")
        // It gave up by itself: the sleeper answers (with nothing) only after 60 s, the socket never.
        // The bound is that, with room for a loaded machine; the words above already say it timed out.
        #expect(seconds < 50, "the sync waited \(seconds) s")
        #expect(fileBytes(device) == mirror && fileBytes(device + ".pending") == pending)
        let again = try plings(["--log", device, "sync"], netrc: netrc)
        #expect(again.status == 0 && again.output.contains("accepted 1"), "\(again.output) \(again.errors)")
        #expect(fileBytes(device) == fileBytes(world.hubPath))
        sleeper?.stop()
        server.stop()
    }

    @Test("the web server answering 500 or closing mid-answer: every command reaches the hub exactly once")
    func brokenAnswers() throws {
        let world = try WebWorld()
        let good = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users)
        // Calls cycle: a 500 (the CGI fails before answering), an answer cut after 120 bytes, a whole answer.
        let wrapper = """
            n=$(cat counter 2>/dev/null || echo 0); echo $((n + 1)) > counter
            case $((n % 3)) in
              0) exit 1 ;;
              1) 'PLINGS' --log 'HUB' serve --cgi | head -c 120; exit 0 ;;
              *) exec 'PLINGS' --log 'HUB' serve --cgi ;;
            esac
            """
        let flaky = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users, wrapper: wrapper)
        let netrc = good.netrc(user: "alice", password: "a-secret")
        let flakyNetrc = flaky.netrc(user: "alice", password: "a-secret")
        let device = world.dir.file("d.jsonl")
        let clone = try plings(["--log", device, "clone", good.hubURL, "--device", "d"], netrc: netrc)
        try #require(clone.status == 0, "\(clone.errors)")
        var rng = SplitMix64(seed: 5)
        var issued: Int64 = 0
        var failures = 0
        for _ in 0..<(Stress.enabled ? 30 : 4) {
            let commands = (0..<(1 + Int(rng.next() % 6))).map { _ in WebWorld.carried(objects: 10, &rng) }
            issued =
                try Device(logPath: device).enqueueUnchecked(commands, at: Timestamp(milliseconds: 1_900_000_000_000))
                .last?.dseq ?? issued
            let run = try plings(["--log", device, "sync", flaky.hubURL], netrc: flakyNetrc)
            if run.status != 0 && run.status != 3 {
                failures += 1
                #expect(!run.errors.isEmpty)
            }
        }
        #expect(failures > 0, "the flaky server never failed")
        let last = try plings(["--log", device, "sync"], netrc: netrc)
        #expect(last.status == 0 || last.status == 3, "\(last.errors)")
        #expect(fileBytes(device) == fileBytes(world.hubPath))
        #expect(try Device(logPath: device).pending.entries.isEmpty)
        let origins = try world.origins()
        for dseq in 1...max(1, issued) where issued > 0 { #expect(origins["d.\(dseq)"] == 1, "d.\(dseq)") }
        #expect(origins.count == Int(issued))
        flaky.stop()
        good.stop()
    }

    @Test("kill -9 of clone and of sync at random moments, then sync again: one mirror, every command once")
    func killed() throws {
        let world = try WebWorld(objects: 12)
        let hub = try Store(path: world.hubPath)
        for k in 0..<300 { try hub.execute(.rename(oid("o\(k % 12)"), name: "Name \(k)"), actor: "hub") }
        let server = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users)
        let netrc = server.netrc(user: "alice", password: "a-secret")
        let env = ["PLINGS_NETRC": netrc, "PLINGS_TIMEOUT": "60"]
        var rng = SplitMix64(seed: UInt64(ProcessInfo.processInfo.environment["PLINGS_SEED"].flatMap(UInt64.init) ?? 9))
        var issued: [String: Int64] = [:]
        for round in 0..<(Stress.enabled ? 40 : 3) {
            let device = world.dir.file("d\(round).jsonl")
            let clone = try BuiltPlings.start(
                ["--log", device, "clone", server.hubURL, "--device", "d\(round)"], env: env)
            usleep(UInt32(rng.next() % 150_000))
            if clone.isRunning { kill(clone.processIdentifier, SIGKILL) }
            clone.waitUntilExit()
            guard Device.isDevice(logPath: device) else { continue }
            let finish = try BuiltPlings.run(["--log", device, "sync"], env: env)
            #expect(finish.status == 0, "round \(round): \(finish.errors)")
            for _ in 0..<3 {
                let commands = (0..<(5 + Int(rng.next() % 20))).map { _ in WebWorld.carried(objects: 12, &rng) }
                let queued = try Device(logPath: device).enqueueUnchecked(
                    commands, at: Timestamp(milliseconds: 1_900_000_000_000))
                issued["d\(round)"] = queued.last?.dseq
                let sync = try BuiltPlings.start(["--log", device, "sync"], env: env)
                usleep(UInt32(rng.next() % 150_000))
                if sync.isRunning { kill(sync.processIdentifier, SIGKILL) }
                sync.waitUntilExit()
            }
            let last = try BuiltPlings.run(["--log", device, "sync"], env: env)
            #expect(last.status == 0 || last.status == 3, "round \(round): \(last.errors)")
            #expect(fileBytes(device) == fileBytes(world.hubPath), "round \(round): the mirror differs")
        }
        let origins = try world.origins()
        for (device, last) in issued {
            for dseq in 1...last { #expect(origins["\(device).\(dseq)"] == 1, "\(device).\(dseq)") }
        }
        server.stop()
    }
}

@Suite(
    "TLS with a throwaway CA",
    .enabled(if: WebServer.tlsAvailable && TrustedCA.isPossible, "needs lighttpd-mod-openssl, openssl and unshare"))
struct TLSTests {
    @Test("a device trusts the hub only through a CA it trusts: refused outside, synced inside")
    func throwawayCA() throws {
        let world = try WebWorld()
        let server = try WebServer(
            hubPath: world.hubPath, plings: BuiltPlings.path, users: ["alice": "a-secret"], tls: true)
        let netrc = server.netrc(user: "alice", password: "a-secret")
        let ca = try #require(server.tls?.certificate)
        let env = ["PLINGS_NETRC": netrc, "PLINGS_TIMEOUT": "60"]
        let device = world.dir.file("d.jsonl")
        let untrusted = try BuiltPlings.run(["--log", device, "clone", server.hubURL], env: env)
        #expect(untrusted.status == 1, "\(untrusted.errors)")
        #expect(untrusted.errors.lowercased().contains("certificate"), "\(untrusted.errors)")
        #expect(!FileManager.default.fileExists(atPath: device))
        for args in [["clone", server.hubURL, "--device", "d"], ["rename", "o1", "Over TLS"], ["sync"]] {
            let run = try TrustedCA.run(ca, ["--log", device] + args, env: env)
            #expect(run.status == 0, "\(args): \(run.errors)")
        }
        #expect(fileBytes(device) == fileBytes(world.hubPath))
        #expect(String(decoding: fileBytes(world.hubPath), as: UTF8.self).contains("Over TLS"))
        server.stop()
    }
}

/// Runs `plings` where the system's trust store is one throwaway CA: in a
/// private mount namespace whose /etc/ssl/certs/ca-certificates.crt is that
/// CA (Foundation's URLSession on Linux trusts only the system's store).
enum TrustedCA {
    static let bundle = "/etc/ssl/certs/ca-certificates.crt"

    static let isPossible: Bool = {
        guard FileManager.default.fileExists(atPath: bundle),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")
        else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["--mount", "--propagation", "private", "/bin/true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    static func run(_ ca: String, _ args: [String], env: [String: String]) throws -> BuiltPlings.Run {
        let err = Pipe()
        let process = try start(ca, args, env: env, errors: err)
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BuiltPlings.Run(
            status: process.terminationStatus, output: "", errors: String(decoding: errors, as: UTF8.self))
    }

    /// Starts `plings` so (the process keeps its id through `unshare` and `sh`: each execs the next).
    static func start(_ ca: String, _ args: [String], env: [String: String], errors: Pipe) throws -> Process {
        let script = "mount --bind \"$1\" \(bundle) && shift && exec \"$@\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments =
            ["--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh", ca, BuiltPlings.path]
            + args
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LANG"] = "en"
        for (key, value) in env { environment[key] = value }
        process.environment = environment
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
