import Foundation
import PlingsKit
import PlingsPlatform
import PlingsSync

/// `plings-bench sync`: a push of `--pending` commands made offline on one
/// device (then the pull of the resulting events), wire bytes per pushed
/// command (push and verdicts), a fresh clone of the hub log `--clone` (when
/// given), and a fresh clone of the hub on the web at `--http` (when given).
/// With `--serve` (the `plings` executable), the hub is a `plings serve
/// --stdio` child, as over ssh; otherwise it is reached in process. With
/// `--http URL --devices N`, instead: N devices of that hub sync `--pending`
/// commands each, all at once (`webLoad`).
enum SyncBench {
    static func run(_ options: BenchOptions) {
        do {
            if let url = options.values["--http"], options.values["--devices"] != nil {
                return try webLoad(
                    url, devices: max(1, options.int("--devices", 20)), commands: max(1, options.int("--pending", 500)))
            }
            try run(
                pending: max(1, options.int("--pending", 10_000)), cloneHub: options.values["--clone"],
                serve: options.values["--serve"])
            if let url = options.values["--http"] { try cloneOverHTTP(url) }
        } catch {
            fail("\(error)")
        }
    }
}

extension SyncBench {
    static func run(pending: Int, cloneHub: String?, serve: String?) throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plings-sync-bench-\(pid)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func transport(_ hub: String) throws -> SyncTransport {
            if let serve { return try ProcessTransport(shellCommand: "exec '\(serve)' serve --stdio --log '\(hub)'") }
            return try LocalTransport(hubPath: hub)
        }
        let hubPath = dir + "/hub.jsonl"
        let objects = 1000
        let hub = try Store(path: hubPath)
        let creates = (0..<objects).map { Command.create(ObjectID(unchecked: "o\($0)"), name: "Thing \($0)") }
        _ = try hub.executeBatch(creates, actor: "bench", policy: .stop, recordEffects: false)
        let (device, _) = try Device.clone(
            logPath: dir + "/device.jsonl", config: DeviceConfig(source: hubPath, device: "bench"),
            transport: try transport(hubPath))
        var rng = SystemRandomNumberGenerator()
        var commands: [Command] = []
        for k in 0..<pending {
            let x = ObjectID(unchecked: "o\(Int.random(in: 0..<objects, using: &rng))")
            if k % 5 == 0 {
                commands.append(.rename(x, name: "Renamed \(k)"))
            } else {
                let y = ObjectID(unchecked: "o\(Int.random(in: 0..<objects, using: &rng))")
                let relation: Relation = [.in, .on, .under, .nextTo][k % 4]
                commands.append(.place(Placement(object: x, relation: relation, target: y, axes: .both)))
            }
        }
        try device.enqueueUnchecked(commands, at: SystemClock.now())
        let (deviceCPU0, hubCPU0) = (Platform.processCPUNanoseconds(), Platform.childrenCPUSeconds())
        let (report, seconds, wire) = try timedSync(device, try transport(hubPath))
        let deviceCPU = Double(Platform.processCPUNanoseconds() - deviceCPU0) / 1e9
        // The hub's process has ended and been waited for (its transport is gone): its CPU time is known.
        let hubCPU = Platform.childrenCPUSeconds() - hubCPU0
        print(
            String(
                format: "sync of %d pending: %.2f s (%.0f commands/s); accepted %d, refused %d, pulled %d; "
                    + "%d bytes on the wire (%.0f bytes per event)",
                report.pushed, seconds, Double(report.pushed) / seconds, report.accepted, report.refused.count,
                report.pulled, report.bytesOnWire, Double(report.bytesOnWire) / Double(max(1, report.pulled))))
        if serve != nil {
            print(
                String(
                    format: "CPU of the sync: device %.2f s, hub %.2f s, together %.2f s (%.0f commands a CPU second)",
                    deviceCPU, hubCPU, deviceCPU + hubCPU, Double(report.pushed) / (deviceCPU + hubCPU)))
        } else {
            print(
                String(
                    format: "CPU of the sync (device and hub in this process): %.2f s (%.0f commands a CPU second)",
                    deviceCPU, Double(report.pushed) / deviceCPU))
        }
        let perCommand = { (bytes: Int) in Double(bytes) / Double(max(1, report.pushed)) }
        print(
            String(
                format: "wire bytes per pushed command: %.1f push + %.1f verdicts = %.1f",
                perCommand(wire.pushBytes), perCommand(wire.verdictBytes),
                perCommand(wire.pushBytes + wire.verdictBytes)))
        guard let cloneHub else { return }
        let cloneStarted = Monotonic.seconds()
        let (_, cloned) = try Device.clone(
            logPath: dir + "/clone.jsonl", config: DeviceConfig(source: cloneHub, device: "fresh"),
            transport: try transport(cloneHub))
        let cloneSeconds = Monotonic.seconds() - cloneStarted
        let megabytes = Double(Statistics.fileSize(cloneHub)) / 1e6
        print(
            String(
                format: "clone of %d events (%.1f MB): %.2f s (%.1f MB/s, %.0f events/s); %.0f wire bytes per event",
                cloned.pulled, megabytes, cloneSeconds, megabytes / cloneSeconds, Double(cloned.pulled) / cloneSeconds,
                Double(cloned.bytesOnWire) / Double(max(1, cloned.pulled))))
    }
}

