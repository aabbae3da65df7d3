import Foundation
import PlingsTestSupport
import Testing

/// Messages that said the wrong thing (issue 20, item 20): each says what is wrong and what to do,
/// in the reader's language.
@Suite("Plain words for what went wrong")
struct PlainWordsTests {
    @Test("apply --dry-run on a missing log says the run would start one, creates nothing", arguments: ["en", "sv"])
    func dryRunOnMissingLog(_ language: String) throws {
        let dir = TemporaryDirectory()
        let log = dir.file("none.jsonl")
        let input = dir.file("c.jsonl")
        writeBytes(Array("{\"command\":\"create\",\"object\":\"a\",\"name\":\"A\"}\n".utf8), to: input)
        let run = plings(["apply", "--dry-run", input], log: log, env: ["PLINGS_LANG": language])
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: log))
        if language == "en" {
            #expect(run.err.contains("there is no log at '\(log)' yet: the run would start one there"))
            #expect(!run.err.contains("started a new log"))
        } else {
            #expect(run.err.contains("det finns ingen logg på '\(log)' än: körningen skulle påbörja en där"))
        }
    }

    @Test("an apply line with a field twice, or a seq that is no seq, is named as such", arguments: ["en", "sv"])
    func applyLineFaults(_ language: String) throws {
        let dir = TemporaryDirectory()
        let log = dir.file("log.jsonl")
        let cases: [(String, String, String)] = [
            (
                "{\"command\":\"create\",\"object\":\"a\",\"object\":\"b\",\"name\":\"A\"}",
                "field 'object' is given twice; give each field once",
                "fältet 'object' förekommer två gånger; ange varje fält en gång"
            ),
            (
                "{\"command\":\"undo\",\"seq\":-1}",
                "field 'seq' takes a seq, a whole number of 1 or more (such as 42)",
                "fältet 'seq' tar ett seq, ett heltal från 1 och uppåt (till exempel 42)"
            ),
            (
                "{\"command\":\"create\",\"object\":\"a\",\"name\":7}",
                "field 'name' is not a string; write its value in double quotes",
                "fältet 'name' är ingen sträng; skriv värdet inom dubbla citattecken"
            ),
        ]
        for (line, english, swedish) in cases {
            let input = dir.file("in.jsonl")
            writeBytes(Array((line + "\n").utf8), to: input)
            let run = plings(["apply", "--dry-run", input], log: log, env: ["PLINGS_LANG": language])
            #expect(run.status == 1)
            #expect(run.out.contains(language == "en" ? english : swedish), "\(line): \(run.out)")
            #expect(!run.out.contains("flat JSON object") && !run.out.contains("platt JSON-objekt"))
        }
    }
}
