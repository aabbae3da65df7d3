import PlingsTestSupport
import Testing

@testable import PlingsKit

/// Every record of `bytes` as text cells with the line each starts on, read `chunk` bytes at a
/// time (all at once when nil).
func csvRecords(_ bytes: [UInt8], chunk: Int? = nil) throws(CSVProblem) -> [(line: Int, cells: [String])] {
    var reader: CSVReader
    if let chunk {
        var offset = 0
        reader = CSVReader { (raw: UnsafeMutableRawBufferPointer) throws(CSVProblem) -> Int in
            let n = min(chunk, raw.count, bytes.count - offset)
            for i in 0..<n { raw[i] = bytes[offset + i] }
            offset += n
            return n
        }
    } else {
        reader = CSVReader(bytes: bytes)
    }
    var out: [(Int, [String])] = []
    while try reader.next() {
        var cells: [String] = []
        for i in 0..<reader.count { cells.append(try reader.string(i)) }
        out.append((reader.line, cells))
    }
    return out
}

func csvRecords(_ text: String, chunk: Int? = nil) throws(CSVProblem) -> [(line: Int, cells: [String])] {
    try csvRecords(Array(text.utf8), chunk: chunk)
}

/// The problem reading `text` stops with, if any.
func csvProblem(_ bytes: [UInt8]) -> CSVProblem? {
    do {
        _ = try csvRecords(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("CSV: RFC 4180 in, RFC 4180 out")
struct CSVTests {
    static let sample =
        "id,name,container\r\n"
        + "a,\"Box, blue\",\r\n"
        + "b,\"Two\nlines\",a\r\n"
        + "c,\"Say \"\"hi\"\"\",\"behind,left-of\"\r\n"
        + "\r\n"
        + ",,\r\n"
        + "  d  ,\"  spaced  \",\"\"\n"
        + "e,last,b"

    @Test("quotes hold separators, line ends and doubled quotes; CRLF and LF end rows; blank rows are passed over")
    func rfc4180() throws {
        let records = try csvRecords(Self.sample)
        #expect(
            records.map(\.cells) == [
                ["id", "name", "container"],
                ["a", "Box, blue", ""],
                ["b", "Two\nlines", "a"],
                ["c", "Say \"hi\"", "behind,left-of"],
                ["d", "  spaced  ", ""],
                ["e", "last", "b"],
            ])
        // A row's line is where it starts: the quoted line end counts.
        #expect(records.map(\.line) == [1, 2, 3, 5, 8, 9])
    }

    @Test("the same records whatever the size of the pieces the input comes in", arguments: [1, 2, 3, 5, 7, 64])
    func pieces(_ chunk: Int) throws {
        let whole = try csvRecords(Self.sample).map(\.cells)
        #expect(try csvRecords(Self.sample, chunk: chunk).map(\.cells) == whole)
        #expect(try csvRecords(Self.sample, chunk: chunk).map(\.line) == [1, 2, 3, 5, 8, 9])
    }

    @Test("a UTF-8 byte-order mark is skipped; a UTF-16 one is refused")
    func byteOrderMarks() throws {
        #expect(
            try csvRecords([0xEF, 0xBB, 0xBF] + Array("id,name\nx,y\n".utf8)).map(\.cells) == [
                ["id", "name"], ["x", "y"],
            ])
        #expect(csvProblem([0xFF, 0xFE, 0x69, 0x00]) == .utf16)
        #expect(csvProblem([0xFE, 0xFF, 0x00, 0x69]) == .utf16)
    }

    @Test("the separator is a comma, or what a header without commas shows, or what a sep= line names")
    func separators() throws {
        #expect(try csvRecords("id;namn\nx;\"a;b\"\n").map(\.cells) == [["id", "namn"], ["x", "a;b"]])
        #expect(try csvRecords("id\tname\nx\ty\n").map(\.cells) == [["id", "name"], ["x", "y"]])
        #expect(try csvRecords("sep=;\r\nid;name\r\nx;y,z\r\n").map(\.cells) == [["id", "name"], ["x", "y,z"]])
        #expect(try csvRecords("sep=;\r\nid;name\r\nx;y\r\n").map(\.line) == [2, 3])
        #expect(try csvRecords("id,name;x\n1,2;3\n").map(\.cells) == [["id", "name;x"], ["1", "2;3"]])
        #expect(try csvRecords("\"a;b\",c\n").map(\.cells) == [["a;b", "c"]])
    }

    @Test(
        "input that is not CSV names its line and cell",
        arguments: [
            ("id,name\nx,ab\"c\n", CSVProblem.quoteInPlainCell(line: 2, cell: 2)),
            ("id,name\nx,\"ab\"c\n", .textAfterQuote(line: 2, cell: 2)),
            ("id,name\nx,y\nz,\"open\nand on\n", .unclosedQuote(line: 3, cell: 2)),
            ("id,name\rx,y\n", .loneCarriageReturn(line: 1)),
            ("id,name\nx,\"a\"\"\n", .unclosedQuote(line: 2, cell: 2)),
        ])
    func problems(_ text: String, _ expected: CSVProblem) {
        #expect(csvProblem(Array(text.utf8)) == expected)
    }

    @Test("a cell that is not UTF-8 is named by line and cell when it is read, and reading goes on")
    func invalidUTF8() throws {
        var reader = CSVReader(bytes: Array("id,name\nx,ok\ny,".utf8) + [0xC3, 0x28] + Array("\nz,fine\n".utf8))
        var seen: [String] = []
        var problem: CSVProblem?
        while try reader.next() {
            do throws(CSVProblem) {
                seen.append(try reader.string(1))
            } catch {
                problem = error
            }
        }
        #expect(seen == ["name", "ok", "fine"])
        #expect(problem == .invalidUTF8(line: 3, cell: 2))
    }

    @Test("a row longer than the limit stops the reading (an unclosed quote does not read on to memory's end)")
    func tooLong() {
        let text = "id,name\nx,\"" + String(repeating: "a", count: 3 * CSVReader.recordLimit)
        #expect(csvProblem(Array(text.utf8)) == .recordTooLong(line: 2, limit: CSVReader.recordLimit))
    }

    @Test("what the writer writes the reader reads back, cell for cell", arguments: 0..<40)
    func roundTrip(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let pieces = [
            "a", "Box", ",", "\"", "\"\"", "behind,left-of", " lead", "trail ", "\t", "\n", "\r\n", "Köksbordet", "日本",
            "📦", ";", "x y", "=1+2", "",
        ]
        var records: [[String]] = []
        for _ in 0..<Int.random(in: 1..<30, using: &rng) {
            let width = Int.random(in: 2..<7, using: &rng)
            records.append(
                (0..<width).map { _ in
                    (0..<Int.random(in: 0..<4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                        .joined()
                })
        }
        var text = ""
        for record in records { CSVWriter.record(record, to: &text) }
        // Rows whose every cell is empty are passed over by the reader, as blank lines are.
        let expected = records.filter { $0.contains { !$0.isEmpty } }
        #expect(try csvRecords(text).map(\.cells) == expected, "seed \(seed)")
        #expect(try csvRecords(text, chunk: 3).map(\.cells) == expected, "seed \(seed), 3 bytes at a time")
    }
}
