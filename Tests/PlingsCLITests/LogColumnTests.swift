import PlingsTestSupport
import Testing

/// `plings log` pads its seq column to the width of the log's last seq, read from the file's
/// end before streaming: the longest line the log allows must still be found there.
@Suite("The seq column of plings log, on logs whose last line is long")
struct LogColumnTests {
    let dir = TemporaryDirectory()

    /// Ten `created` lines by hand, the tenth (object `long`) exactly `lastLineBytes` long with its newline.
    func writeLog(lastLineBytes: Int, torn: Int = 0) -> String {
        let log = dir.file("plings.jsonl")
        var bytes: [UInt8] = []
        var prev = Digest.zero
        for seq in Int64(1)...9 {
            let event = Event(seq: seq, at: Timestamp(milliseconds: seq), payload: .created(oid("o\(seq)"), name: "O"))
            prev = LineFormat.encode(event, prev: prev, appendingTo: &bytes)
        }
        func last(_ nameBytes: Int) -> [UInt8] {
            let name = String(repeating: "x", count: nameBytes)
            let event = Event(seq: 10, at: Timestamp(milliseconds: 10), payload: .created(oid("long"), name: name))
            return LineFormat.encode(event, prev: prev).bytes
        }
        let short = last(1).count
        let line = last(1 + lastLineBytes - short)
        #expect(line.count == lastLineBytes)
        // A torn tail: the start of a line a writer did not finish.
        writeBytes(bytes + line + Array(line.prefix(torn)), to: log)
        return log
    }

    @Test(
        "a last line of the longest length allowed, alone or before a torn tail, still sets the width (#1 is padded under #10)",
        arguments: [0, 3000])
    func longestLastLine(torn: Int) {
        let log = writeLog(lastLineBytes: LineFormat.maxLineBytes, torn: torn)
        if torn == 0 { #expect(plings(["verify"], log: log).status == 0) }
        let lines = plings(["log", "--lang", "en"], log: log).out.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(
            lines.first?.hasPrefix("#1   ") == true && lines.last?.hasPrefix("#10  ") == true, "\(lines.first ?? "")")
    }

    @Test(
        "the lines before a damaged one are shown, as sentences and as JSON lines, before its error",
        arguments: [false, true])
    func linesBeforeADamagedOne(json: Bool) {
        let log = writeLog(lastLineBytes: 400)
        writeBytes(fileBytes(log) + Array("garbage\n".utf8), to: log)
        let run = plings(["log", "--lang", "en"] + (json ? ["--json"] : []), log: log)
        #expect(run.status != 0)
        #expect(run.out.split(separator: "\n").count == 10, "\(run.out)")
        #expect(run.err.contains(":11"), "\(run.err)")
    }
}
