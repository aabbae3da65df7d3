import Foundation
import PlingsKit
import PlingsPlatform
import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsCLI

@Suite("apply's input read ahead on a second thread gives what reading on one thread gives")
struct ParseAheadTests {
    private func describe(_ parsed: Result<CommandJSON.Line, CommandJSON.Reason>) -> String {
        switch parsed {
        case .success(let line): "\(line.request) \(line.commandID ?? "-")"
        case .failure(let reason): "refused: \(reason.text)"
        }
    }

    /// Every line seen (until `stopAt`, if any) and the end, read ahead or on this thread.
    private func read(_ path: String, ahead: Bool, chunk: Int, limit: Int, stopAt: Int?) throws -> [String] {
        let fd = try Platform.open(path, .readOnly)
        defer { fd.close() }
        var reader = LineReader(fd: fd, limit: limit)
        reader.chunkSize = chunk
        let text = Catalog(.en)
        var seen: [String] = []
        let body = { (number: Int, parsed: Result<CommandJSON.Line, CommandJSON.Reason>) -> Bool in
            seen.append("\(number): \(self.describe(parsed))")
            return number != stopAt
        }
        let end: LineReader.End
        if ahead {
            end = try ParseAhead.forEachLine(reader, text, body)
        } else {
            end = reader.forEachLine { number, bytes in body(number, CommandJSON.parse(bytes, text)) }
        }
        return seen + ["end: \(end)"]
    }

    @Test("lines, numbers, blank lines, CRLF, refusals, a line too long and an early stop, at any chunk size")
    func sameAsOneThread() throws {
        let dir = TemporaryDirectory()
        var rng = SplitMix64(seed: 5)
        let kinds = [
            #"{"command":"create","object":"o%d","name":"Låda %d"}"#, "", "\r", " \t ",
            #"{"command":"seen","object":"o%d"}"# + "\r",
            #"{"command":"place","object":"o%d","relation":"in","target":"o1","axes":"both"}"#, #"{"command":"hop"}"#,
            "not json %d", #"{"command":"undo","seq":%d}"#,
        ]
        for round in 0..<12 {
            var text = ""
            let count = Int.random(in: 1..<6000, using: &rng)
            for k in 0..<count {
                text += kinds[Int.random(in: 0..<kinds.count, using: &rng)].replacingOccurrences(of: "%d", with: "\(k)")
                if round % 3 == 1 && k == count / 2 { text += String(repeating: "x", count: 300) }
                text += "\n"
            }
            if round % 2 == 0 { text += #"{"command":"seen","object":"last"}"# }  // no final newline
            let path = dir.file("in-\(round).jsonl")
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let chunk = [64, 257, 4096, 1 << 20][round % 4]
            let stopAt: Int? = round % 4 == 3 ? count / 3 + 1 : nil
            let one = try read(path, ahead: false, chunk: chunk, limit: 200, stopAt: stopAt)
            let two = try read(path, ahead: true, chunk: chunk, limit: 200, stopAt: stopAt)
            #expect(one == two, "round \(round)")
            #expect(one.count > 1)
        }
    }

    @Test("lines arriving through a pipe are taken as they come: the caller hears before each read")
    func slowPipe() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let fd = FileDescriptor(rawValue: pipe.fileHandleForReading.fileDescriptor)
        writer.write(Data(#"{"command":"seen","object":"a"}"#.utf8 + [0x0A]))
        var seen: [Int] = []
        var readsAfter: [Int] = []
        let end = try LineReader(fd: fd, limit: 1000).forEachLine(
            afterRead: {
                readsAfter.append(seen.count)
                // The first line was taken before the second was even written.
                if seen == [1] && readsAfter == [1] {
                    writer.write(Data(#"{"command":"seen","object":"b"}"#.utf8 + [0x0A]))
                    try writer.close()
                }
                return true
            }
        ) { number, _ in
            seen.append(number)
            return true
        }
        #expect(seen == [1, 2])
        #expect(readsAfter.first == 1)
        #expect(end == .endOfInput)
    }
}
