import Foundation
import PlingsPlatform
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// A mirror reached through a hard link in another folder (issue 20, item 2): the mirror carries a
/// mark of its own device and inode, which every name of the file shares and no copy has.
@Suite("A device's mirror is known by the file, whatever folder a hard link puts it in")
struct MirrorMarkTests {
    /// Whether this file system keeps extended attributes (the mark needs them).
    static var keepsAttributes: Bool {
        let dir = TemporaryDirectory()
        let path = dir.file("probe")
        writeBytes([0x0A], to: path)
        DeviceMark.mark(logPath: path)
        return DeviceMark.isMarked(logPath: path)
    }

    @Test(
        "a hard link to a mirror in another folder is refused as a hub, by clone and sync alike, in words",
        .enabled(if: keepsAttributes, "the file system keeps no extended attributes"))
    func hardLinkElsewhere() throws {
        let dir = TemporaryDirectory()
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let mirror = dir.file("d.jsonl")
        try #require(try BuiltPlings.run(["--log", mirror, "clone", hub, "--device", "d"]).status == 0)
        try FileManager.default.createDirectory(atPath: dir.file("elsewhere"), withIntermediateDirectories: false)
        let alias = dir.file("elsewhere/alias.jsonl")
        try FileManager.default.linkItem(atPath: mirror, toPath: alias)
        let before = fileBytes(mirror)
        #expect(throws: SyncError.mirrorNotAHub(alias)) { _ = try SyncHub(path: alias) }
        let clone = try BuiltPlings.run(["--log", dir.file("e.jsonl"), "clone", alias, "--device", "e"])
        #expect(clone.status == 1)
        #expect(clone.errors.contains("is a device's mirror of a hub, not a hub"), "\(clone.errors)")
        let sv = try BuiltPlings.run(
            ["--log", dir.file("f.jsonl"), "clone", alias, "--device", "f"], env: ["PLINGS_LANG": "sv"])
        #expect(sv.errors.contains("är en enhets spegel av en hubb, ingen hubb"), "\(sv.errors)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("e.jsonl")))
        // A sync of the device itself against the link: refused too, nothing appended anywhere.
        #expect(try BuiltPlings.run(["--log", mirror, "create", "evil", "Evil"]).status == 0)
        let sync = try BuiltPlings.run(["--log", mirror, "sync", alias])
        #expect(sync.status == 1 && sync.errors.contains("not a hub"), "\(sync.errors)")
        #expect(fileBytes(mirror) == before)
        // A copy is another file: no mark of its own, so it is a log like any other.
        let copy = dir.file("elsewhere/copy.jsonl")
        writeBytes(fileBytes(mirror), to: copy)
        #expect(!DeviceMark.isMirrorFile(logPath: copy))
    }

    @Test(
        "a mirror without its own mark gets it when the device is next opened",
        .enabled(if: keepsAttributes, "the file system keeps no extended attributes"))
    func markedOnOpen() throws {
        let dir = TemporaryDirectory()
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let (device, _) = try Device.clone(
            logPath: dir.file("d.jsonl"), config: DeviceConfig(source: hub, device: "d"),
            transport: try LocalTransport(hubPath: hub))
        #expect(DeviceMark.isMarked(logPath: device.logPath))
        // As a mirror cloned by an earlier build, or copied with its attributes: no mark of its own.
        try Platform.setAttribute(device.logPath, "user.plings.mirror", Array("0:0".utf8))
        #expect(!DeviceMark.isMarked(logPath: device.logPath))
        _ = try Device(logPath: device.logPath)
        #expect(DeviceMark.isMarked(logPath: device.logPath))
    }
}
