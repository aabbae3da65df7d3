import Foundation
import PlingsKit
import PlingsSync
import PlingsTestSupport
import PlingsText
import Testing

/// A shallow device's base across snapshot formats: a base (or a hub's published snapshot) in
/// format 9 — what Plings published before the loans came with format 10 — is still read, to the
/// same world; one in a format this build does not read says so and what to do, in both languages,
/// instead of "missing or damaged".
///
/// Fixtures: `Fixtures/saltsjon-published-v9.bin` is the snapshot a format-9 Plings published
/// (`plings rebuild`, packed) for the example log events/saltsjon.jsonl; the unpacked snapshots of
/// formats 8 and 9 are PlingsKitTests' fixtures of the same world.
@Suite("A shallow device's base in an older snapshot format: read, or a clear word to clone again")
struct BaseFormatTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ path: String) -> [UInt8] { fileBytes(root.appendingPathComponent(path).path) }
    static let publishedV9 = fixture("Tests/PlingsSyncTests/Fixtures/saltsjon-published-v9.bin")

    let dir = TemporaryDirectory()
    var hubPath: String { dir.file("hub.jsonl") }

    /// The example log as a hub that published `published` before this build (no rebuild since).
    func makeHub(published: [UInt8]) {
        writeBytes(Self.fixture("events/saltsjon.jsonl"), to: hubPath)
        writeBytes(published, to: PublishedSnapshot.path(forLog: hubPath))
    }

    func shallowClone(_ name: String) throws -> Device {
        try Device.clone(
            logPath: dir.file(name), config: DeviceConfig(source: hubPath, device: "phone"),
            transport: LocalTransport(hubPath: hubPath), shallow: true
        ).0
    }

    @Test("the committed format-9 fixture is a packed published snapshot of format 9")
    func fixtureIsFormat9() {
        #expect(!Self.publishedV9.isEmpty, "the fixture is missing")
        #expect(PackedSnapshot.isPacked(Self.publishedV9))
        #expect(PublishedSnapshot.formatVersion(Self.publishedV9) == 9)
        #expect(Snapshot.formatVersion > 9, "this build writes a newer format than the fixture's")
    }

    @Test("a hub's format-9 snapshot is served, and a device cloned from it reads the hub's world")
    func format9Read() throws {
        makeHub(published: Self.publishedV9)
        let phone = try shallowClone("phone.jsonl")
        let hubState = try Store(path: hubPath, useSnapshots: false).state
        #expect(phone.base?.lastSeq == hubState.lastSeq)
        #expect(fileBytes(LogBase.path(forLog: phone.logPath)) == Self.publishedV9)
        #expect(try phone.mirror.state == hubState)
        #expect(try Device(logPath: phone.logPath).mirror.state == hubState)
        #expect(LogVerification.check(path: phone.logPath).isSound)
        // The device goes on from it: the hub's new lines and its own commands, replayed on the base's world.
        try Store(path: hubPath).execute(.create(oid("later"), name: "Later"), actor: "hub")
        _ = try phone.enqueue(
            [.create(oid("phone-made"), name: "Phone")], at: Timestamp(milliseconds: 1_900_000_000_000))
        let report = try SyncClient(device: phone, transport: LocalTransport(hubPath: hubPath)).sync()
        #expect(report.accepted == 1 && report.pulled == 2)
        let after = try Store(path: hubPath, useSnapshots: false).state
        #expect(try Device(logPath: phone.logPath).mirror.state == after)
    }

    @Test("an unpacked base of format 9 reads; one of format 8 says to clone again, in both languages")
    func olderFormats() throws {
        makeHub(published: Self.publishedV9)
        let phone = try shallowClone("phone.jsonl")
        let basePath = LogBase.path(forLog: phone.logPath)
        let hubState = try Store(path: hubPath, useSnapshots: false).state
        writeBytes(Self.fixture("Tests/PlingsKitTests/Fixtures/snapshot-v9.bin"), to: basePath)
        #expect(try Device(logPath: phone.logPath).mirror.state == hubState)
        writeBytes(Self.fixture("Tests/PlingsKitTests/Fixtures/snapshot-v8.bin"), to: basePath)
        let error = LogError.baseFormat(path: basePath, version: 8, newest: Int(Snapshot.formatVersion))
        #expect(throws: SyncError.store(.log(error))) { try Device(logPath: phone.logPath) }
        #expect(LogVerification.check(path: phone.logPath).problem == error)
        let en = Catalog(.en).message(error)
        let sv = Catalog(.sv).message(error)
        #expect(en.contains("snapshot format 8") && en.contains("clone the hub again"), "\(en)")
        #expect(en.contains("plings pending --move-to"), "\(en)")
        #expect(sv.contains("ögonblicksbildsformat 8") && sv.contains("klona navet igen"), "\(sv)")
    }

    @Test("a base of a newer format than this build reads says to upgrade; a damaged one stays damaged")
    func newerAndDamaged() throws {
        makeHub(published: Self.publishedV9)
        let phone = try shallowClone("phone.jsonl")
        let basePath = LogBase.path(forLog: phone.logPath)
        // The packed base with its snapshot's format word raised, every seal made right again (as a later
        // Plings would have written it, as far as its header goes).
        var newer = Self.publishedV9
        let innerStart = try #require(Self.innerHeaderStart(newer))
        let version = Snapshot.formatVersion + 1
        withUnsafeBytes(of: version.littleEndian) {
            newer.replaceSubrange((innerStart + 8)..<(innerStart + 12), with: $0)
        }
        newer = PackedSnapshot.resealed(newer)
        writeBytes(newer, to: basePath)
        let error = LogError.baseFormat(path: basePath, version: Int(version), newest: Int(Snapshot.formatVersion))
        #expect(throws: SyncError.store(.log(error))) { try Device(logPath: phone.logPath) }
        #expect(Catalog(.en).message(error).contains("upgrade Plings"))
        #expect(Catalog(.sv).message(error).contains("uppgradera Plings"))
        // A byte changed without the seal made right: damaged, whatever format it claims.
        var damaged = Self.publishedV9
        damaged[innerStart + 8] ^= 0x40
        writeBytes(damaged, to: basePath)
        #expect(LogVerification.check(path: phone.logPath).problem == .damagedBase(path: basePath))
    }

    /// Where the snapshot's own header starts inside a packed file: after the pack's sealed header
    /// and its block table (the pack's header names the block count just before its two checksums).
    static func innerHeaderStart(_ packed: [UInt8]) -> Int? {
        let checksumOffset = PackedSnapshot.checksumOffset
        guard packed.count > checksumOffset + 8 else { return nil }
        let blocks = packed.withUnsafeBytes {
            Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: checksumOffset - 16, as: UInt64.self)))
        }
        let start = checksumOffset + 8 + 8 * blocks
        return packed[start...].starts(with: Array("PLNGSNAP".utf8)) ? start : nil
    }
}
