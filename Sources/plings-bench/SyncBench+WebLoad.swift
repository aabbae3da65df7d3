import Dispatch
import Foundation
import PlingsKit
import PlingsPlatform
import PlingsSync

extension SyncBench {
    /// `plings-bench sync --http URL --devices N [--pending M]`: N devices clone the hub on the web
    /// at `url` (full clones, into a temporary folder), each queues M commands offline, and all of
    /// them sync at the same moment, one thread each; then each syncs again until none has anything
    /// pending. Prints the concurrent round's time and rate, then checks what the log must show:
    /// every mirror equal to every other byte for byte (all are the hub's log), and every queued
    /// command in it exactly once as an accepted event or a refusal with its (device, dseq).
    /// - Throws: what a clone or a sync throws; `WebLoadFailure` when the figures do not add up.
    static func webLoad(_ url: String, devices count: Int, commands: Int) throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plings-web-load-\(pid)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let credentials = HTTPCredentials.fromNetrc(
            host: URL(string: url)?.host ?? "", environment: ProcessInfo.processInfo.environment)
        let prefix = "wl\(pid)x"
        var devices: [(Device, HTTPTransport)] = []
        for k in 0..<count {
            let transport = HTTPTransport(hub: try HTTPHub(url: url, credentials: credentials, timeout: 300))
            let (device, _) = try Device.clone(
                logPath: dir + "/d\(k).jsonl", config: DeviceConfig(source: url, device: "\(prefix)\(k)"),
                transport: transport)
            try device.enqueueUnchecked(
                Self.offlineWork(device: k, commands: commands, prefix: prefix), at: SystemClock.now())
            devices.append((device, transport))
        }
        let errors = Platform.Locked<[String]>([])
        let shared = Platform.Locked(devices)
        let started = Monotonic.seconds()
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let (device, transport) = shared.withLock { $0[k] }
            do { _ = try SyncClient(device: device, transport: transport).sync() } catch {
                errors.withLock { $0.append("d\(k): \(error)") }
            }
        }
        let seconds = Monotonic.seconds() - started
        let failed = errors.withLock { $0 }
        guard failed.isEmpty else { throw WebLoadFailure(what: failed.joined(separator: "; ")) }
        for (device, transport) in devices { _ = try SyncClient(device: device, transport: transport).sync() }
        let mirrors = try (0..<count).map { k in try Data(contentsOf: URL(fileURLWithPath: dir + "/d\(k).jsonl")) }
        guard mirrors.allSatisfy({ $0 == mirrors[0] }) else { throw WebLoadFailure(what: "the mirrors differ") }
        guard devices.allSatisfy({ $0.0.pending.entries.isEmpty }) else {
            throw WebLoadFailure(what: "a device still has commands pending")
        }
        let (accepted, refused, repeated) = try Self.accounted(dir + "/d0.jsonl", prefix: prefix)
        let total = count * commands
        print(
            String(
                format: "%d devices × %d commands synced at once through %@: %.2f s (%.0f commands/s); "
                    + "%d accepted + %d refused = %d of %d in the log, %d more than once; all %d mirrors equal",
                count, commands, url, seconds, Double(total) / seconds, accepted, refused, accepted + refused, total,
                repeated, count))
        guard accepted + refused == total, repeated == 0 else {
            throw WebLoadFailure(what: "not every command is in the log exactly once")
        }
    }

    /// Device `k`'s offline work: things of its own made, renamed and placed in one another.
    static func offlineWork(device k: Int, commands: Int, prefix: String) -> [Command] {
        (0..<commands).map { i in
            let own = { (n: Int) in ObjectID(unchecked: "\(prefix)\(k)o\(n)") }
            switch i % 4 {
            case 0, 1: return .create(own(i), name: "Thing \(i) of device \(k)")
            case 2: return .rename(own(i - 2), name: "Renamed \(i)")
            default: return .place(Placement(object: own(i - 3), relation: .in, target: own(i - 2), axes: .both))
            }
        }
    }

    /// How many lines of the log at `path` carry an origin of a device named with `prefix`:
    /// accepted, refused, and how many (device, dseq) pairs come more than once.
    static func accounted(_ path: String, prefix: String) throws -> (accepted: Int, refused: Int, repeated: Int) {
        var seen = Set<String>()
        var (accepted, refused, repeated) = (0, 0, 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") where line.contains("\"device\":\"\(prefix)") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let device = object["device"] as? String, let dseq = object["dseq"] as? Int
            else { continue }
            if !seen.insert("\(device)#\(dseq)").inserted { repeated += 1 }
            if object["type"] as? String == "refused" { refused += 1 } else { accepted += 1 }
        }
        return (accepted, refused, repeated)
    }
}

/// What a web load run found wrong.
struct WebLoadFailure: Error, CustomStringConvertible {
    var what: String
    var description: String { "web load: \(what)" }
}
