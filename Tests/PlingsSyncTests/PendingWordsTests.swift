import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// A device's own queue is never blamed on "the peer" (issue 20, item 20): a queue edited by hand
/// says which line and which member, and that it is this device's file; a hub that gets such a
/// command names the member and why, in the reader's language.
@Suite("A damaged pending queue is blamed on the file; a bad command names its member")
struct PendingWordsTests {
    static let time = Timestamp(milliseconds: 1_900_000_000_000)

    /// A hub holding `box` and a device `d` cloned from it, with `cup` created on the device.
    func world(_ dir: TemporaryDirectory) throws -> (hub: String, device: Device, transport: LocalTransport) {
        let hub = dir.file("hub.jsonl")
        try Store(path: hub).execute(.create(oid("box"), name: "Box"))
        let transport = try LocalTransport(hubPath: hub)
        let (device, _) = try Device.clone(
            logPath: dir.file("d.jsonl"), config: DeviceConfig(source: hub, device: "d"), transport: transport)
        try device.enqueue([.create(oid("cup"), name: "Cup")], at: Self.time)
        return (hub, device, transport)
    }

    @Test("each member of a command that is missing, not taken or invalid is named, with why")
    func membersNamed() throws {
        let cases: [(WireCommand, String, CommandMemberProblem, String)] = [
            (
                WireCommand(kind: "place", object: "cup", relation: "in", target: "box"), "axes", .missing,
                "a 'place' command without its 'axes'"
            ),
            (
                WireCommand(kind: "seen", object: "cup", name: "Cup"), "name", .notTaken,
                "a 'seen' command with 'name', which it does not take"
            ),
            (
                WireCommand(kind: "place", object: "cup", relation: "sideways", target: "box", axes: ["current"]),
                "relation", .unknown, "a 'place' command whose 'relation' is not one Plings knows"
            ),
            (
                WireCommand(kind: "place", object: "cup", relation: "in", target: "box", axes: ["up"]), "axes",
                .unknown,
                "a 'place' command whose 'axes' is not one Plings knows"
            ),
            (
                WireCommand(kind: "create", object: "no id!", name: "Cup"), "object", .notAnID,
                "a 'create' command whose 'object' is not a valid id"
            ),
            (
                WireCommand(kind: "rename", object: "cup", name: String(repeating: "x", count: 5000)), "name",
                .tooLong(limit: 4096), "a 'rename' command whose 'name' is longer than 4096 bytes"
            ),
            (
                WireCommand(kind: "restore", object: "cup", target: "box"), "relation", .missing,
                "a 'restore' command without its 'relation'"
            ),
            (
                WireCommand(kind: "fly", object: "cup"), "kind", .unknown,
                "a 'fly' command whose 'kind' is not one Plings knows"
            ),
        ]
        for (wire, member, problem, words) in cases {
            let expected = SyncError.badCommand(kind: wire.kind, member: member, problem: problem)
            #expect(throws: expected) { _ = try wire.command() }
            #expect(
                expected.message(.en).hasPrefix(words + ": the command cannot be carried"), "\(expected.message(.en))")
            #expect(!expected.message(.en).contains("invalid members"))
            #expect(expected.message(.sv).contains("kommandot kan inte bäras"))
        }
        #expect(
            SyncError.badCommand(kind: "place", member: "axes", problem: .missing).message(.sv)
                .hasPrefix("ett 'place'-kommando utan sitt 'axes'"))
        // The commands Plings makes are read back as they were.
        for command in [
            Command.create(oid("cup"), name: "Cup"), .rename(oid("cup"), name: "Mug"), .returnHome(oid("cup")),
            .seen(oid("cup")), .archive(oid("cup"), note: "gone", withContents: true),
            .archive(oid("cup"), note: nil, withContents: false),
            .place(Placement(object: oid("cup"), relation: .on, target: nil, axes: .current)),
            .restore(oid("cup"), relation: .in, target: oid("box")), .restore(oid("cup"), relation: .in, target: nil),
        ] {
            #expect(try WireCommand(command)?.command() == command)
        }
    }

    @Test("a queued command edited by hand: sync names the line and the member, blames the file; nothing sent")
    func editedCommand() throws {
        let dir = TemporaryDirectory()
        let (hub, device, transport) = try world(dir)
        let queue = device.logPath + ".pending"
        let edited = String(decoding: fileBytes(queue), as: UTF8.self).replacingOccurrences(
            of: #"{"kind":"create","name":"Cup","object":"cup"}"#,
            with: #"{"kind":"place","object":"cup","relation":"in","target":"box"}"#)
        writeBytes(Array(edited.utf8), to: queue)
        let (hubBefore, queueBefore) = (fileBytes(hub), fileBytes(queue))
        let expected = SyncError.pendingDamaged(
            path: queue, line: 2, problem: .badCommand(kind: "place", member: "axes", problem: .missing))
        #expect(throws: expected) {
            _ = try SyncClient(device: try Device(logPath: device.logPath), transport: transport).sync()
        }
        #expect(fileBytes(hub) == hubBefore && fileBytes(queue) == queueBefore)
        let en = expected.message(.en)
        #expect(
            en.hasPrefix(
                "the pending queue '\(queue)' is damaged at line 2: a 'place' command without its 'axes'; it is this "
                    + "device's own file, not the hub's doing"), "\(en)")
        #expect(!en.contains("peer"))
        let sv = expected.message(.sv)
        #expect(
            sv.hasPrefix(
                "den väntande kön '\(queue)' är skadad på rad 2: ett 'place'-kommando utan sitt 'axes'; det är den "
                    + "här enhetens egen fil"), "\(sv)")
        // The hub, given such a command all the same, names the member too (in its answer's words).
        let pushed = SyncProtocol.Pushed(
            dseq: 1, dat: Self.time.description, seen: 0,
            command: WireCommand(kind: "place", object: "cup", relation: "in", target: "box"))
        let answer = try SyncHub(path: hub).respond(
            to: SyncMessage(SyncProtocol.Header(op: "push", protocol: 1, device: "d"), body: [SyncLines.line(pushed)])
                .bytes)
        #expect(String(decoding: answer, as: UTF8.self).contains("a 'place' command without its 'axes'"))
        #expect(fileBytes(hub) == hubBefore)
    }

    @Test("a queue line that is not JSON, or a header edited: the file and its line are named, never the peer")
    func damagedLines() throws {
        let dir = TemporaryDirectory()
        let (_, device, _) = try world(dir)
        let queue = device.logPath + ".pending"
        let good = fileBytes(queue)
        for (bytes, line) in [
            (Array(#"{"next":1,"pending":1}"#.utf8) + [0x0A] + Array("{not json\n".utf8), 2),
            (Array(#"{"next":1,"pending":2}"#.utf8) + [0x0A], 1),
            (Array(#"{"next":0,"pending":1}"#.utf8) + [0x0A], 1),
        ] {
            writeBytes(bytes, to: queue)
            do {
                _ = try PendingQueue.load(forLog: device.logPath)
                Issue.record("read a damaged queue")
            } catch {
                guard case .pendingDamaged(let path, let at, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(path == queue && at == line)
                for language in [Language.en, .sv] {
                    let words = error.message(language)
                    #expect(!words.contains("peer") && !words.contains("motpart"), "\(words)")
                    #expect(
                        words.contains(language == .en ? "it is this device's own file" : "den här enhetens egen fil"))
                }
            }
        }
        writeBytes(good, to: queue)
        #expect(try PendingQueue.load(forLog: device.logPath).entries.count == 1)
    }

    @Test("a symbolic link as the queue is named as the file it is, in both languages, and not opened")
    func linkedQueue() throws {
        let dir = TemporaryDirectory()
        let (_, device, _) = try world(dir)
        let queue = device.logPath + ".pending"
        let elsewhere = dir.file("elsewhere.pending")
        try FileManager.default.moveItem(atPath: queue, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: queue, withDestinationPath: elsewhere)
        let before = fileBytes(elsewhere)
        for (language, words) in [
            ("en", "'\(queue)' is not a regular file (a symbolic link, a FIFO, a device or a folder)"),
            ("sv", "'\(queue)' är ingen vanlig fil (en symbolisk länk, en FIFO, en enhet eller en mapp)"),
        ] {
            for command in [["sync"], ["pending"], ["create", "pot", "Pot"]] {
                let run = try BuiltPlings.run(["--log", device.logPath] + command, env: ["PLINGS_LANG": language])
                #expect(run.status == 1)
                #expect(run.errors.contains(words), "\(command): \(run.errors)")
                #expect(!run.errors.contains("peer") && !run.errors.contains("motpart"))
            }
        }
        #expect(fileBytes(elsewhere) == before)
    }
}
