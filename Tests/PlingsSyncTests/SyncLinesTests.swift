import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// The sync lines without Foundation's coders: the same bytes as the coders wrote, read back
/// alike, and the compact form of version 4 with its verdict runs.
@Suite("Sync lines: the JSON and compact forms")
struct SyncLinesTests {
    static func randomPushed(_ k: Int, _ rng: inout SplitMix64) -> SyncProtocol.Pushed {
        while true {
            guard let wire = WireCommand(Generators.command(objects: 40, &rng)) else { continue }
            let at = Timestamp(milliseconds: 1_700_000_000_000 + Int64.random(in: 0...99_999_999, using: &rng))
            return SyncProtocol.Pushed(
                dseq: Int64(k + 1), dat: at.rfc3339, seen: Int64.random(in: 0...99_999, using: &rng), command: wire)
        }
    }

    @Test("a pushed command and a verdict are written byte for byte as JSONEncoder wrote them, and read alike")
    func sameAsTheCoders() throws {
        var rng = SplitMix64(seed: 77)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for k in 0..<400 {
            var p = Self.randomPushed(k, &rng)
            if k % 7 == 0 { p.command.name = "tab\t nl\n \u{1} quote\" back\\ / \u{7f} é 📦" }
            let coded = [UInt8](try encoder.encode(p))
            #expect(SyncLines.line(p) == coded, "\(p)")
            #expect(try SyncLines.pushed(coded[...]) == p)
            let verdict =
                k % 3 == 0
                ? SyncProtocol.Verdict(dseq: p.dseq, verdict: "refused", seq: 9, code: "cycle", reason: "a \"b\"")
                : SyncProtocol.Verdict(dseq: p.dseq, verdict: "accepted", seq: Int64(k))
            let codedVerdict = [UInt8](try encoder.encode(verdict))
            #expect(SyncLines.line(verdict) == codedVerdict)
            #expect(try SyncLines.verdict(codedVerdict[...]) == verdict)
        }
    }

    @Test(
        "what Foundation's coders accept or refuse, the reader accepts or refuses",
        arguments: [
            #"{"command":{"kind":"seen","object":"a"},"dat":"2026-01-01T00:00:00.000Z","dseq":1,"seen":0}"#,
            #" { "seen" : 0 , "dseq" : 1 , "dat" : "2026-01-01T00:00:00.000Z" , "command" : {"object":"a","kind":"seen","name":null} } "#,
            #"{"command":{"kind":"seen","object":"\u0061\ud83d\udce6"},"dat":"x","dseq":-3,"seen":0,"extra":[1,{"a":true}]}"#,
            #"{"command":{"kind":"seen","object":"a"},"dat":"x","dseq":1.5,"seen":0}"#,
            #"{"command":{"kind":"seen","object":"a"},"dat":"x","dseq":"1","seen":0}"#,
            #"{"command":{"kind":"seen","object":"a"},"dat":"x","dseq":1}"#,
            #"{"command":{"kind":"seen","object":"a","axes":"current"},"dat":"x","dseq":1,"seen":0}"#,
            #"{"command":{"kind":"seen","object":"a"},"dat":"x","dseq":1,"seen":0"#,
            #"[1,2]"#, "", "nul",
        ])
    func sameVerdicts(_ text: String) {
        let bytes = Array(text.utf8)
        let coders = try? JSONDecoder().decode(SyncProtocol.Pushed.self, from: Data(bytes))
        let ours = try? SyncLines.pushed(bytes[...])
        #expect(ours == coders, "\(text)")
    }

