import Foundation
import PlingsTestSupport
import Testing

/// `plings import` and `plings export` through the CLI.
@Suite("Spreadsheets in and out through the CLI")
struct ImportExportCLITests {
    let dir = TemporaryDirectory()
    var log: String { dir.file("log.jsonl") }

    func setUp() {
        for args in Saltsjon.cliArguments { _ = plings(args, log: log) }
    }

    func run(_ args: [String], _ lang: String = "en", log: String? = nil) -> Run {
        plings(args, log: log ?? self.log, env: ["PLINGS_LANG": lang])
    }

    func write(_ text: String, _ name: String = "things.csv") -> String {
        writeBytes(Array(text.utf8), to: dir.file(name))
        return dir.file(name)
    }

    func world(_ log: String, at: String? = nil) throws -> String {
        let out = run(["fingerprint", "--json"] + (at.map { ["--at", $0] } ?? []), log: log).out
        return try cardJSON(out)["world"] as? String ?? ""
    }

    @Test("export, then import into an empty log: the same world by fingerprint, at the head and at a point")
    func roundTrip() throws {
        setUp()
        _ = run(["place", "yTvK", "under", "5GgB", "--axes", "current"])
        _ = run(["create", "kb", "Key ring, \"blue\""])
        _ = run(["place", "kb", "attached-to", "yTvK"])
        _ = run(["place", "koksbordet", "in", "vardagsrummet", "--axes", "normal"])
        for (lang, at) in [("en", nil), ("sv", nil), ("en", "9"), ("sv", "#12")] as [(String, String?)] {
            let export = run(["export", "--csv"] + (at.map { ["--at", $0] } ?? []), lang)
            #expect(export.status == 0 && export.out.hasSuffix("\r\n"))
            let copy = dir.file("copy-\(lang)-\(at ?? "head").jsonl")
            let imported = run(["import", write(export.out, "e.csv")], lang, log: copy)
            #expect(imported.status == 0, "\(imported.err)")
            #expect(try world(copy) == (try world(log, at: at)), "\(lang) at \(at ?? "head")")
            // Importing it again changes nothing.
            let before = fileBytes(copy)
            #expect(run(["import", dir.file("e.csv")], lang, log: copy).status == 0)
            #expect(fileBytes(copy) == before)
        }
        let sv = run(["export"], "sv").out
        #expect(
            sv.hasPrefix(
                "id,namn,behållare,relation,hembehållare,hemrelation,utlånad till,utlånad sedan,åter senast,"
                    + "lånenotering\r\n"))
        #expect(sv.contains("kb,\"Key ring, \"\"blue\"\"\",yTvK,fastsatt-på,yTvK,fastsatt-på,,,,\r\n"))
        #expect(sv.contains("yTvK,Plastlåda,5GgB,under,koksbordet,i,,,,\r\n"))
        #expect(run(["export"]).out.contains("saltsjon,Saltsjön,,,,,,,,\r\n"))
    }

    @Test("a loan goes out in its columns and comes back in: export, import into an empty log, the same loans")
    func loans() throws {
        setUp()
        _ = run(["create", "anna", "Anna"])
        #expect(run(["lend", "yTvK", "--to", "anna", "--due", "2027-06-01", "--note", "till flytten"]).status == 0)
        #expect(run(["lend", "koksbordet", "--to", "Grannen Berit"]).status == 0)
        let csv = run(["export"], "sv").out
        // Since when: the loan's start as loans --json gives it (RFC 3339).
        func since(_ id: String, _ log: String) throws -> String {
            let list = try cardJSON(run(["loans", "--json"], log: log).out)["loans"] as? [[String: Any]] ?? []
            let loan = list.first { $0["id"] as? String == id }?["loan"] as? [String: Any]
            return loan?["since"] as? String ?? "none"
        }
        let (tableSince, boxSince) = (try since("koksbordet", log), try since("yTvK", log))
        #expect(csv.contains("koksbordet,Köksbordet,Världen,,lillstugan,i,Grannen Berit,\(tableSince),,\r\n"), "\(csv)")
        #expect(csv.contains("yTvK,Plastlåda,Världen,,koksbordet,i,anna,\(boxSince),2027-06-01,till flytten\r\n"))
        let copy = dir.file("copy.jsonl")
        let imported = run(["import", write(csv, "loans.csv")], "sv", log: copy)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(try world(copy) == (try world(log)))
        // The same loans: borrower (a thing or a name), due day and note; only since when differs.
        func loans(_ log: String) throws -> [String] {
            let list = try cardJSON(run(["loans", "--json"], log: log).out)["loans"] as? [[String: Any]] ?? []
            return list.map { thing in
                let loan = thing["loan"] as? [String: Any] ?? [:]
                let parts = ["borrower", "borrowerId", "due", "note"].map { "\(loan[$0] ?? "nil")" }
                return "\(thing["id"] ?? "nil") " + parts.joined(separator: " ")
            }.sorted()
        }
        #expect(try loans(copy) == (try loans(log)) && (try loans(log)).count == 2)
        let json = try cardJSON(run(["export", "--json"], log: copy).out)
        let box = (json["things"] as? [[String: Any]])?.first { $0["id"] as? String == "yTvK" }
        let loan = box?["loan"] as? [String: Any]
        #expect(loan?["borrower"] as? String == "anna" && loan?["due"] as? String == "2027-06-01")
        // The imported loan began at the import (the file's 'lent since' is checked, not kept).
        #expect(loan?["since"] as? String == (try since("yTvK", copy)))
        let before = fileBytes(copy)
        #expect(run(["import", dir.file("loans.csv")], log: copy).status == 0)
        #expect(fileBytes(copy) == before)
    }

    @Test("a bad row is named by line and column in the reader's language, and nothing is written")
    func problems() {
        setUp()
        let before = fileBytes(log)
        let file = write("id,name,container\nbox,Box,5GgB\nlid,Lid,BOX\n,,\nx,\"a\nb\",box\n")
        let en = run(["import", file])
        #expect(en.status == 1 && en.out.isEmpty)
        #expect(
            en.err == """
                plings: \(file):3, column 3 ('container'): no thing has the id or name 'BOX'; ids are \
                case-sensitive: did you mean 'box'?
                plings: \(file):5, column 2 ('name'): invalid name 'a\\u{a}b': it contains a control character \
                (U+000A); give 1–200 bytes without control characters
                plings: nothing imported from '\(file)': 2 rows have errors; fix them, or import the other rows \
                with --on-error skip

                """)
        #expect(fileBytes(log) == before)
        let sv = run(["import", file], "sv")
        #expect(sv.err.contains("\(file):3, kolumn 3 ('container'): ingen sak har id:t eller namnet 'BOX'"))
        #expect(sv.err.contains("ingenting importerades från '\(file)': 2 rader har fel"))
        let skip = run(["import", file, "--on-error", "skip"])
        #expect(skip.status == 1)
        #expect(
            skip.out == "imported 3 rows from '\(file)': 1 new thing, 0 changed, 0 unchanged, 2 rejected; "
                + "appended 2 events in 1 batch\n")
        // Nothing is written to a log that does not exist yet either.
        #expect(run(["import", file], log: dir.file("new.jsonl")).status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.file("new.jsonl")))
    }

    @Test("a dry run says what each row would do and the ids made from names, and writes nothing")
    func dryRun() {
        setUp()
        let before = fileBytes(log)
        let file = write("namn,behållare,relation\nHylla,Vardagsrummet,\nBok,hylla,på\n")
        let dry = run(["import", file, "--dry-run"], "sv")
        #expect(dry.status == 0 && fileBytes(log) == before)
        #expect(
            dry.out == """
                rad 2: id:t 'hylla' gjordes av namnet 'Hylla'
                rad 3: id:t 'bok' gjordes av namnet 'Bok'
                rad 2: skulle lägga till: #12 skapade Hylla (hylla)
                rad 3: skulle lägga till: #13 skapade Bok (bok)
                rad 2: skulle lägga till: #14 placerade Hylla (hylla) i Vardagsrummet (vardagsrummet), både nuvarande och hem
                rad 3: skulle lägga till: #15 placerade Bok (bok) på Hylla (hylla), både nuvarande och hem
                skulle importera 2 rader från '\(file)': 2 nya saker, 0 ändrade, 0 oförändrade, 0 avvisade; \
                skulle lägga till 4 händelser i 1 sats; ingenting skrevs

                """)
        let real = run(["import", file], "sv")
        #expect(real.out.hasSuffix("lade till 4 händelser i 1 sats\n"))
        #expect(run(["card", "bok"]).out.contains("Saltsjön › Vardagsrummet › Hylla"))
    }

    @Test("--json: the report of an import, the rows of an export")
    func json() throws {
        setUp()
        let file = write("id,name,container\n,Hylla,vardagsrummet\nx,X,nowhere\n")
        let report = try cardJSON(run(["import", file, "--json", "--on-error", "skip"]).out)
        #expect(report["written"] as? Bool == true && report["rows"] as? Int == 2 && report["rejected"] as? Int == 1)
        let generated = report["generated"] as? [[String: Any]]
        #expect(generated?.first?["id"] as? String == "hylla" && generated?.first?["line"] as? Int == 2)
        let problem = (report["problems"] as? [[String: Any]])?.first
        #expect(problem?["line"] as? Int == 3 && problem?["column"] as? Int == 3)
        #expect(problem?["code"] as? String == "unknown-reference" && problem?["header"] as? String == "container")
        let export = try cardJSON(run(["export", "--json"]).out)
        #expect(export["asOfSeq"] as? Int == 13)
        let things = export["things"] as? [[String: Any]] ?? []
        let box = things.first { $0["id"] as? String == "yTvK" }
        #expect((box?["current"] as? [String: Any])?["target"] as? String == "koksbordet")
        #expect((things.first?["current"] as? [String: Any])?["target"] is NSNull)
        #expect(run(["export", "--csv", "--json"]).status == 64)
    }

    @Test("a Swedish spreadsheet: semicolons, a byte-order mark, CRLF, a relation of two words; stdin with '-'")
    func swedishSpreadsheet() throws {
        setUp()
        let text =
            "\u{FEFF}ID;Namn;Behållare;Relation\r\nnyckel;Nyckel;Bord;fastsatt på\r\nlapp;\"Lapp; gul\";nyckel;vänster om\r\n"
        let run = try plingsProcess(["import", "-", "--lang", "sv"], log: log, input: text)
        #expect(run.status == 0, "\(run.err)")
        #expect(
            self.run(["card", "nyckel"]).out.contains(
                "Current location: Saltsjön › Vardagsrummet › Bord\n  Attached to Bord\n"))
        #expect(self.run(["card", "lapp"]).out.contains("Left of Nyckel"))
        #expect(self.run(["export"]).out.contains("lapp,Lapp; gul,nyckel,left-of,nyckel,left-of,,,,\r\n"))
    }

    @Test("import into a device's log is refused by the store's device rule, dry run and run alike; export reads it")
    func onDevice() {
        let (hub, phone) = (dir.file("hub.jsonl"), dir.file("phone.jsonl"))
        #expect(plings(["create", "box", "Box"], log: hub).status == 0)
        #expect(plings(["clone", hub, "--device", "phone"], log: phone).status == 0)
        let before = fileBytes(phone)
        let file = write("id,name\nlid,Lid\n")
        let run = self.run(["import", file], log: phone)
        #expect(run.status == 1 && run.err.contains("is a device: its log takes only the hub's lines"), "\(run.err)")
        #expect(self.run(["import", file, "--dry-run"], log: phone).err == run.err)
        #expect(fileBytes(phone) == before)
        #expect(self.run(["export"], log: phone).out.contains("box,Box,,,,,,,,\r\n"))
    }

    @Test("a file that is not there, not CSV, or UTF-16 is refused with the reason")
    func unreadable() {
        setUp()
        let missing = run(["import", dir.file("nope.csv")])
        #expect(missing.status == 1 && missing.err.contains("cannot read '\(dir.file("nope.csv"))'"))
        writeBytes([0xFF, 0xFE, 0x69, 0x00, 0x64, 0x00], to: dir.file("u16.csv"))
        #expect(run(["import", dir.file("u16.csv")]).err.contains(":1: the file is UTF-16; save it as CSV UTF-8"))
        let quote = run(["import", write("name\n\"open\n")])
        #expect(quote.err.contains(":2, column 1 ('name'): the quote that opens this cell is never closed"))
        let header = run(["import", write("namn,hemma\n")], "sv")
        #expect(header.status == 1 && header.err.contains("okänd kolumn 'hemma'"))
    }
}
