import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@testable import PlingsSync

#if canImport(Glibc)
    import Glibc
#endif

/// A shallow clone over the web writes the hub's snapshot to a file of ours beside the log as it
/// arrives (issue 20, the snapshot's bound): never more than the snapshot's header names nor
/// `SyncProtocol.maxSnapshotBytes`, never held in memory while it comes, removed on every way out
/// but into the base, and a download stopped by kill -9 is never used.
@Suite("A shallow clone's snapshot from the web is bounded, streamed to a file of ours and removed on failure")
struct SnapshotBoundTests {
    static let ok = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
    static let garbage = Array(repeating: UInt8(ascii: "a"), count: 1 << 20)

    /// The first bytes of a packed snapshot whose sealed header names `blocks` blocks of 64 KiB
    /// (resealed, as a forger would), made from a real published snapshot's header.
    static func forgedHeader(blocks: Int, from published: [UInt8]) -> [UInt8] {
        var header = Array(published[0..<(PackedSnapshot.checksumOffset + 8)])
        withUnsafeBytes(of: UInt64(blocks).littleEndian) {
            header.replaceSubrange((PackedSnapshot.checksumOffset - 16)..<(PackedSnapshot.checksumOffset - 8), with: $0)
        }
        return PackedSnapshot.resealed(header)
    }

    /// A small hub that published a snapshot; its path and the published bytes.
    static func publishedHub(in dir: TemporaryDirectory) throws -> (path: String, published: [UInt8]) {
        let path = dir.file("hub.jsonl")
        _ = try SyntheticLog(events: 300, objects: 30, seed: 7).write(to: path)
        _ = try Rebuild(path: path).run(dryRun: false)
        return (path, fileBytes(PublishedSnapshot.path(forLog: path)))
    }