    @Test("the compact form reads back to the same command; verdicts come back as runs, one per command")
    func compact() throws {
        var rng = SplitMix64(seed: 5)
        var verdicts: [SyncProtocol.Verdict] = []
        var seq: Int64 = 100
        for k in 0..<300 {
            let p = Self.randomPushed(k, &rng)
            let line = try #require(SyncLines.compact(p))
            let (back, dat) = try SyncLines.compactPushed(line[...])
            #expect(back.dseq == p.dseq && back.dat == p.dat && back.seen == p.seen && dat.rfc3339 == p.dat)
            #expect(try back.command.command() == p.command.command(), "\(p.command)")
            seq += k % 11 == 0 ? 5 : 1
            verdicts.append(
                k % 13 == 4
                    ? SyncProtocol.Verdict(dseq: p.dseq, verdict: "refused", seq: seq, code: "cycle", reason: "r \(k)")
                    : SyncProtocol.Verdict(dseq: p.dseq, verdict: "accepted", seq: seq))
        }
        let runs = SyncLines.compactVerdicts(verdicts)
        #expect(runs.count < 80, "\(runs.count) lines for 300 verdicts")
        #expect(try SyncLines.verdicts(compact: runs, limit: verdicts.count) == verdicts)
        #expect(throws: SyncError.self) { try SyncLines.verdicts(compact: runs, limit: verdicts.count - 1) }
        for bad in [#"[1,2]"#, #"[1,2,0]"#, #"[1,2,"x"]"#, #"["1",2,3]"#, #"[1,2,"c"]"#] {
            #expect(throws: SyncError.self, "\(bad)") { try SyncLines.verdicts(compact: [Array(bad.utf8)], limit: 9) }
        }
        for bad in [
            #"[1,0,0,"place","a","in","b",0]"#, #"[1,0,0,"place","a","in","b",4]"#, #"[1,0,0,"create","a"]"#,
            #"[1,0,0,"seen","a","x"]"#, #"[1,-1,0,"seen","a"]"#, #"[1,0,0,"archive","a",3,true]"#,
            #"[1,0,0,"nap","a"]"#,
        ] {
            #expect(throws: SyncError.self, "\(bad)") { try SyncLines.compactPushed(Array(bad.utf8)[...]) }
        }
        // A lend is read only in a push of version 5.
        let lend = Array(#"[1,0,0,"lend","a","Anna","2027-06-01",null]"#.utf8)
        #expect(try SyncLines.compactPushed(lend[...], version: 5).0.command.target == "Anna")
        #expect(throws: SyncError.self) { try SyncLines.compactPushed(lend[...], version: 4) }
        #expect(throws: SyncError.self) {
            try SyncLines.compactPushed(Array(#"[1,0,0,"lend","a","Anna",3,null]"#.utf8)[...], version: 5)
        }
    }

    /// A hub of an older version: its hello does not say which versions it speaks.
    final class OlderHub: SyncTransport {
        let inner: LocalTransport
        var pushes: [SyncMessage] = []
        init(_ inner: LocalTransport) { self.inner = inner }
        var bytesOnWire: Int { inner.bytesOnWire }
        func exchange(_ request: SyncMessage) throws(SyncError) -> SyncMessage {
            if request.header.op == "push" { pushes.append(request) }
            var answer = try inner.exchange(request)
            answer.header.speaks = nil
            return answer
        }
    }

    @Test("a hub that speaks 4 gets the compact push; an older one the JSON lines of version 1 or 2")
    func negotiation() throws {
        for older in [false, true] {
            let world = try SyncWorld(seed: 3, devices: 1)
            let device = world.devices[0]
            try device.enqueue(
                [.create(oid("n1"), name: "New"), .rename(oid("o1"), name: "Renamed")], at: world.time())
            let recording = OlderHub(world.transport)
            let transport: SyncTransport = older ? recording : world.transport
            let report = try SyncClient(device: device, transport: transport).sync()
            #expect(report.accepted == 2 && report.refused.isEmpty)
            if older {
                #expect(recording.pushes.map(\.header.protocol) == [1])
                #expect(try recording.pushes[0].body.map { try SyncLines.pushed($0[...]).dseq } == [1, 2])
            }
            try ConvergenceTests.check(world, seed: 3)
        }
    }
}
