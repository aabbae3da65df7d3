import Foundation
import PlingsSync
import PlingsTestSupport
import Testing

/// The device rule lives in the library's store: a mirror takes only the
/// hub's lines, whoever tries to append to it (an app through `Store`, the
/// command line's `apply`), and its sync still appends them.
@Suite("A device's mirror takes only the hub's lines, in the store itself")
struct DeviceRuleTests {
    @Test("an app appending through Store to a device's log is stopped; nothing is written; sync still works")
    func storeRefusesTheMirror() throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let hub = try Store(path: hubPath)
        try hub.execute(.create(oid("box"), name: "Box"))
        let transport = try LocalTransport(hubPath: hubPath)
        let path = dir.file("phone.jsonl")
        let (device, _) = try Device.clone(
            logPath: path, config: DeviceConfig(source: hubPath, device: "phone"), transport: transport)
        let before = fileBytes(path)
        let app = try Store(path: path)
        #expect(throws: StoreError.log(.mirror(path: path))) { try app.execute(.create(oid("shelf"), name: "Shelf")) }
        #expect(throws: StoreError.log(.mirror(path: path))) {
            try app.executeBatch([.seen(oid("box"))], policy: .skip)
        }
        #expect(fileBytes(path) == before)
        // The refusal reads in either language.
        let error = StoreError.log(.mirror(path: path))
        #expect(error.message(.en).contains("takes only the hub's lines"))
        #expect(error.message(.sv).contains("tar bara navets rader"))
        // The device's own way still works: queue, sync, and the mirror equals the hub.
        try device.enqueue([.create(oid("shelf"), name: "Shelf")], at: Timestamp(milliseconds: 1_800_000_000_000))
        _ = try SyncClient(device: device, transport: transport).sync()
        #expect(fileBytes(path) == fileBytes(hubPath))
        #expect(try Store(path: path).state.registry.index(of: oid("shelf")) != nil)
    }
}
