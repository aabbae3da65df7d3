import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsViews
import Testing

/// `away` at the head read from the head snapshot (`HeadAway`) must give what
/// the fully loaded world gives, entry for entry and byte for byte (text in
/// both languages and JSON), for the whole world and inside a container; and
/// when events after the snapshot, damage or a missing identity could make it
/// wrong, it must give way to the full path (nil), never answer wrongly.
@Suite("away at the head, read from the head snapshot")
struct HeadAwayTests {
    let dir = TemporaryDirectory()

    /// The list `HeadAway` reads, or nil when it gives way; asOfSeq -1 for a container not there.
    static func inPlace(_ path: String, inside container: ObjectID? = nil, small: Int = 2_000) -> AwayList? {
        switch HeadAway.answer(inside: container, logPath: path, smallSubtree: small) {
        case .entries(let list):
            var entries: [AwayEntry] = []
            list.forEach { entries.append($0) }
            return AwayList(asOfSeq: list.asOfSeq, away: entries)
        case .listed(let entries, let seq): return AwayList(asOfSeq: seq, away: entries)
        case .unknown: return AwayList(asOfSeq: -1, away: [])
        case nil: return nil
        }
    }

    /// The list as the full path makes it from `state`; asOfSeq -1 for a container not there.
    static func replayed(_ state: WorldState, inside container: ObjectID? = nil) -> AwayList {
        var inside: ObjectIndex?
        if let container {
            guard let x = state.registry.index(of: container) else { return AwayList(asOfSeq: -1, away: []) }
            inside = x
        }
        var entries: [AwayEntry] = []
        AwayList.entries(state, inside: inside) { entries.append($0) }
        return AwayList(asOfSeq: state.lastSeq, away: entries)
    }

    /// The list's text in both languages and its JSON.
    static func written(_ list: AwayList) -> [String] {
        var json = ""
        var w = JSONWriter { json += $0 }
        list.write(to: &w)
        w.finish()
        return Language.allCases.map { list.render($0) } + [json]
    }

    /// The text in both languages and the JSON of the list `HeadAway` reads from the whole
    /// columns, written as the CLI writes it: each entry from the bytes of its names and ids
    /// (the text without looking up what is placed relative to each thing), in pieces of 5
    /// bytes; nil when it gives way.
    static func writtenFromBytes(_ path: String, inside container: ObjectID? = nil) -> [[UInt8]]? {
        guard case .entries(let list) = HeadAway.answer(inside: container, logPath: path, smallSubtree: 0) else {
            return nil
        }
        var out = Language.allCases.map { language in
            OutputBuffer.collect(limit: 5) { out in
                let text = AwayText(language: language)
                list.forEachBytes(inbound: false) { text.write($0, to: &out) }
            }
        }
        var json = ""
        var w = JSONWriter { json += $0 }
        w.beginObject()
        w.field("asOfSeq", list.asOfSeq)
        w.key("away")
        w.beginArray()
        list.forEachBytes(inbound: true) { AwayJSON.write($0, to: &w) }
        w.endArray()
        w.endObject()
        w.finish()
        out.append(json)
        return out.map { Array($0.utf8) }
    }

    /// The same as the full path writes it: each entry rendered, and the list's JSON.
    static func writtenFromStrings(_ list: AwayList) -> [[UInt8]] {
        var out = Language.allCases.map { language in list.away.map { $0.render(language) }.joined() }
        var json = ""
        var w = JSONWriter { json += $0 }
        list.write(to: &w)
        w.finish()
        out.append(json)
        return out.map { Array($0.utf8) }
    }

    /// Every list (the whole world, then inside each container, read one thing at a time and
    /// from the whole columns) is the replayed world's or nil; returns how many answered.
    /// Written from bytes, a list read from the whole columns is the replayed world's byte for byte.
    static func neverWrong(_ path: String, _ state: WorldState, inside containers: [ObjectID] = []) -> Int {
        var answered = 0
        let asked: [(ObjectID?, Int)] = [(nil, 0)] + containers.flatMap { [($0, 2_000), ($0, 0)] }
        for (container, small) in asked {
            guard let list = inPlace(path, inside: container, small: small) else { continue }
            let expected = replayed(state, inside: container)
            #expect(list == expected, "\(container?.rawValue ?? "all") \(small)")
            #expect(written(list) == written(expected), "\(container?.rawValue ?? "all"): text and JSON")
            if small == 0, expected.asOfSeq >= 0, let bytes = writtenFromBytes(path, inside: container) {
                #expect(bytes == writtenFromStrings(expected), "\(container?.rawValue ?? "all"): from bytes")
            }
            answered += 1
        }
        return answered
    }

    /// Containers to ask about: the fullest holders, some at random, a thing holding nothing, an
    /// archived one, no such thing (as the tree's subtrees are chosen).
    static func containers(_ state: WorldState, seed: UInt64) -> [ObjectID] {
        var rng = SplitMix64(seed: seed)
        return HeadTreeTests.roots(state, &rng)
    }