extension SyncBench {
    /// One sync of `device` through `transport`, counted; the transport is released before this
    /// returns (a hub's process has ended and been waited for, so its CPU time is known).
    static func timedSync(
        _ device: Device, _ transport: SyncTransport
    ) throws -> (SyncReport, seconds: Double, wire: (pushBytes: Int, verdictBytes: Int)) {
        let wire = Counting(transport)
        let started = Monotonic.seconds()
        let report = try SyncClient(device: device, transport: wire).sync()
        return (report, Monotonic.seconds() - started, (wire.pushBytes, wire.verdictBytes))
    }
}

extension SyncBench {
    /// A fresh clone of the hub on the web at `url`, into a temporary folder.
    static func cloneOverHTTP(_ url: String) throws {
        let pid = ProcessInfo.processInfo.processIdentifier
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plings-http-bench-\(pid)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let host = URL(string: url)?.host ?? ""
        let hub = try HTTPHub(
            url: url,
            credentials: HTTPCredentials.fromNetrc(host: host, environment: ProcessInfo.processInfo.environment))
        let started = Monotonic.seconds()
        let (_, cloned) = try Device.clone(
            logPath: dir + "/clone.jsonl", config: DeviceConfig(source: url, device: "fresh"),
            transport: HTTPTransport(hub: hub))
        let seconds = Monotonic.seconds() - started
        let megabytes = Double(Statistics.fileSize(dir + "/clone.jsonl")) / 1e6
        print(
            String(
                format: "clone over HTTP of %d events (%.1f MB): %.2f s (%.1f MB/s, %.0f events/s); %.1f MB of bodies",
                cloned.pulled, megabytes, seconds, megabytes / seconds, Double(cloned.pulled) / seconds,
                Double(cloned.bytesOnWire) / 1e6))
    }
}

/// A transport that counts the bytes of push requests and their answers apart.
final class Counting: SyncTransport {
    let inner: SyncTransport
    private(set) var pushBytes = 0
    private(set) var verdictBytes = 0

    init(_ inner: SyncTransport) { self.inner = inner }

    var bytesOnWire: Int { inner.bytesOnWire }

    func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        let answer = try inner.exchange(request)
        if request.header.op == "push" {
            pushBytes += request.bytes.count
            verdictBytes += answer.bytes.count
        }
        return answer
    }

    func logPage(from offset: Int64) throws(SyncError) -> LogPage? { try inner.logPage(from: offset) }
}
