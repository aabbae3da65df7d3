import Foundation
import PlingsKit
import PlingsSync
import PlingsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A TLS peer for one connection: `openssl s_server` with a throwaway CA's server certificate,
/// relaying to its client what it reads on its standard input: here an HTTP answer's head
/// without a length and then `mebibytes` MiB of 64 KiB garbage lines, written into a socket
/// pair, so that what the peer took is counted and a client that stops reading stops the writing.
final class TLSGarbagePeer: @unchecked Sendable {
    let port: Int
    private let server: Process
    private let feed: Int32
    private let lock = NSLock()
    private var sent = 0
    private let fed = DispatchSemaphore(value: 0)

    /// Bytes of body the peer has taken to send, so far.
    var written: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    /// - Parameters:
    ///   - prefix: bytes sent after the head, before the garbage (not counted).
    ///   - answering: called once the client is reading the answer (4 MiB of it have gone).
    init(
        ca: ThrowawayCA, mebibytes: Int, prefix: [UInt8] = [], answering: @escaping @Sendable () -> Void
    ) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else {
            throw WebServerError.notStarted("a socket pair")
        }
        feed = pair[0]
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        server.arguments = [
            "s_server", "-naccept", "1", "-accept", "127.0.0.1:0", "-cert", ca.serverCertificate, "-key",
            ca.serverKey,
        ]
        server.standardInput = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Its first lines say where it listens: "ACCEPT 127.0.0.1:PORT".
        var said = ""
        while !said.contains("\n") || !said.contains("ACCEPT") {
            let more = out.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += String(decoding: more, as: UTF8.self)
        }
        guard let line = said.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
            let port = line.split(separator: ":").last.flatMap({ Int($0) })
        else {
            server.terminate()
            throw WebServerError.notStarted("openssl s_server: \(said)")
        }
        self.port = port
        // What it prints of the request goes nowhere.
        Thread { while !out.fileHandleForReading.availableData.isEmpty {} }.start()
        Thread { [self] in
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n"
            let line = Array(repeating: UInt8(ascii: "a"), count: (1 << 16) - 1) + [0x0A]
            let mebibyte = Array(repeating: line, count: 16).flatMap { $0 }
            if send(Array(head.utf8) + prefix, counted: false) {
                for k in 0..<mebibytes {
                    if k == 4 { answering() }
                    guard send(mebibyte, counted: true) else { break }
                }
            }
            shutdown(feed, Int32(SHUT_WR))
            fed.signal()
        }.start()
    }

    private func send(_ bytes: [UInt8], counted: Bool) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let put = bytes[offset...].withUnsafeBytes {
                Glibc.send(feed, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if put <= 0 { return false }
            offset += put
            if counted {
                lock.lock()
                sent += put
                lock.unlock()
            }
        }
        return true
    }

    private var stopped = false

    /// Stops the peer and the writing, and waits for the writing thread (once; later calls do nothing).
    /// Read `written` after it: a send still under way when the client went counts only once it returns.
    func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        guard !already else { return }
        if server.isRunning { server.terminate() }
        server.waitUntilExit()
        shutdown(feed, Int32(SHUT_RDWR))
        fed.wait()
        close(feed)
    }

    var url: String { "https://127.0.0.1:\(port)/plings" }
}

/// An answer from a hub over `https://` is bounded as it arrives, as over `http://`
/// (issue 20, item 16): URLSession hands it to the delegate through a bounded queue, so a
/// garbage peer sending without end is refused past the bound, never held whole.
@Suite(
    "HTTPS answers are bounded by bytes as they arrive",
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") && TrustedCA.isPossible
            && FileManager.default.fileExists(atPath: "/proc/self/status"),
        "needs openssl, unshare and /proc"))
struct TLSBoundTests {
    @Test(
        "clone from a TLS peer sending 2,000 MiB without a length holds no more than the bound: its peak memory grows by at most 64 MiB and a little more, and it stops reading"
    )
    func garbagePeerMemory() throws {
        // The device stops reading a little past 64 MiB whatever the peer has to send: 2,000 MiB cost no more than 300.
        let mebibytes = Stress.enabled ? Stress.setting("HTTP_GARBAGE_MIB", 20_000) : 2000
        let dir = TemporaryDirectory()
        let ca = try ThrowawayCA(in: dir.path)
        let watch = MemoryWatch()
        let peer = try TLSGarbagePeer(ca: ca, mebibytes: mebibytes, answering: { watch.markStart() })
        defer { peer.stop() }
        let device = dir.file("d.jsonl")
        let errors = Pipe()
        let process = try TrustedCA.start(
            ca.certificate, ["--log", device, "clone", peer.url, "--device", "d"],
            env: ["PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")], errors: errors)
        watch.watch(process.processIdentifier)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(said.contains("a sync message carries more than 67108864 bytes; nothing of it was used"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: device))
        let (start, peak) = watch.result()
        let grown = peak - start
        // The bound and the queue's window of 64 pieces of 16 KiB, with 16 MiB for the rest.
        #expect(
            start > 0 && grown < SyncProtocol.maxMessageBytes / 1024 + 16 << 10, "grew \(grown) KB from \(start) KB")
        peer.stop()
        #expect(peer.written < 512 << 20, "the peer wrote \(peer.written) bytes of its garbage")
    }

    @Test(
        "clone --shallow from a TLS peer whose snapshot goes on without end streams it to a file, not to memory, up to what its header names; nothing is left"
    )
    func garbageSnapshot() throws {
        let dir = TemporaryDirectory()
        let hub = dir.file("hub.jsonl")
        _ = try SyntheticLog(events: 300, objects: 30, seed: 7).write(to: hub)
        _ = try Rebuild(path: hub).run(dryRun: false)
        // A real published snapshot's header, resealed to name 128 MiB of 64 KiB blocks.
        var header = Array(fileBytes(PublishedSnapshot.path(forLog: hub))[0..<(PackedSnapshot.checksumOffset + 8)])
        withUnsafeBytes(of: UInt64(128 * 16).littleEndian) {
            header.replaceSubrange((PackedSnapshot.checksumOffset - 16)..<(PackedSnapshot.checksumOffset - 8), with: $0)
        }
        let ca = try ThrowawayCA(in: dir.path)
        let watch = MemoryWatch()
        let peer = try TLSGarbagePeer(
            ca: ca, mebibytes: 2000, prefix: PackedSnapshot.resealed(header), answering: { watch.markStart() })
        defer { peer.stop() }
        let device = dir.file("d.jsonl")
        let errors = Pipe()
        let process = try TrustedCA.start(
            ca.certificate, ["--log", device, "clone", peer.url, "--device", "d", "--shallow"],
            env: ["PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")], errors: errors)
        watch.watch(process.processIdentifier)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(said.contains("the hub's snapshot does not check out"), "\(said)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(names.filter { $0.hasPrefix("d.jsonl") && !$0.hasSuffix(".lock") }.isEmpty, "\(names)")
        let (start, peak) = watch.result()
        // The queue's window of 64 pieces of 16 KiB and the file's writes, with 24 MiB for the rest.
        #expect(start > 0 && peak - start < 24 << 10, "grew \(peak - start) KB from \(start) KB")
        // Once the writing has stopped: the mebibyte the client saw the start of counts when its send returns.
        peer.stop()
        #expect(peer.written > 128 << 20, "the peer wrote only \(peer.written) bytes")
    }
}