    @Test(
        "generated logs, a log of random commands and one of loans: the whole list and inside containers, the replay's",
        arguments: Stress.enabled ? [3, 5, 7] : [3])
    func agrees(seed: Int) throws {
        let (generated, loansDir) = (dir.file("gen\(seed).jsonl"), TemporaryDirectory())
        let (loans, _) = try LoanTimelineTests.loanLog(loansDir)
        _ = try Rebuild(path: loans).run(dryRun: false)
        let logs =
            try rebuiltHeadLogs(dir, seed: seed, events: 3000, objects: 1000, extra: 300) + [
                (loans, HeadTreeTests.replayed(loans))
            ]
        for (path, state) in logs {
            #expect(path == generated || state.registry.indices.contains { state.status.isArchived($0) }, "archives")
            #expect(path != loans || state.registry.indices.contains { state.status.isLent($0) }, "loans")
            #expect(!Self.replayed(state).away.isEmpty, "\(path): something is away")
            let containers = Self.containers(state, seed: UInt64(seed))
            #expect(
                path == loans || containers.contains { !Self.replayed(state, inside: $0).away.isEmpty },
                "\(path): something away inside a container")
            #expect(
                Self.neverWrong(path, state, inside: containers) == 1 + 2 * containers.count,
                "\(path): every list answers in place")
            // Query.away takes this path at the head: the replay's list, and the replay's errors.
            #expect(try Query(path: path).away() == Self.replayed(state))
            for container in containers.dropLast() {
                #expect(try Query(path: path).away(inside: container) == Self.replayed(state, inside: container))
            }
            #expect(throws: DomainError.unknownObject(oid("no-such-thing"))) {
                try Query(path: path).away(inside: oid("no-such-thing"))
            }
            #expect(try Query(path: path, useCache: false).away() == Self.replayed(state))
        }
    }

    @Test(
        "names quoted or escaped, paths elided, relations other than in, things placed relative to others: written from bytes as the replay's"
    )
    func names() throws {
        let (path, store) = try writeLog(dir)
        let names = [
            "Bord \"stor\"", "a\\b", "\u{200F}שלום", "zero\u{200B}width", "\u{FEFF}bom", "a\u{2028}b", "ǅ Ω",
            "e\u{301}", "é", "😀", String(repeating: "å", count: 70), String(repeating: "x", count: 121), "Köksbordet",
        ]
        // A chain eight deep below Saltsjön, so that a path to its end is elided.
        var deepest = oid("saltsjon")
        for k in 0..<8 {
            try store.execute(.create(oid("c\(k)"), name: names[k]))
            try store.execute(.place(Placement(object: oid("c\(k)"), relation: .in, target: deepest, axes: .both)))
            deepest = oid("c\(k)")
        }
        let homes: [Relation] = [.on, .attachedTo, .in]
        for (k, name) in names.enumerated() {
            let (n, m, p, q) = (oid("n\(k)"), oid("m\(k)"), oid("p\(k)"), oid("q\(k)"))
            try store.execute(.create(n, name: name))
            try store.execute(.place(Placement(object: n, relation: homes[k % 3], target: deepest, axes: .both)))
            try store.execute(.place(Placement(object: n, relation: .in, target: oid("koksbordet"), axes: .current)))
            guard k % 2 == 0 else { continue }
            // Placed relative to it on both axes, two under it with the same name (ordered by id), one beside it.
            for (thing, relation) in [(q, Relation.under), (m, .under), (p, .nextTo)] {
                try store.execute(.create(thing, name: thing == p ? "Lampa" : name))
                try store.execute(.place(Placement(object: thing, relation: relation, target: n, axes: .both)))
            }
        }
        _ = try Rebuild(path: path).run(dryRun: false)
        let state = try HeadTreeTests.replayed(path)
        let whole = Self.replayed(state).away
        #expect(whole.contains { $0.normal.elided } && whole.contains { $0.current.inbound.count == 3 })
        #expect(whole.contains { $0.normal.relation == Relation.attachedTo.token })
        #expect(whole.contains { !$0.current.positional.isEmpty && !$0.normal.positional.isEmpty })
        #expect(Self.neverWrong(path, state, inside: [oid("koksbordet"), oid("c3")]) == 5)
        #expect(Self.writtenFromBytes(path) != nil)
    }

    @Test("events after the snapshot: a seen or a refusal still answers as of the new head, all else gives way")
    func afterAppends() throws {
        let (path, store) = try rebuiltBoxAndLampLog(dir)
        let inside = [oid("saltsjon"), oid("5GgB"), oid("nope")]
        #expect(Self.neverWrong(path, try HeadTreeTests.replayed(path), inside: inside) == 7)
        // Seen and refused change no place: it answers, as of the new head.
        try appendSeenAndRefusal(store, seen: oid("lamp"))
        let state = try HeadTreeTests.replayed(path)
        #expect(Self.inPlace(path)?.asOfSeq == state.lastSeq)
        #expect(Self.inPlace(path, inside: oid("saltsjon"))?.asOfSeq == state.lastSeq)
        #expect(Self.neverWrong(path, state, inside: inside) == 7)
        // Every other kind of event gives way, and Query.away still gives the replay's list.
        let changes: [Command] = [
            .create(oid("pen"), name: "Penna"),
            .rename(oid("lamp"), name: "Taklampa"),
            .place(Placement(object: oid("pen"), relation: .in, target: oid("box"), axes: .current)),
            .place(Placement(object: oid("box"), relation: .on, target: oid("saltsjon"), axes: .current)),
            .returnHome(oid("box")),
            .lend(oid("pen"), to: "anna", due: nil, note: nil),
            .archive(oid("lamp"), note: nil, withContents: false),
            .restore(oid("lamp"), relation: .in, target: oid("lillstugan")),
        ]
        for command in changes {
            _ = try Rebuild(path: path).run(dryRun: false)
            #expect(Self.inPlace(path) != nil)
            try store.execute(command)
            let state = try HeadTreeTests.replayed(path)
            #expect(Self.neverWrong(path, state, inside: inside) == 0, "\(command)")
            #expect(try Query(path: path).away() == Self.replayed(state), "\(command)")
            #expect(
                try Query(path: path).away(inside: oid("saltsjon")) == Self.replayed(state, inside: oid("saltsjon")))
        }
    }

    @Test("a damaged head snapshot, a torn tail or no identity record: the list gives way, never a wrong answer")
    func damage() throws {
        let (path, state) = try rebuiltDamageLog(dir)
        let head = try #require(SnapshotCache(logPath: path).entries().last)
        let good = fileBytes(head.path)
        let inside = Array(Self.containers(state, seed: 9).prefix(2))
        var rng = SplitMix64(seed: 9)
        var gaveWay = 0
        for _ in 0..<(Stress.enabled ? 48 : 12) {
            writeBytes(flippingOneBit(good, &rng), to: head.path)
            if Self.neverWrong(path, state, inside: inside) == 0 { gaveWay += 1 }
        }
        #expect(gaveWay > 0)
        writeBytes(Array(good.dropLast(4096)), to: head.path)
        #expect(Self.neverWrong(path, state, inside: inside) == 0, "cut short")
        writeBytes(good, to: head.path)
        #expect(Self.neverWrong(path, state, inside: inside) == 5)
        // Half a line written after the snapshot by hand (the log's identity no longer vouches for the cache).
        let log = try #require(FileHandle(forWritingAtPath: path))
        let end = try log.seekToEnd()
        try log.write(contentsOf: Data("{\"seq\":".utf8))
        #expect(Self.neverWrong(path, state, inside: inside) == 0, "torn tail")
        try log.truncate(atOffset: end)
        try log.close()
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(Self.neverWrong(path, state, inside: inside) == 5)
        try FileManager.default.removeItem(atPath: path + ".plings-cache/identity")
        #expect(Self.neverWrong(path, state, inside: inside) == 0, "no identity record")
        #expect(try Query(path: path).away() == Self.replayed(state))
    }

    @Test("a page of the list read in place is the replay's slice wherever it falls; the things handled last likewise")
    func pages() throws {
        let generated = dir.file("pages.jsonl")
        _ = try SyntheticLog(events: 3000, objects: 1000, seed: 11).write(to: generated)
        let loansDir = TemporaryDirectory()
        let (loans, store) = try LoanTimelineTests.loanLog(loansDir)
        for path in [generated, loans] {
            _ = try Rebuild(path: path).run(dryRun: false)
            let state = try HeadTreeTests.replayed(path)
            let whole = Self.replayed(state).away
            #expect(!whole.isEmpty)
            // Things away since the same event (a cascade's) are ordered by id within and across pages.
            let size = path == generated ? 7 : 1
            let starts = Array(stride(from: 0, through: whole.count + 1, by: size))
            for (k, start) in starts.enumerated() {
                let page = try #require(HeadAway.page(from: start, count: size, logPath: path), "\(path) \(start)")
                #expect(page.total == whole.count)
                #expect(page.asOfSeq == state.lastSeq)
                #expect(page.entries == Array(whole.dropFirst(start).prefix(size)), "\(path) from \(start)")
                // The query's own paging of a replayed world (a replay each): every fifth page and
                // the last two by default, every page with PLINGS_STRESS.
                guard Stress.enabled || k % 5 == 0 || k >= starts.count - 2 else { continue }
                let (list, total) = try Query(path: path, useCache: false).away(from: start, count: size)
                #expect(list.away == page.entries && total == page.total, "\(path) from \(start), replayed")
            }
            #expect(HeadLatest.answer(8, logPath: path) == (try Query(path: path, useCache: false).lastHandled()))
            #expect(try Query(path: path).lastHandled(3).items.count == 3)
        }
        // After the snapshot: a refusal leaves the things handled last, a seen handles one (the full path).
        _ = try Rebuild(path: loans).run(dryRun: false)
        try store.execute(.seen(oid("5GgB")))
        #expect(HeadLatest.answer(8, logPath: loans) == nil)
        #expect(try Query(path: loans).lastHandled().items.first?.id == oid("5GgB"))
        #expect(try Query(path: loans).lastHandled() == Query(path: loans, useCache: false).lastHandled())
        #expect(HeadAway.page(from: 0, count: 5, logPath: loans)?.total == Self.replayed(store.state).away.count)
    }
}