    /// The names beside `name` in `dir` (its locks aside, which hold no data): a failed clone leaves none.
    static func beside(_ name: String, in dir: TemporaryDirectory) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasPrefix(name) && !$0.hasSuffix(".lock") }.sorted()
    }

    func shallowClone(_ url: String, into path: String) throws {
        _ = try Device.clone(
            logPath: path, config: DeviceConfig(source: url, device: "d"),
            transport: HTTPTransport(hub: try HTTPHub(url: url, timeout: 20)), shallow: true)
    }

    @Test("a peer that answers GET /snapshot with garbage without end is refused at its first bytes; nothing is left")
    func garbage() throws {
        let peer = try FakeHTTPPeer(head: Self.ok, body: { $0 < 300 ? Self.garbage : nil })
        defer { peer.stop() }
        let dir = TemporaryDirectory()
        #expect(throws: SyncError.snapshotDamaged) {
            try shallowClone(peer.url, into: dir.file("d.jsonl"))
        }
        #expect(Self.beside("d.jsonl", in: dir).isEmpty)
        #expect(peer.written < 32 << 20, "the peer wrote \(peer.written) bytes")
    }

    @Test("a header that names more than the limit, or a length past it, is refused at once with the limit")
    func pastTheLimit() throws {
        let dir = TemporaryDirectory()
        let (_, published) = try Self.publishedHub(in: dir)
        let limit = SyncProtocol.maxSnapshotBytes
        let forged = Self.forgedHeader(blocks: limit >> 16 + 1, from: published)
        let named = try FakeHTTPPeer(head: Self.ok, body: { $0 == 0 ? forged : $0 < 300 ? Self.garbage : nil })
        defer { named.stop() }
        let announced = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Length: \(limit + 1)\r\nConnection: close\r\n\r\n",
            body: { $0 < 300 ? Self.garbage : nil })
        defer { announced.stop() }
        for peer in [named, announced] {
            #expect(throws: SyncError.snapshotTooLarge(limit: limit)) {
                try shallowClone(peer.url, into: dir.file("d.jsonl"))
            }
            #expect(Self.beside("d.jsonl", in: dir).isEmpty)
            #expect(peer.written < 32 << 20, "the peer wrote \(peer.written) bytes")
        }
        // A download's own limit holds the same way.
        let small = try FakeHTTPPeer(head: Self.ok, body: { $0 == 0 ? forged : $0 < 300 ? Self.garbage : nil })
        defer { small.stop() }
        let download = try SnapshotDownload(logPath: dir.file("e.jsonl"), limit: 1 << 20)
        #expect(throws: SyncError.snapshotTooLarge(limit: 1 << 20)) {
            try HTTPHub(url: small.url, timeout: 20).download(snapshotInto: download)
        }
        download.discard()
        #expect(Self.beside("e.jsonl", in: dir).isEmpty)
    }

    @Test("a snapshot that goes on past what its header names is refused there; the download is removed")
    func pastItsHeader() throws {
        let dir = TemporaryDirectory()
        let (_, published) = try Self.publishedHub(in: dir)
        let forged = Self.forgedHeader(blocks: 16, from: published)
        let peer = try FakeHTTPPeer(head: Self.ok, body: { $0 == 0 ? forged : $0 < 300 ? Self.garbage : nil })
        defer { peer.stop() }
        #expect(throws: SyncError.snapshotDamaged) {
            try shallowClone(peer.url, into: dir.file("d.jsonl"))
        }
        #expect(Self.beside("d.jsonl", in: dir).isEmpty)
    }

    @Test("clone --shallow from a peer announcing more than the limit says so in both languages; no device is made")
    func cloneSaysTheLimit() throws {
        let limit = SyncProtocol.maxSnapshotBytes
        let peer = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Length: \(2 * limit)\r\nConnection: close\r\n\r\n",
            body: { $0 < 16 ? Self.garbage : nil })
        defer { peer.stop() }
        let dir = TemporaryDirectory()
        for (language, words) in [
            ("en", "the hub's snapshot carries more than \(limit) bytes"),
            ("sv", "navets ögonblicksbild bär mer än \(limit) byte"),
        ] {
            let device = dir.file("d-\(language).jsonl")
            let run = try BuiltPlings.run(
                ["--log", device, "clone", peer.url, "--device", "d", "--shallow"],
                env: ["PLINGS_LANG": language, "PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")])
            #expect(run.status == 1)
            #expect(run.errors.contains(words), "\(run.errors)")
            #expect(Self.beside("d-\(language).jsonl", in: dir).isEmpty)
        }
    }

    @Test("a snapshot that does not check out, or an answer cut off, is said in one language; no device is made")
    func saidInOneLanguage() throws {
        let dir = TemporaryDirectory()
        let (_, published) = try Self.publishedHub(in: dir)
        let garbage = try FakeHTTPPeer(head: Self.ok, body: { $0 < 4 ? Self.garbage : nil })
        defer { garbage.stop() }
        // A whole header that names more bytes than the answer's length, which then stops.
        let cut = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Length: \(published.count)\r\nConnection: close\r\n\r\n",
            body: { $0 == 0 ? Array(published.prefix(published.count / 2)) : nil })
        defer { cut.stop() }
        let words = [
            (garbage, "en", "the hub's snapshot does not check out"),
            (garbage, "sv", "navets ögonblicksbild stämmer inte"),
            (cut, "en", "the hub's web server closed the connection in the middle of its answer"),
            (cut, "sv", "navets webbserver stängde förbindelsen mitt i sitt svar"),
        ]
        for (k, (peer, language, said)) in words.enumerated() {
            let device = dir.file("d\(k).jsonl")
            let run = try BuiltPlings.run(
                ["--log", device, "clone", peer.url, "--device", "d", "--shallow"],
                env: ["PLINGS_LANG": language, "PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")])
            #expect(run.status == 1)
            #expect(run.errors.hasPrefix("plings: " + said), "\(run.errors)")
            if language == "sv" {
                // No English words around or inside the Swedish sentence.
                for english in ["the hub", "snapshot", "connection", "check"] {
                    #expect(!run.errors.contains(english), "\(run.errors)")
                }
            }
            #expect(Self.beside("d\(k).jsonl", in: dir).isEmpty)
        }
    }

    @Test(
        "clone --shallow streams a snapshot to its file, not to memory: 128 MiB of it grow the peak by a few MiB",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func streamedNotHeld() throws {
        let mebibytes = Stress.enabled ? 900 : 128
        let dir = TemporaryDirectory()
        let (_, published) = try Self.publishedHub(in: dir)
        let forged = Self.forgedHeader(blocks: mebibytes * 16, from: published)
        let watch = MemoryWatch()
        let peer = try FakeHTTPPeer(
            head: Self.ok,
            body: { k in
                if k == 1 { watch.markStart() }
                return k == 0 ? forged : k <= mebibytes + 8 ? Self.garbage : nil
            })
        defer { peer.stop() }
        let device = dir.file("d.jsonl")
        let process = try BuiltPlings.start(
            ["--log", device, "clone", peer.url, "--device", "d", "--shallow"],
            env: ["PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")])
        watch.watch(process.processIdentifier)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(Self.beside("d.jsonl", in: dir).isEmpty)
        let (start, peak) = watch.result()
        #expect(start > 0 && peak - start < 24 << 10, "grew \(peak - start) KB from \(start) KB")
        #expect(peer.written > mebibytes << 20, "the peer wrote only \(peer.written) bytes")
    }

    @Test("a clone killed mid-download leaves only its download, which nothing reads; the next clone works")
    func killedMidDownload() throws {
        let dir = TemporaryDirectory()
        let (hubPath, published) = try Self.publishedHub(in: dir)
        let forged = Self.forgedHeader(blocks: 1 << 12, from: published)
        let peer = try FakeHTTPPeer(
            head: Self.ok,
            body: { k in
                if k > 0 { usleep(20_000) }
                return k == 0 ? forged : k < 3000 ? Array(Self.garbage[0..<(64 << 10)]) : nil
            })
        defer { peer.stop() }
        let device = dir.file("d.jsonl")
        let process = try BuiltPlings.start(
            ["--log", device, "clone", peer.url, "--device", "d", "--shallow"],
            env: ["PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")])
        let download = LogBase.path(forLog: device) + ".tmp"
        let deadline = Date().addingTimeInterval(60)
        func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: download))?[.size] as? Int) ?? 0 }
        while size() < 1 << 20, Date() < deadline, process.isRunning { usleep(10_000) }
        #expect(process.isRunning && size() >= 1 << 20)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(Self.beside("d.jsonl", in: dir) == ["d.jsonl.base.tmp"])
        // Nothing reads it: the path is no device and no log.
        let card = try BuiltPlings.run(["--log", device, "pending"])
        #expect(card.status != 0)
        // The next clone (here by path) replaces it and makes the device.
        let again = try BuiltPlings.run(["--log", device, "clone", hubPath, "--device", "d", "--shallow"])
        #expect(again.status == 0, "\(again.errors)")
        #expect(Self.beside("d.jsonl", in: dir) == ["d.jsonl", "d.jsonl.base", "d.jsonl.device", "d.jsonl.pending"])
        #expect(fileBytes(LogBase.path(forLog: device)) == published)
        #expect(try BuiltPlings.run(["--log", device, "verify"]).status == 0)
    }
}
