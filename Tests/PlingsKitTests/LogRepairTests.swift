import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `plings repair` (LogRepair): a damaged end set aside whole, never deleted, and the log cut
/// back to the line boundary before it only after the set-aside copy is durable.
@Suite("LogRepair: a way back from a damaged log")
struct LogRepairTests {
    /// A log of `count` things, made one command per line, and its bytes.
    func makeLog(_ path: String, count: Int = 8) throws -> [UInt8] {
        let store = try makeStore(path)
        for i in 1...count { try store.execute(.create(oid("t\(i)"), name: "Sak \(i)")) }
        return fileBytes(path)
    }

    /// Where line `number` (from 1) starts.
    func lineStart(_ bytes: [UInt8], _ number: Int) -> Int {
        number == 1 ? 0 : bytes.indices.filter { bytes[$0] == 0x0A }[number - 2] + 1
    }

    /// `bytes` with the name "Sak N" on line `number` changed by hand, as sed would.
    func editedByHand(_ bytes: [UInt8], line number: Int) throws -> [UInt8] {
        var edited = bytes
        let start = lineStart(bytes, number)
        let sak = try #require((start..<bytes.count).first { bytes[$0] == UInt8(ascii: "S") && bytes[$0 + 1] == 0x61 })
        edited[sak] = UInt8(ascii: "R")
        return edited
    }

    @Test("a line edited by hand: everything from it set aside whole, the lines before kept", arguments: [1, 4, 8])
    func editedLine(_ number: Int) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let edited = try editedByHand(try makeLog(path), line: number)
        writeBytes(edited, to: path)
        let cut = lineStart(edited, number)

        guard case .wouldRepair(let dry) = try LogRepair.run(path: path, dryRun: true) else {
            Issue.record("a dry run plans a repair")
            return
        }
        #expect(fileBytes(path) == edited, "a dry run changes nothing")
        #expect(!FileManager.default.fileExists(atPath: dry.asidePath))

        guard case .repaired(let plan, let reused) = try LogRepair.run(path: path, dryRun: false) else {
            Issue.record("the damaged log is repaired")
            return
        }
        #expect(plan == dry && !reused)
        #expect(plan.firstLine == number && plan.kept.lines == number - 1 && plan.kept.offset == Int64(cut))
        #expect(plan.lines == 8 - number + 1 && plan.bytes == Int64(edited.count - cut))
        #expect(plan.seqs == Int64(number)...8)
        #expect(plan.asidePath.hasPrefix(path + ".set-aside-\(number)-"))
        // Nothing is lost: the kept prefix and the set-aside file are the file as it was.
        #expect(fileBytes(path) == Array(edited[..<cut]))
        #expect(fileBytes(plan.asidePath) == Array(edited[cut...]))
        let check = LogVerification.check(path: path)
        #expect(check.isSound && check.lines == number - 1)
        // The set-aside events are commands to decide again, the edited name as it now reads.
        let commands = String(decoding: fileBytes(try #require(plan.commandsPath)), as: UTF8.self)
        #expect(commands.split(separator: "\n").count == 8 - number + 1)
        #expect(commands.hasPrefix("{\"command\":\"create\",\"object\":\"t\(number)\",\"name\":\"Rak \(number)\""))
        #expect(commands.contains("\"cid\":\"set-aside-\(number)-"))
        // A log that verifies is never touched again.
        #expect(try LogRepair.run(path: path, dryRun: false) == .sound(torn: nil))
    }

    @Test("a damaged line inside a batch: the whole batch is set aside, from its first line")
    func insideBatch() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let store = try makeStore(path)
        try store.execute(.create(oid("a"), name: "Sak A"))
        try store.execute(.create(oid("b"), name: "Sak B"))
        _ = try store.executeBatch(
            [.create(oid("c"), name: "Sak C"), .create(oid("d"), name: "Sak D"), .create(oid("e"), name: "Sak E")],
            policy: .stop)
        let edited = try editedByHand(fileBytes(path), line: 4)
        writeBytes(edited, to: path)
        guard case .repaired(let plan, _) = try LogRepair.run(path: path, dryRun: false) else {
            Issue.record("repaired")
            return
        }
        #expect(plan.kept.lines == 2 && plan.firstLine == 3 && plan.lines == 3)
        #expect(fileBytes(path) == Array(edited[..<lineStart(edited, 3)]))
        #expect(LogVerification.check(path: path).isSound)
    }

    @Test("a torn tail alone is not damage; after damage it is set aside with the rest")
    func tornTail() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let bytes = try makeLog(path, count: 3)
        let torn = bytes + Array("{\"at\":\"20".utf8)
        writeBytes(torn, to: path)
        guard case .sound(let tail) = try LogRepair.run(path: path, dryRun: false) else {
            Issue.record("a torn tail alone is sound")
            return
        }
        #expect(tail?.length == 9)
        #expect(fileBytes(path) == torn)

        let damaged = try editedByHand(bytes, line: 2) + Array("{\"at\":\"20".utf8)
        writeBytes(damaged, to: path)
        guard case .repaired(let plan, _) = try LogRepair.run(path: path, dryRun: false) else {
            Issue.record("repaired")
            return
        }
        #expect(plan.lines == 3 && plan.commands.count == 2 && plan.notCommands == 1)
        #expect(fileBytes(plan.asidePath) == Array(damaged[lineStart(damaged, 2)...]))
    }

    @Test("killed after the copy and before the cut: run again, the copy is kept and the log cut")
    func killedBetweenSteps() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let edited = try editedByHand(try makeLog(path), line: 5)
        writeBytes(edited, to: path)
        guard case .wouldRepair(let plan) = try LogRepair.run(path: path, dryRun: true) else {
            Issue.record("planned")
            return
        }
        // What a kill -9 leaves: the set-aside file whole (renamed into place), a stray partial copy,
        // the log not cut yet.
        writeBytes(Array(edited[Int(plan.kept.offset)...]), to: plan.asidePath)
        writeBytes(Array("half a co".utf8), to: plan.asidePath + ".partial")
        guard case .repaired(let again, let reused) = try LogRepair.run(path: path, dryRun: false) else {
            Issue.record("repaired")
            return
        }
        #expect(reused && again == plan)
        #expect(fileBytes(path) == Array(edited[..<Int(plan.kept.offset)]))
        #expect(fileBytes(plan.asidePath) == Array(edited[Int(plan.kept.offset)...]))
        #expect(!FileManager.default.fileExists(atPath: plan.asidePath + ".partial"))

        // A set-aside name that holds other bytes: nothing changes.
        writeBytes(edited, to: path)
        writeBytes(Array("something else\n".utf8), to: plan.asidePath)
        #expect(try LogRepair.run(path: path, dryRun: false) == .asideTaken(plan))
        #expect(fileBytes(path) == edited)
    }

    @Test("a device's mirror is never repaired: it is cloned again")
    func device() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        let edited = try editedByHand(try makeLog(path, count: 3), line: 2)
        writeBytes(edited, to: path)
        writeBytes(Array("{}".utf8), to: path + ".device")
        #expect(try LogRepair.run(path: path, dryRun: false) == .mirror)
        #expect(fileBytes(path) == edited)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().allSatisfy {
                !$0.contains("set-aside")
            })
    }
}
