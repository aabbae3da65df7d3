import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@testable import PlingsSync

/// The dense verdict table, the members checked as bits and the JSON strings written from one
/// buffer give what the dictionaries, the sets of names and the UTF-8 view gave.
extension PushPathTests {
    static func verdict(_ k: Int64) -> DeviceVerdicts.Verdict {
        DeviceVerdicts.Verdict(
            seq: 1000 + k, code: k % 7 == 0 ? "cycle" : nil, reason: k % 7 == 0 ? "why \(k)" : nil,
            deviceAt: Timestamp(milliseconds: k), object: "o\(k)", command: UInt64(bitPattern: k &* 31))
    }

    @Test(
        "a device's verdict table holds what a dictionary holds: gapless seqs, seqs out of the run, the first one kept",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func verdictTable(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var table = DeviceVerdicts.Table()
        var model: [Int64: DeviceVerdicts.Verdict] = [:]
        var next: Int64 = Int64(rng.next() % 3)
        var added: [Int64] = []
        for k in 0..<2000 {
            let dseq: Int64
            switch rng.next() % 10 {
            case 0: dseq = Int64(rng.next() % 4000) - 100
            case 1: dseq = added.isEmpty ? 1 : added[Int(rng.next() % UInt64(added.count))]
            case 2: dseq = [Int64.max, Int64.min, Int64.max - 1, 0][Int(rng.next() % 4)]
            default:
                dseq = next
                next += 1
            }
            let verdict = Self.verdict(Int64(k))
            table.add(dseq) { verdict }
            if model[dseq] == nil { model[dseq] = verdict }
            added.append(dseq)
        }
        #expect(table.count == model.count, "seed \(seed)")
        #expect(table.highest == max(0, model.keys.max() ?? 0), "seed \(seed)")
        for dseq in Set(added).union([next, next + 1, -1_000_000, Int64.max - 2]) {
            #expect(table[dseq] == model[dseq], "seed \(seed): \(dseq)")
        }
        var listed: [(Int64, DeviceVerdicts.Verdict)] = []
        table.forEach { listed.append(($0, $1)) }
        let sorted = model.sorted { $0.key < $1.key }
        #expect(listed.map(\.0) == sorted.map(\.key), "seed \(seed): in the order of the seqs")
        #expect(listed.map(\.1) == sorted.map(\.value), "seed \(seed)")
        // The same verdicts added in another order (the run starting elsewhere) make an equal table.
        var other = DeviceVerdicts.Table()
        for (dseq, verdict) in model.shuffled(using: &rng) { other.add(dseq) { verdict } }
        #expect(other == table, "seed \(seed)")
        if let (dseq, verdict) = sorted.first {
            var changed = DeviceVerdicts.Table()
            for (d, v) in sorted { changed.add(d) { d == dseq ? Self.verdict(-1) : v } }
            #expect(changed != table && verdict != Self.verdict(-1), "seed \(seed)")
        }
    }

    @Test("a place's digest writes its axes as the digits of their bits, for every set of axes")
    func digestOfAxes() {
        for raw in 0...255 {
            let axes = AxisSet(rawValue: UInt8(raw))
            let place = Command.place(Placement(object: oid("cup"), relation: .in, target: nil, axes: axes))
            #expect(
                DeviceVerdicts.digest(of: place)
                    == Self.reference([(1, "place"), (2, "cup"), (4, Relation.in.token), (6, String(raw))]),
                "\(raw)")
        }
    }

    /// The members each kind takes and needs, as the sets of names had them.
    static let takenBefore: [String: Set<String>] = [
        "create": ["name"], "rename": ["name"], "place": ["relation", "target", "axes"], "return": [], "seen": [],
        "archive": ["note", "contents"], "restore": ["relation", "target"], "lend": ["target", "due", "note"],
    ]
    static let neededBefore: [String: [String]] = [
        "create": ["name"], "rename": ["name"], "place": ["relation", "target", "axes"],
        "restore": ["relation", "target"], "lend": ["target"],
    ]

    /// The member the check by names found wrong first, and how.
    static func problemBefore(_ wire: WireCommand) -> (String, CommandMemberProblem)? {
        guard let taken = takenBefore[wire.kind] else { return ("kind", .unknown) }
        let present: [(String, Bool)] = [
            ("name", wire.name != nil), ("relation", wire.relation != nil), ("target", wire.target != nil),
            ("axes", wire.axes != nil), ("note", wire.note != nil), ("contents", wire.contents != nil),
            ("due", wire.due != nil),
        ]
        for (member, isThere) in present where isThere && !taken.contains(member) { return (member, .notTaken) }
        for member in neededBefore[wire.kind] ?? [] where !present.contains(where: { $0 == (member, true) }) {
            return (member, .missing)
        }
        return nil
    }

