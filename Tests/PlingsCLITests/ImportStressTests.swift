import Foundation
import PlingsTestSupport
import Testing

/// A long import (more than one batch) cut short by a full disk or a kill, then finished by the
/// same import again. Long: PLINGS_STRESS only.
@Suite("Import of many rows, cut short and finished (PLINGS_STRESS=1)", .enabled(if: Stress.enabled), .serialized)
struct ImportStressTests {
    let dir = TemporaryDirectory()

    /// 250,000 rows: rooms, boxes in rooms, things in boxes or beside earlier things.
    func spreadsheet() -> String {
        var text = "id,name,container,relation\n"
        for r in 0..<100 { text += "r\(r),Room \(r),,\n" }
        for b in 0..<10_000 { text += "b\(b),Box \(b),r\(b % 100),in\n" }
        for t in 0..<239_900 {
            let (target, relation) = t > 0 && t % 3 == 0 ? ("t\(t / 2)", "next-to") : ("b\(t % 10_000)", "in")
            text += "t\(t),\"Thing \(t), small\",\(target),\(relation)\n"
        }
        return text
    }

    func shell(_ script: String, _ args: [String]) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script] + args
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("a full disk stops a long import after whole batches, says so, and the same import finishes it")
    func fileSizeLimit() throws {
        let csv = dir.file("things.csv")
        writeBytes(Array(spreadsheet().utf8), to: csv)
        let log = dir.file("log.jsonl")
        let cut = try shell(
            "ulimit -f 60000; exec \"$0\" import \"$1\" --log \"$2\" --lang en", [plingsBinary, csv, log])
        #expect(cut.status == 1)
        #expect(cut.err.contains("cannot write"), "\(cut.err)")
        #expect(cut.err.contains("were written, each whole; importing the same file again finishes the import"))
        #expect(plings(["verify"], log: log).status == 0)
        let again = plings(["import", csv], log: log)
        #expect(again.status == 0, "\(again.err)")
        let fresh = dir.file("fresh.jsonl")
        #expect(plings(["import", csv], log: fresh).status == 0)
        let world = { (log: String) in
            (try? cardJSON(plings(["fingerprint", "--json"], log: log).out)["world"] as? String) ?? nil
        }
        #expect(world(log) != nil && world(log) == world(fresh))
    }
}
