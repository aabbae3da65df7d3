import Foundation
import PlingsTestSupport
import Testing

/// The command line meets the device rule through the store, with no rule of its own.
@Suite("apply on a device is refused by the store's device rule")
struct DeviceCLITests {
    @Test("apply (and its batches) to a device's log is refused in the reader's language; the mirror is untouched")
    func applyOnDevice() throws {
        let dir = TemporaryDirectory()
        let (hub, phone) = (dir.file("hub.jsonl"), dir.file("phone.jsonl"))
        #expect(plings(["create", "box", "Box"], log: hub).status == 0)
        #expect(plings(["clone", hub, "--device", "phone"], log: phone).status == 0)
        let before = fileBytes(phone)
        let batch = dir.file("b.jsonl")
        writeBytes(Array("{\"command\":\"seen\",\"object\":\"box\"}\n".utf8), to: batch)
        let en = plings(["apply", batch, "--lang", "en"], log: phone)
        #expect(en.status == 1)
        #expect(en.err.hasPrefix("plings: '") && en.err.contains("is a device: its log takes only the hub's lines"))
        let sv = plings(["apply", batch, "--lang", "sv"], log: phone)
        #expect(sv.status == 1 && sv.err.contains("dess logg tar bara navets rader"), "\(sv.err)")
        let dry = plings(["apply", batch, "--dry-run", "--lang", "en"], log: phone)
        #expect(dry.status == 1 && dry.err == en.err, "a dry run says what the run meets: \(dry.err)")
        #expect(fileBytes(phone) == before)
        // One command at a time is queued on the device, as before.
        #expect(plings(["seen", "box"], log: phone).status == 0)
        #expect(fileBytes(phone) == before)
    }
}
