import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// One stored snapshot per format version, byte for byte: the snapshot of the
/// example log events/saltsjon.jsonl, replayed, must encode to exactly the
/// committed Tests/PlingsKitTests/Fixtures/snapshot-v<formatVersion>.bin, and
/// that file must decode to the same world. A change to the layout must bump
/// `Snapshot.formatVersion` and add a new fixture (older snapshots are then
/// ignored, never misread). `PLINGS_UPDATE_FIXTURES=1 swift test --filter
/// SnapshotFixtureTests` writes the fixture of the current version when it is missing.
@Suite("A stored snapshot, byte for byte, per format version")
struct SnapshotFixtureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = root.appendingPathComponent(
        "Tests/PlingsKitTests/Fixtures/snapshot-v\(Snapshot.formatVersion).bin"
    ).path

    /// The example log replayed from a copy (so no cache folder appears beside events/).
    static func replayedExample() throws -> Snapshot {
        let dir = TemporaryDirectory()
        let copy = dir.file("saltsjon.jsonl")
        writeBytes(fileBytes(root.appendingPathComponent("events/saltsjon.jsonl").path), to: copy)
        let point = try Timeline(path: copy, useSnapshots: false).state()
        return Snapshot(state: point.state, cursor: point.cursor)
    }

    @Test("the Saltsjön world's snapshot is byte for byte the committed fixture of this format version")
    func byteExact() throws {
        let encoded = try Self.replayedExample().encoded()
        if ProcessInfo.processInfo.environment["PLINGS_UPDATE_FIXTURES"] == "1",
            !FileManager.default.fileExists(atPath: Self.fixture)
        {
            writeBytes(encoded, to: Self.fixture)
        }
        let stored = fileBytes(Self.fixture)
        try #require(
            !stored.isEmpty,
            """
            \(Self.fixture) is missing: a new snapshot format version needs its fixture \
            (PLINGS_UPDATE_FIXTURES=1 swift test --filter SnapshotFixtureTests writes it)
            """)
        let firstDifference = zip(encoded, stored).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(
            encoded == stored,
            """
            the snapshot encoding changed (\(encoded.count) bytes, fixture \(stored.count), first difference at \
            \(firstDifference.map(String.init) ?? "the end")): a change to the snapshot layout must bump \
            Snapshot.formatVersion (now \(Snapshot.formatVersion)) and add Fixtures/snapshot-v<new version>.bin; \
            keep the old fixtures
            """)
    }

    @Test("the committed fixture decodes to the replayed world and cursor")
    func decodesToTheWorld() throws {
        let replayed = try Self.replayedExample()
        let decoded = try #require(Snapshot.decode(fileBytes(Self.fixture)), "\(Self.fixture) does not decode")
        #expect(decoded.state == replayed.state)
        #expect(decoded.cursor == replayed.cursor)
    }

    @Test("the committed fixture as the example log's head snapshot gives every card, read in place")
    func cardsReadInPlace() throws {
        let dir = TemporaryDirectory()
        let copy = dir.file("saltsjon.jsonl")
        writeBytes(fileBytes(Self.root.appendingPathComponent("events/saltsjon.jsonl").path), to: copy)
        _ = try Rebuild(path: copy).run(dryRun: false)
        let head = try #require(SnapshotCache(logPath: copy).entries().last)
        writeBytes(fileBytes(Self.fixture), to: head.path)
        let state = try Self.replayedExample().state
        for x in state.registry.indices {
            #expect(HeadCard.answer(state.registry.id(x), logPath: copy) == .card(Card(x, state: state)))
        }
    }

    @Test("a fixture of another format version is refused, not misread")
    func otherVersionRefused() throws {
        var bytes = fileBytes(Self.fixture)
        try #require(bytes.count > 12)
        #expect(Snapshot.decode(Snapshot.resealed(bytes)) != nil, "resealing alone changes nothing")
        bytes[8] ^= 0xFF  // the version word follows the 8-byte magic
        // A valid header checksum, so only the version can refuse it.
        #expect(Snapshot.decode(Snapshot.resealed(bytes)) == nil)
    }
}
