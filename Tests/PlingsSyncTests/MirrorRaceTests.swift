import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

/// A transport that, on the first pull with lines, writes those lines to the
/// mirror itself before answering, as a second sync of the same device would.
private final class RacingTransport: SyncTransport {
    let inner: LocalTransport
    let mirrorPath: String
    var raced = false
    var bytesOnWire: Int { inner.bytesOnWire }

    init(hubPath: String, mirrorPath: String) throws {
        inner = try LocalTransport(hubPath: hubPath)
        self.mirrorPath = mirrorPath
    }

    func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
        let answer = try inner.exchange(request)
        if request.header.op == "pull", !raced, !answer.body.isEmpty {
            raced = true
            var bytes = fileBytes(mirrorPath)
            for line in answer.body { bytes += line + [0x0A] }
            writeBytes(bytes, to: mirrorPath)
        }
        return answer
    }
}

@Suite("A mirror another sync wrote meanwhile")
struct MirrorRaceTests {
    @Test("the conflict names the seq the mirror reached, and the next sync goes on from it")
    func conflictNamesTheSeq() throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try Store(path: hubPath)
        try hub.execute(.create(oid("box"), name: "Box"))
        let path = dir.file("d.jsonl")
        let (device, _) = try Device.clone(
            logPath: path, config: DeviceConfig(source: hubPath, device: "d"),
            transport: LocalTransport(hubPath: hubPath))
        try hub.execute(.create(oid("cup"), name: "Cup"))
        try hub.execute(.rename(oid("box"), name: "Crate"))
        let racing = try RacingTransport(hubPath: hubPath, mirrorPath: path)
        #expect(throws: SyncError.store(.log(.conflict(expected: 1, actual: 3)))) {
            _ = try SyncClient(device: device, transport: racing).sync()
        }
        #expect(fileBytes(path) == fileBytes(hubPath))
        let again = try Device(logPath: path)
        _ = try SyncClient(device: again, transport: LocalTransport(hubPath: hubPath)).sync()
        #expect(fileBytes(path) == fileBytes(hubPath))
    }
}
