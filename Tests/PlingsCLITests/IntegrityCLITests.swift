import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// Lines of a log file, each with its `\n` (found by the log's own search: a byte loop in a debug
/// build takes seconds over the megabytes of the larger logs).
func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var start = 0
    while start < bytes.count, let end = LineSplit.firstEnd(in: bytes[start...]) {
        out.append(Array(bytes[start...end]))
        start = end + 1
    }
    if start < bytes.count { out.append(Array(bytes[start...])) }
    return out
}

@Suite("verify and head: tampering is caught")
struct IntegrityCLITests {
    let dir = TemporaryDirectory()

    func makeLog() -> String {
        let log = dir.file("plings.jsonl")
        for a in Saltsjon.cliArguments { _ = plings(a, log: log) }
        return log
    }

    func verify(_ log: String, _ extra: [String] = []) throws -> (Int32, [String: Any]) {
        let run = plings(["verify", "--json"] + extra, log: log)
        return (run.status, try cardJSON(run.out))
    }

    @Test("an intact log verifies, and head prints SEQ:HASH that verify --expect accepts")
    func intact() throws {
        let log = makeLog()
        let (status, report) = try verify(log)
        #expect(status == 0 && report["ok"] as? Bool == true && report["lines"] as? Int == 11)
        let head = plings(["head"], log: log).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(head.hasPrefix("11:") && head.count == 3 + 64)
        #expect(try verify(log, ["--expect", head]).0 == 0)
        _ = plings(["create", "more", "Mer"], log: log)
        #expect(try verify(log, ["--expect", head]).0 == 0, "a longer log still extends the head")
    }

    @Test("an edited line is caught, even when the edit keeps the JSON valid")
    func edit() throws {
        let log = makeLog()
        var text = String(decoding: fileBytes(log), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"name\":\"Bord\"", with: "\"name\":\"Bänk\"")
        writeBytes(Array(text.utf8), to: log)
        let (status, report) = try verify(log)
        #expect(status == 1)
        let problem = report["problem"] as? [String: Any] ?? [:]
        #expect(problem["line"] as? Int == 5 && problem["seq"] as? Int == 5)
        #expect((problem["message"] as? String ?? "").contains("does not match its own hash"))
    }

    @Test("a deleted line is caught at the line after the gap")
    func deletion() throws {
        let log = makeLog()
        var l = lines(fileBytes(log))
        l.remove(at: 6)
        writeBytes(l.flatMap { $0 }, to: log)
        let (status, report) = try verify(log)
        #expect(status == 1)
        #expect((report["problem"] as? [String: Any])?["line"] as? Int == 7)
    }

    @Test("two swapped lines are caught")
    func reorder() throws {
        let log = makeLog()
        var l = lines(fileBytes(log))
        l.swapAt(3, 4)
        writeBytes(l.flatMap { $0 }, to: log)
        #expect(try verify(log).0 == 1)
    }

    @Test("a truncation of whole lines is caught against an exported head")
    func truncation() throws {
        let log = makeLog()
        let head = plings(["head"], log: log).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let l = lines(fileBytes(log))
        writeBytes(l.dropLast(2).flatMap { $0 }, to: log)
        #expect(try verify(log).0 == 0, "a shorter log is consistent in itself")
        let (status, report) = try verify(log, ["--expect", head])
        #expect(status == 1)
        #expect((report["expect"] as? [String: Any])?["matched"] as? Bool == false)
    }

    @Test("a chain rewritten from some line on is caught against an exported head")
    func rewrite() throws {
        let log = makeLog()
        let head = plings(["head"], log: log).out.trimmingCharacters(in: .whitespacesAndNewlines)
        // Re-encode the whole log with one name changed: a consistent chain, but another one.
        let decoded = try ChainChecker.checkAll(fileBytes(log)).lines
        var prev = Digest.zero
        var bytes: [UInt8] = []
        for var line in decoded.map(\.event) {
            if case .created(let id, "Bord") = line.payload { line.payload = .created(id, name: "Bänk") }
            let encoded = LineFormat.encode(line, prev: prev)
            bytes += encoded.bytes
            prev = encoded.hash
        }
        writeBytes(bytes, to: log)
        #expect(try verify(log).0 == 0)
        #expect(try verify(log, ["--expect", head]).0 == 1)
    }

    @Test("a torn tail is reported by verify as a warning, not an error")
    func tornTail() throws {
        let log = makeLog()
        let bytes = fileBytes(log)
        writeBytes(Array(bytes.dropLast(20)), to: log)
        let (status, report) = try verify(log)
        #expect(status == 0)
        #expect(report["tornTail"] is [String: Any])
        #expect(report["lines"] as? Int == 10)
    }

    @Test("concurrent CLI processes appending: no duplicate seq, no interleaved line, nothing lost")
    func concurrentProcesses() async throws {
        let log = makeLog()
        let writers = 4
        let each = 12
        let acknowledged = try await concurrentCreates(log: log, writers: writers, each: each, prefix: "p")
        #expect(acknowledged.count == writers * each)
        let checked = try ChainChecker.checkAll(fileBytes(log))
        #expect(checked.torn == nil)
        #expect(checked.lines.map(\.event.seq) == Array(1...Int64(11 + writers * each)))
        let created = checked.lines.map(\.event.payload.object.rawValue)
        for id in acknowledged { #expect(created.filter { $0 == id }.count == 1, "\(id)") }
    }
}
