import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

#if canImport(Glibc)
    import Glibc
#endif

/// A web peer on 127.0.0.1 that answers every request with `head` and then the chunks `body`
/// gives (until it gives nil or the client goes), counting what it wrote. Plain sockets, one
/// connection at a time.
final class FakeHTTPPeer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var sent = 0
    private let done = DispatchSemaphore(value: 0)

    /// Bytes of body written to clients so far.
    var written: Int {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    init(head: String, body: @escaping @Sendable (Int) -> [UInt8]?) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { a in
                bind(fd, a, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, a, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { break }
                self.serve(client, head: Array(head.utf8), body: body)
                close(client)
            }
            self.done.signal()
        }.start()
    }

    /// Reads the request (its head, and as many body bytes as it announces), then answers.
    private func serve(_ client: Int32, head: [UInt8], body: (Int) -> [UInt8]?) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var need: Int?
        while need.map({ request.count < $0 }) ?? true {
            let got = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if got <= 0 { return }
            request += buffer[0..<got]
            if need == nil, let end = request.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                let text = String(decoding: request[..<end], as: UTF8.self).lowercased()
                let length = text.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                need = end + (length ?? 0)
            }
        }
        guard send(client, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
        var k = 0
        while let chunk = body(k) {
            k += 1
            var offset = 0
            while offset < chunk.count {
                let put = chunk[offset...].withUnsafeBytes {
                    send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if put <= 0 { return }
                offset += put
                lock.lock()
                sent += put
                lock.unlock()
            }
        }
    }

    /// Stops taking connections and waits for the serving thread.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
    }

    var url: String { "http://127.0.0.1:\(port)/plings" }
}

/// An answer from a hub on the web is read as it arrives and bounded as every sync message
/// is (issue 20, item 16): a garbage peer sending without end, or announcing more than the
/// bound, is refused as soon as it passes it, never held whole.
@Suite("HTTP answers are bounded by bytes as they arrive")
struct HTTPBoundTests {
    static let line = Array(repeating: UInt8(ascii: "a"), count: (1 << 16) - 1) + [0x0A]
    /// 64 KiB lines, 16 MiB in all: past a small bound, within the protocol's.
    static let sixteenMiB: @Sendable (Int) -> [UInt8]? = { $0 < 256 ? line : nil }

    @Test("a sync answer that goes on past the bound is refused as it passes it, in words")
    func endlessSyncAnswer() throws {
        let peer = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n",
            body: Self.sixteenMiB)
        defer { peer.stop() }
        let hub = try HTTPHub(url: peer.url, timeout: 20)
        hub.messageLimit = 1 << 20
        #expect(throws: SyncError.messageTooLarge(limit: 1 << 20)) {
            _ = try HTTPTransport(hub: hub).exchange(SyncMessage(SyncProtocol.Header(op: "hello", device: "d")))
        }
        #expect(hub.bytesOnWire == 0)
    }

    @Test("a log page that goes on past the bound is refused as it passes it")
    func endlessLogPage() throws {
        let peer = try FakeHTTPPeer(
            head:
                "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-99999999/100000000\r\nConnection: close\r\n\r\n",
            body: Self.sixteenMiB)
        defer { peer.stop() }
        let hub = try HTTPHub(url: peer.url, timeout: 20)
        hub.messageLimit = 1 << 20
        #expect(throws: SyncError.messageTooLarge(limit: 1 << 20)) { _ = try hub.logPage(from: 0) }
    }

    @Test("an answer that announces more than 64 MiB is refused at its head, before its body is read")
    func announcedTooLarge() throws {
        let peer = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nContent-Length: 1073741824\r\n\r\n",
            body: Self.sixteenMiB)
        defer { peer.stop() }
        let hub = try HTTPHub(url: peer.url, timeout: 20)
        #expect(throws: SyncError.messageTooLarge(limit: SyncProtocol.maxMessageBytes)) {
            _ = try hub.post(SyncMessage(SyncProtocol.Header(op: "hello", device: "d")).bytes)
        }
        #expect(peer.written < SyncProtocol.maxMessageBytes)
    }

    @Test("clone from such a peer says so in both languages; no device is made")
    func cloneRefused() throws {
        let peer = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nContent-Length: 1073741824\r\n\r\n",
            body: Self.sixteenMiB)
        defer { peer.stop() }
        let dir = TemporaryDirectory()
        for (language, words) in [
            ("en", "a sync message carries more than 67108864 bytes; nothing of it was used"),
            ("sv", "ett synkmeddelande bär mer än 67108864 byte; inget av det användes"),
        ] {
            let device = dir.file("d-\(language).jsonl")
            let run = try BuiltPlings.run(
                ["--log", device, "clone", peer.url, "--device", "d"],
                env: ["PLINGS_LANG": language, "PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")])
            #expect(run.status == 1)
            #expect(run.errors.contains(words), "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: device))
        }
    }

    @Test("an answer within the bound, with or without its length, is read whole")
    func withinBound() throws {
        let hello = SyncMessage(
            SyncProtocol.Header(op: "hello", protocol: SyncProtocol.version, next: 1, speaks: SyncProtocol.version)
        ).bytes
        for length in ["Content-Length: \(hello.count)\r\n", ""] {
            let peer = try FakeHTTPPeer(
                head: "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\n\(length)Connection: close\r\n\r\n",
                body: { $0 == 0 ? hello : nil })
            defer { peer.stop() }
            let hub = try HTTPHub(url: peer.url, timeout: 20)
            let answer = try HTTPTransport(hub: hub).exchange(
                SyncMessage(SyncProtocol.Header(op: "hello", device: "d")))
            #expect(answer.header.op == "hello" && answer.header.next == 1)
        }
    }

    /// 1 MiB of garbage lines.
    static let mebibyte = Array(repeating: line, count: 16).flatMap { $0 }

    @Test(
        "clone from a peer sending hundreds of MB without a length holds no more than the bound: its peak memory grows by at most 64 MiB and the read buffer",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func garbagePeerMemory() throws {
        let mebibytes = Stress.enabled ? Stress.setting("HTTP_GARBAGE_MIB", 2000) : 300
        let watch = MemoryWatch()
        let peer = try FakeHTTPPeer(
            head: "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n",
            body: { k in
                if k == 0 { watch.markStart() }
                return k < mebibytes ? Self.mebibyte : nil
            })
        defer { peer.stop() }
        let dir = TemporaryDirectory()
        let device = dir.file("d.jsonl")
        let process = try BuiltPlings.start(
            ["--log", device, "clone", peer.url, "--device", "d"],
            env: ["PLINGS_TIMEOUT": "20", "PLINGS_NETRC": dir.file("none")])
        watch.watch(process.processIdentifier)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(!FileManager.default.fileExists(atPath: device))
        let (start, peak) = watch.result()
        let grown = peak - start
        // The bound and the 64 KiB buffer, with 16 MiB for the answer's error and what else the process touches.
        #expect(
            start > 0 && grown < SyncProtocol.maxMessageBytes / 1024 + 16 << 10, "grew \(grown) KB from \(start) KB")
        #expect(peer.written < mebibytes << 20, "the peer wrote \(peer.written) bytes, all of its garbage")
    }
}
