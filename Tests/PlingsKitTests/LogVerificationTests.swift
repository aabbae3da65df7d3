import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@Suite("LogVerification: the verify check for an app")
struct LogVerificationTests {
    @Test("the example log is sound; its head is its last line; a changed byte is found at its line")
    func exampleAndTampered() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = fileBytes(root.appendingPathComponent("events/saltsjon.jsonl").path)
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        writeBytes(bytes, to: path)
        let sound = LogVerification.check(path: path)
        let lineCount = bytes.filter { $0 == 0x0A }.count
        #expect(sound.isSound)
        #expect(sound.lines == lineCount)
        #expect(sound.head.lastSeq == Int64(lineCount))
        #expect(sound.torn == nil)

        // A name's letter changed in the third line: its own hash no longer matches.
        var tampered = bytes
        let thirdLine = try #require(tampered.indices.filter { tampered[$0] == 0x0A }.dropFirst().first) + 1
        let quote = try #require(tampered[thirdLine...].firstIndex(of: UInt8(ascii: "\"")))
        tampered[quote + 1] ^= 0x01
        writeBytes(tampered, to: path)
        let bad = LogVerification.check(path: path)
        #expect(!bad.isSound)
        #expect(bad.lines == 2)
        #expect(bad.problem?.location?.line == 3)
    }

    @Test("a missing log is an empty, sound log")
    func missing() {
        let dir = TemporaryDirectory()
        let result = LogVerification.check(path: dir.file("none.jsonl"))
        #expect(result.isSound && result.lines == 0 && result.head.lastSeq == 0)
    }
}
