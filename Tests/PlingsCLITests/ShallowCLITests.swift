import Foundation
import PlingsTestSupport
import Testing

@Suite("plings clone --shallow, views before the base, verify on a shallow device, in both languages")
struct ShallowCLITests {
    let dir = TemporaryDirectory()

    func makeHub() -> String {
        let hub = dir.file("hub.jsonl")
        for k in 0..<6 { #expect(plings(["create", "t\(k)", "Thing \(k)"], log: hub).status == 0) }
        #expect(plings(["rebuild"], log: hub).status == 0)
        #expect(plings(["create", "late", "Late"], log: hub).status == 0)
        #expect(plings(["place", "late", "in", "t1"], log: hub).status == 0)
        return hub
    }

    @Test("clone --shallow says where the copy begins; views before it say to ask the hub; verify says from where")
    func shallow() throws {
        let hub = makeHub()
        let phone = dir.file("phone.jsonl")
        let clone = plings(["clone", hub, "--shallow", "--device", "phone", "--lang", "en"], log: phone)
        #expect(clone.status == 0, "\(clone.err)")
        #expect(clone.out.contains("started from the hub's snapshot at #6"), "\(clone.out)")
        #expect(plings(["card", "late"], log: phone).out == plings(["card", "late"], log: hub).out)
        #expect(plings(["tree", "--at", "7"], log: phone).out == plings(["tree", "--at", "7"], log: hub).out)
        let en = plings(["tree", "--at", "3", "--lang", "en"], log: phone)
        #expect(en.status == 1)
        #expect(
            en.err
                == "plings: this device's copy begins at #6 (the hub's snapshot it was cloned from); ask the hub for earlier points\n"
        )
        let sv = plings(["card", "t1", "--at", "2", "--lang", "sv"], log: phone)
        #expect(sv.status == 1 && sv.err.contains("den här enhetens kopia börjar vid #6"), "\(sv.err)")
        let verify = plings(["verify", "--lang", "en"], log: phone)
        #expect(verify.status == 0)
        #expect(verify.out.hasPrefix("verified #7–#8 on top of the hub's snapshot at #6 (hash "), "\(verify.out)")
        let json = plings(["verify", "--json"], log: phone)
        #expect(json.out.contains("\"base\":{\"seq\":6,"), "\(json.out)")
        let svVerify = plings(["verify", "--lang", "sv"], log: phone)
        #expect(svVerify.out.hasPrefix("kontrollerade #7–#8 ovanpå navets ögonblicksbild vid #6"), "\(svVerify.out)")
    }

    @Test("loans travel in the base: a shallow device shows and ends them as the hub does, at every point after it")
    func loansInTheBase() throws {
        let hub = dir.file("hub.jsonl")
        for k in 0..<4 { #expect(plings(["create", "t\(k)", "Thing \(k)"], log: hub).status == 0) }
        #expect(plings(["lend", "t1", "--to", "Anna", "--due", "2027-06-01", "--note", "tea"], log: hub).status == 0)
        #expect(plings(["lend", "t2", "--to", "t3"], log: hub).status == 0)
        #expect(plings(["rebuild"], log: hub).status == 0)
        #expect(plings(["return", "t2"], log: hub).status == 0)
        let phone = dir.file("phone.jsonl")
        let clone = plings(["clone", hub, "--shallow", "--device", "phone"], log: phone)
        #expect(clone.status == 0, "\(clone.err)")
        #expect(plings(["rebuild"], log: phone).status == 0)
        for args in [
            ["loans"], ["loans", "--json"], ["away"], ["card", "t1"], ["card", "t2"], ["loans", "--at", "6"],
            ["card", "t2", "--at", "6"], ["card", "t2", "--at", "7"], ["card", "t1", "--at", "7", "--json"],
        ] {
            let there = plings(args, log: hub)
            #expect(there.status == 0, "\(args): \(there.err)")
            #expect(plings(args, log: phone).out == there.out, "\(args)")
        }
        #expect(plings(["loans"], log: phone).out.contains("Anna"))
    }

    @Test("--shallow from a hub that published nothing is refused in both languages; nothing is made")
    func nothingPublished() throws {
        let hub = dir.file("bare.jsonl")
        #expect(plings(["create", "box", "Box"], log: hub).status == 0)
        let phone = dir.file("phone.jsonl")
        let en = plings(["clone", hub, "--shallow", "--lang", "en"], log: phone)
        #expect(en.status == 1)
        #expect(en.err.contains("the hub has published no snapshot to start from"), "\(en.err)")
        let sv = plings(["clone", hub, "--shallow", "--lang", "sv"], log: phone)
        #expect(sv.status == 1 && sv.err.contains("navet har inte publicerat någon ögonblicksbild"), "\(sv.err)")
        #expect(!FileManager.default.fileExists(atPath: phone))
        #expect(!FileManager.default.fileExists(atPath: phone + ".device"))
    }
}
