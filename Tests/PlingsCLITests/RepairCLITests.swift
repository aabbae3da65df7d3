import Foundation
import PlingsTestSupport
import Testing

@Suite("plings repair on the command line")
struct RepairCLITests {
    /// A log of three things whose second line's name was changed by hand (as `sed` would).
    func damagedLog(_ dir: TemporaryDirectory) -> String {
        let log = dir.file("sofa.jsonl")
        for (id, name) in [("lamp", "Lamp"), ("sofa", "Sofa"), ("shelf", "Shelf")] {
            _ = plings(["create", id, name], log: log)
        }
        let text = String(decoding: fileBytes(log), as: UTF8.self)
        writeBytes(Array(text.replacingOccurrences(of: "\"Sofa\"", with: "\"Couch\"").utf8), to: log)
        return log
    }

    @Test("a hand edit: repair says what it set aside and where, in both languages, and the log is usable again")
    func repairs() throws {
        for language in ["en", "sv"] {
            let dir = TemporaryDirectory()
            let log = damagedLog(dir)
            let env = ["PLINGS_LANG": language]
            #expect(plings(["card", "lamp"], log: log, env: env).status == 1)
            let dry = plings(["repair", "--dry-run"], log: log, env: env)
            #expect(dry.status == 0)
            let run = plings(["repair", log], log: "elsewhere.jsonl", env: env)
            #expect(run.status == 0)
            let aside = try #require(
                try FileManager.default.contentsOfDirectory(atPath: dir.path).first {
                    $0.contains(".set-aside-2-") && !$0.hasSuffix(".apply.jsonl")
                })
            if language == "en" {
                #expect(dry.out.hasPrefix("Would set aside 2 lines (lines 2–3; seqs #2–#3 as the lines claim them; "))
                #expect(dry.out.contains("Nothing was changed; run it without --dry-run to repair."))
                #expect(run.out.hasPrefix("Set aside 2 lines (lines 2–3; seqs #2–#3"))
                #expect(run.out.contains("whole in '\(dir.path)/\(aside)'"))
                #expect(run.out.contains("The log keeps lines 1–1 (up to #1)"))
                #expect(run.out.contains("2 events set aside are commands in"))
                #expect(run.err.contains("does not match its own hash"))
            } else {
                #expect(dry.out.hasPrefix("Skulle lägga undan 2 rader (rad 2–3; seq #2–#3 enligt raderna själva; "))
                #expect(dry.out.contains("Inget ändrades; kör utan --dry-run för att reparera."))
                #expect(run.out.hasPrefix("Lade undan 2 rader (rad 2–3; seq #2–#3"))
                #expect(run.out.contains("Loggen behåller rad 1–1 (till och med #1)"))
                #expect(run.out.contains("2 händelser som lades undan är kommandon i"))
            }
            #expect(plings(["verify"], log: log, env: env).status == 0)
            // The set-aside commands decide again: Couch is back, as the edit had it.
            let commands = dir.path + "/" + aside.dropLast(".jsonl".count) + ".apply.jsonl"
            #expect(plings(["apply", commands], log: log, env: env).status == 0)
            #expect(plings(["card", "sofa"], log: log, env: env).out.hasPrefix("Couch (sofa)"))
            let again = plings(["repair"], log: log, env: env)
            #expect(again.status == 1)
            #expect(
                again.err.contains(
                    language == "en"
                        ? "verifies clean: there is nothing to repair" : "är hel: det finns inget att reparera"))
        }
    }

    @Test("JSON: what was set aside and kept, as one object")
    func json() throws {
        let dir = TemporaryDirectory()
        let log = damagedLog(dir)
        let run = plings(["repair", "--json"], log: log)
        #expect(run.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let aside = try #require(object["setAside"] as? [String: Any])
        #expect(object["dryRun"] as? Bool == false)
        #expect(aside["firstLine"] as? Int == 2 && aside["lines"] as? Int == 2)
        #expect(aside["firstSeq"] as? Int == 2 && aside["lastSeq"] as? Int == 3)
        #expect(object["commands"] as? Int == 2 && object["reused"] as? Bool == false)
    }

    @Test("a device is told to clone again, in both languages, and nothing changes")
    func device() {
        let dir = TemporaryDirectory()
        let log = damagedLog(dir)
        let before = fileBytes(log)
        writeBytes(Array("{}".utf8), to: log + ".device")
        let en = plings(["repair"], log: log, env: ["PLINGS_LANG": "en"])
        let sv = plings(["repair"], log: log, env: ["PLINGS_LANG": "sv"])
        #expect(en.status == 1 && en.err.contains("is a device's mirror of a hub: repair changes nothing in it"))
        #expect(sv.status == 1 && sv.err.contains("är en enhets spegel av en hubb: repair ändrar ingenting i den"))
        #expect(fileBytes(log) == before)
    }
}