    @Test("a command's members are checked as the names were: every kind with every set of members")
    func membersAsBits() {
        for kind in ["create", "rename", "place", "return", "seen", "archive", "restore", "lend", "move", ""] {
            for bits in 0..<128 {
                let has = { (k: Int) in bits & (1 << k) != 0 }
                let wire = WireCommand(
                    kind: kind, object: "cup", name: has(0) ? "Cup" : nil, relation: has(1) ? "in" : nil,
                    target: has(2) ? "box" : nil, axes: has(3) ? ["current"] : nil, note: has(4) ? "n" : nil,
                    contents: has(5) ? true : nil, due: has(6) ? "2030-01-02" : nil)
                let expected = Self.problemBefore(wire).map {
                    SyncError.badCommand(kind: kind, member: $0.0, problem: $0.1)
                }
                var found: SyncError?
                do { _ = try wire.command() } catch { found = error }
                #expect(found == expected, "\(kind) \(bits)")
            }
        }
    }

    @Test("a JSON string is written as byte by byte: escapes, control characters, other scripts")
    func jsonStrings() {
        var rng = SplitMix64(seed: 7)
        let pieces = [
            "a", "Låda", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{1}", "\u{1f}", "😀", "/", " ", "é",
        ]
        for n in 0..<500 {
            var text = ""
            for _ in 0..<(n % 12) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            var expected: [UInt8] = [0x22]
            for byte in text.utf8 {
                switch byte {
                case 0x22: expected += [0x5C, 0x22]
                case 0x5C: expected += [0x5C, 0x5C]
                case 0x0A: expected += Array("\\n".utf8)
                case 0x0D: expected += Array("\\r".utf8)
                case 0x09: expected += Array("\\t".utf8)
                case 0x08: expected += Array("\\b".utf8)
                case 0x0C: expected += Array("\\f".utf8)
                case 0..<0x20: expected += Array(String(format: "\\u%04x", Int(byte)).utf8)
                default: expected.append(byte)
                }
            }
            expected.append(0x22)
            var written: [UInt8] = []
            LineFormat.appendJSONString(text, to: &written)
            #expect(written == expected, "\(text.debugDescription)")
        }
    }
}

extension PushPathTests {
    @Test("a compact line written item by item is the array of its items as the JSON writer writes it")
    func compactItemByItem() throws {
        var rng = SplitMix64(seed: 11)
        for k in 0..<400 {
            let p = SyncLinesTests.randomPushed(k, &rng)
            let line = try #require(SyncLines.compact(p))
            guard case .array(let items)? = WireJSON.parse(line[...]) else {
                Issue.record("not an array: \(String(decoding: line, as: UTF8.self))")
                continue
            }
            #expect(WireJSON.encode(.array(items)) == line, "\(String(decoding: line, as: UTF8.self))")
            #expect(try SyncLines.compactParts(line[...], version: SyncProtocol.version).command == p.command)
        }
    }
}

extension PushPathTests {
    @Test("a pull's answer copied from the log's page is the answer made of its lines, byte for byte")
    func pullBytes() throws {
        let dir = TemporaryDirectory()
        let hubPath = dir.file("hub.jsonl")
        let store = try Store(path: hubPath)
        // One batch larger than a pull page (sent whole), then batches that share pages.
        let long = String(repeating: "a longer name ", count: 13)
        let creates = (0..<10_000).map { Command.create(oid("o\($0)"), name: "Thing \($0), \(long)") }
        _ = try store.executeBatch(creates, actor: "hub", policy: .stop, recordEffects: false)
        for k in 0..<40 {
            let renames = (0..<50).map { Command.rename(oid("o\($0 + 50 * k)"), name: "Renamed \(k)") }
            _ = try store.executeBatch(renames, actor: "hub", policy: .stop, recordEffects: false)
        }
        let hub = try SyncHub(path: hubPath)
        let mirror = dir.file("mirror.jsonl")
        var head = SyncProtocol.Head(seq: 0, hash: Digest.zero.hex, offset: 0)
        var pages = 0
        while true {
            var lines = 0
            for version in [nil, 1, SyncProtocol.version] {
                let request = SyncMessage(SyncProtocol.Header(op: "pull", protocol: version, after: head))
                let bytes = try hub.answerBytes(to: request)
                #expect(bytes == (try hub.handle(request).bytes), "page \(pages), protocol \(version ?? 1)")
                let answer = try SyncMessage.parse(bytes)
                lines = answer.body.count
                if pages == 0 {
                    #expect(bytes.count > SyncProtocol.pullPageBytes, "the first batch is larger than a page")
                }
                if version == nil, lines > 0 {
                    var page: [UInt8] = []
                    for line in answer.body { page += line + [0x0A] }
                    try appendBytes(page, to: mirror)
                }
            }
            if lines == 0 { break }
            pages += 1
            head = SyncProtocol.Head(try Store(path: mirror).cursor)
        }
        #expect(pages == 2, "\(pages) pages")
        #expect(fileBytes(mirror) == fileBytes(hubPath))
        // A head that is not the hub's: the same error both ways.
        let wrong = SyncProtocol.Head(seq: head.seq, hash: Digest.zero.hex, offset: head.offset)
        let request = SyncMessage(SyncProtocol.Header(op: "pull", after: wrong))
        var errors: [SyncError?] = [nil, nil]
        do { _ = try hub.answerBytes(to: request) } catch { errors[0] = error }
        do { _ = try hub.handle(request) } catch { errors[1] = error }
        #expect(errors[0] != nil && errors[0] == errors[1])
    }

    func appendBytes(_ bytes: [UInt8], to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }
}
