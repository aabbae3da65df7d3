import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// A page of the hub's log that does not check out (garbage in an HTTP 200, a torn page, a line
/// that does not chain) is the hub's doing, or the web's between: the message names the hub and
/// says the device's own log is untouched, never that the local log is damaged.
@Suite("A bad page from the hub blames the hub")
struct BadPageTests {
    /// A hub with one thing, a device `d` cloned from it by path, and the hub's next line (`lid`).
    func world(_ dir: TemporaryDirectory) throws -> (hub: String, device: String, next: [UInt8]) {
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let device = dir.file("d.jsonl")
        _ = try Device.clone(
            logPath: device, config: DeviceConfig(source: hub, device: "d"), transport: LocalTransport(hubPath: hub))
        let before = fileBytes(hub)
        try Store(path: hub).execute(.create(oid("lid"), name: "Lid"))
        return (hub, device, Array(fileBytes(hub).dropFirst(before.count)))
    }

    @Test("garbage, a torn page and a line that does not chain are refused naming the hub, the mirror untouched")
    func refused() throws {
        let dir = TemporaryDirectory()
        let (hub, device, next) = try world(dir)
        let mirror = fileBytes(device)
        let offset = Int64(mirror.count)
        let changed = Array(String(decoding: next, as: UTF8.self).replacingOccurrences(of: "Lid", with: "Lud").utf8)
        let pages: [([UInt8], PageProblem)] = [
            (Array("<html>hello</html>\n".utf8), .line(.notAnObject)),
            (Array(next.dropLast(10)), .noWholeBatch),
            (changed, .hashMismatch(seq: 2)),
        ]
        for (page, problem) in pages {
            var writer = MirrorWriter(device: try Device(logPath: device))
            #expect(throws: SyncError.badPage(hub: hub, line: 2, offset: offset, problem: problem)) {
                try writer.append(page: page)
            }
            #expect(fileBytes(device) == mirror)
        }
        // The good page still goes in after them.
        var writer = MirrorWriter(device: try Device(logPath: device))
        #expect(try writer.append(page: next) == 1)
        #expect(fileBytes(device) == fileBytes(hub))
    }

    @Test("the message names the hub and says the device's log is untouched, in both languages")
    func words() {
        let error = SyncError.badPage(
            hub: "https://example.org/plings", line: 2, offset: 241, problem: .hashMismatch(seq: 2))
        let en = error.message(.en)
        #expect(
            en.contains("the hub 'https://example.org/plings' sent lines of its log that do not check out"), "\(en)")
        #expect(en.contains("at line 2 (byte 241): seq 2 does not match its own hash"), "\(en)")
        #expect(en.contains("this device's log is untouched"), "\(en)")
        #expect(!en.contains("damaged") && !en.contains("plings verify"), "\(en)")
        let sv = error.message(.sv)
        #expect(sv.contains("navet 'https://example.org/plings' skickade rader ur sin logg som inte håller"), "\(sv)")
        #expect(sv.contains("enhetens logg är orörd"), "\(sv)")
        let torn = SyncError.badPage(hub: "h", line: 2, offset: 241, problem: .noWholeBatch).message(.sv)
        #expect(torn.contains("sidan slutar inne i sin första sats rader"), "\(torn)")
    }
}
