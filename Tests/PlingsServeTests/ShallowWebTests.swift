import Foundation
import PlingsKit
import PlingsServe
import PlingsSync
import PlingsTestSupport
import Testing

@Suite(
    "Shallow clone over HTTP through a real web server (lighttpd)",
    .enabled(if: WebServer.isAvailable, "lighttpd is not installed: run scripts/install-test-tools.sh"))
struct ShallowWebTests {
    static let users = ["alice": "a-secret"]

    @Test("clone --shallow over HTTP: GET /snapshot, then only the lines after it; sync and push as any device")
    func shallowOverHTTP() throws {
        let world = try WebWorld(objects: 30)
        _ = try Rebuild(path: world.hubPath).run(dryRun: false)
        let hubStore = try Store(path: world.hubPath)
        let base = hubStore.cursor.lastSeq
        try hubStore.execute(.create(oid("late"), name: "Late"), actor: "hub")
        let server = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users)
        defer { server.stop() }
        let transport = HTTPTransport(
            hub: try HTTPHub(
                url: server.hubURL, credentials: HTTPCredentials(user: "alice", password: "a-secret"), timeout: 60))
        let path = world.dir.file("phone.jsonl")
        let (phone, report) = try Device.clone(
            logPath: path, config: DeviceConfig(source: server.hubURL, device: "phone"), transport: transport,
            shallow: true)
        #expect(phone.base?.lastSeq == base)
        #expect(report.pulled == 1)
        #expect(fileBytes(LogBase.path(forLog: path)) == fileBytes(PublishedSnapshot.path(forLog: world.hubPath)))
        #expect(try phone.mirror.state == (try Store(path: world.hubPath).state))
        try phone.enqueue([.create(oid("phone-made"), name: "Phone")], at: Timestamp(milliseconds: 1_900_000_000_000))
        let synced = try SyncClient(device: phone, transport: transport).sync()
        #expect(synced.accepted == 1)
        #expect(try phone.mirror.state == (try Store(path: world.hubPath).state))
        #expect(LogVerification.check(path: path).base?.lastSeq == base)
    }

    @Test("a hub that published nothing answers 404; clone --shallow says so and makes nothing")
    func nothingPublished() throws {
        let world = try WebWorld()
        let server = try WebServer(hubPath: world.hubPath, plings: BuiltPlings.path, users: Self.users)
        defer { server.stop() }
        let transport = HTTPTransport(
            hub: try HTTPHub(
                url: server.hubURL, credentials: HTTPCredentials(user: "alice", password: "a-secret"), timeout: 60))
        let path = world.dir.file("phone.jsonl")
        #expect(throws: SyncError.noSnapshot) {
            try Device.clone(
                logPath: path, config: DeviceConfig(source: server.hubURL, device: "phone"), transport: transport,
                shallow: true)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + ".device"))
    }
}
