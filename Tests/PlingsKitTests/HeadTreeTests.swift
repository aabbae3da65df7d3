import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// `tree` at the head read from the head snapshot (`HeadTree`) must give
/// what the fully loaded world gives, row for row and byte for byte (text
/// and JSON, both axes); and when events after the snapshot, damage or a
/// missing identity could make it wrong, it must give way to the full path
/// (nil), never answer wrongly.
@Suite("tree at the head, read from the head snapshot")
struct HeadTreeTests {
    let dir = TemporaryDirectory()

    /// The state of the log at `path` by a replay, without any cache.
    static func replayed(_ path: String) throws -> WorldState {
        try Timeline(path: path, useSnapshots: false).state().state
    }

    /// The rows `HeadTree` reads, or nil when it gives way.
    static func inPlace(_ path: String, _ axis: Axis, root: ObjectID? = nil, small: Int = 2_000) -> WorldTree? {
        switch HeadTree.answer(axis: axis, root: root, logPath: path, smallSubtree: small) {
        case .rows(let read):
            var rows: [TreeRow] = []
            read.forEach { rows.append($0) }
            return WorldTree(axis: axis, asOfSeq: read.asOfSeq, rows: rows)
        case .listed(let rows, let seq): return WorldTree(axis: axis, asOfSeq: seq, rows: rows)
        case .unknown: return WorldTree(axis: axis, asOfSeq: -1, rows: [])
        case nil: return nil
        }
    }

    /// The tree's text in both languages and its JSON, each written a row at a time as the CLI writes it.
    static func written(_ tree: WorldTree) -> [String] {
        let axis = Axis(token: tree.axis) ?? .current
        var out = Language.allCases.map { language in
            OutputBuffer.collect { out in
                var text = TreeText(axis: axis, language: language, to: &out)
                for row in tree.rows { text.write(row, to: &out) }
            }
        }
        var json = ""
        var w = JSONWriter { json += $0 }
        var writer = TreeJSON(axis: tree.axis, asOfSeq: tree.asOfSeq, to: &w)
        for row in tree.rows { writer.write(row, to: &w) }
        writer.finish(&w)
        w.finish()
        out.append(json)
        return out
    }

    /// The tree as the full path writes it: `WorldTree` rendered and written whole.
    static func full(_ tree: WorldTree) -> [String] {
        var json = ""
        var w = JSONWriter { json += $0 }
        tree.write(to: &w)
        w.finish()
        return Language.allCases.map { tree.render($0) } + [json]
    }

    /// The text in both languages and the JSON of the tree (or with `root`, the subtree)
    /// `HeadTree` reads from the whole columns, written as the CLI writes it: each row from
    /// the bytes of its names and ids, in pieces of 5 bytes; nil when it gives way.
    static func writtenFromBytes(_ path: String, _ axis: Axis, root: ObjectID? = nil) -> [[UInt8]]? {
        guard case .rows(let read) = HeadTree.answer(axis: axis, root: root, logPath: path, smallSubtree: 0) else {
            return nil
        }
        var out = Language.allCases.map { language in
            OutputBuffer.collect(limit: 5) { out in
                var text =
                    root == nil
                    ? TreeText(axis: axis, language: language, to: &out)
                    : TreeText(subtreeOf: axis, language: language)
                read.forEachBytes { text.write($0, to: &out) }
            }
        }
        var json = ""
        var w = JSONWriter { json += $0 }
        var writer = TreeJSON(axis: axis.token, asOfSeq: read.asOfSeq, to: &w)
        read.forEachBytes { writer.write($0, to: &w) }
        writer.finish(&w)
        w.finish()
        out.append(json)
        return out.map { Array($0.utf8) }
    }

    /// The same as the full path writes it from the replayed world's rows (strings).
    static func writtenFromStrings(_ tree: WorldTree, subtree: Bool) -> [[UInt8]] {
        guard subtree else { return full(tree).map { Array($0.utf8) } }
        let axis = Axis(token: tree.axis) ?? .current
        var out = Language.allCases.map { language in
            OutputBuffer.collect { out in
                var text = TreeText(subtreeOf: axis, language: language)
                for row in tree.rows { text.write(row, to: &out) }
            }
        }
        var json = ""
        var w = JSONWriter { json += $0 }
        tree.write(to: &w)
        w.finish()
        out.append(json)
        return out.map { Array($0.utf8) }
    }

    /// On both axes the in-place tree is the replayed world's, or nil (gave way); returns how
    /// many answered. Written from bytes, it is the replayed world's tree byte for byte.
    static func neverWrong(_ path: String, _ state: WorldState) throws -> Int {
        var answered = 0
        for axis in [Axis.current, .normal] {
            guard let tree = inPlace(path, axis) else { continue }
            let expected = WorldTree(axis: axis, state: state)
            #expect(tree == expected, "\(axis)")
            #expect(written(tree) == full(expected), "\(axis): text and JSON")
            if let bytes = writtenFromBytes(path, axis) {
                #expect(bytes == writtenFromStrings(expected, subtree: false), "\(axis): from bytes")
            }
            answered += 1
        }
        return answered
    }

    /// The subtree of `root` in `state` as the full path makes it; asOfSeq -1 for a root not there.
    static func subtree(_ root: ObjectID, _ axis: Axis, _ state: WorldState) -> WorldTree {
        guard let x = state.registry.index(of: root) else { return WorldTree(axis: axis, asOfSeq: -1, rows: []) }
        var rows: [TreeRow] = []
        WorldTree.rows(axis: axis, state: state, root: x) { rows.append($0) }
        return WorldTree(axis: axis, asOfSeq: state.lastSeq, rows: rows)
    }

    /// Subtrees to show: the fullest holders, some at random, a thing holding nothing, an archived one, no such thing.
    static func roots(_ state: WorldState, _ rng: inout SplitMix64) -> [ObjectID] {
        var held = [Int](repeating: 0, count: state.registry.count)
        for x in state.registry.indices {
            let p = state.current.parents.parent(x)
            if p != .world { held[Int(p)] += 1 }
        }
        let holders = state.registry.indices.filter { held[Int($0)] > 0 }
        var roots = holders.sorted { held[Int($0)] > held[Int($1)] }.prefix(2).map { $0 }
        for _ in 0..<3 where !holders.isEmpty { roots.append(holders[Int.random(in: 0..<holders.count, using: &rng)]) }
        if let empty = state.registry.indices.first(where: { held[Int($0)] == 0 }) { roots.append(empty) }
        if let gone = state.registry.indices.first(where: { state.status.isArchived($0) }) { roots.append(gone) }
        return roots.map { state.registry.id($0) } + [oid("no-such-thing")]
    }

    /// Every subtree, on both axes, read one thing at a time and from the whole columns, is
    /// the replayed world's or nil; returns how many answered.
    static func subtreesNeverWrong(_ path: String, _ roots: [ObjectID], _ state: WorldState) -> Int {
        var answered = 0
        for root in roots {
            for axis in [Axis.current, .normal] {
                for small in [2_000, 0] {
                    guard let tree = inPlace(path, axis, root: root, small: small) else { continue }
                    let expected = subtree(root, axis, state)
                    #expect(tree == expected, "\(root) \(axis) \(small)")
                    if small == 0, expected.asOfSeq >= 0, let bytes = writtenFromBytes(path, axis, root: root) {
                        #expect(bytes == writtenFromStrings(expected, subtree: true), "\(root) \(axis) from bytes")
                    }
                    answered += 1
                }
            }
        }
        return answered
    }

    @Test(
        "generated logs and a log of random commands: both axes, row for row and byte for byte the full world's",
        arguments: Stress.enabled ? [3, 5, 7] : [3])
    func agrees(seed: Int) throws {
        let generated = dir.file("gen\(seed).jsonl")
        for (path, state) in try rebuiltHeadLogs(dir, seed: seed, events: 3000, objects: 1000, extra: 300) {
            #expect(path == generated || state.registry.indices.contains { state.status.isArchived($0) }, "archives")
            #expect(try Self.neverWrong(path, state) == 2, "\(path): the tree answers in place")
            var rng = SplitMix64(seed: UInt64(seed))
            let roots = Self.roots(state, &rng)
            #expect(Self.subtreesNeverWrong(path, roots, state) == 4 * roots.count, "\(path): every subtree answers")
            #expect(throws: DomainError.unknownObject(oid("no-such-thing"))) {
                try Query(path: path).tree(of: oid("no-such-thing"))
            }
            // Query.tree takes this path at the head: the same tree as a replay's.
            for axis in [Axis.current, .normal] {
                #expect(
                    try Query(path: path).tree(axis: axis)
                        == WorldTree(axis: axis, state: state))
            }
        }
    }

    @Test(
        "names Swift orders otherwise than their bytes, and names quoted or escaped: in WorldTree's order and its bytes"
    )
    func order() throws {
        let (path, store) = try writeLog(dir)
        let names = [
            "e\u{301}", "é", "Z", "Å", "ä", "a", "A", "ǅ", "Ω", "Ä", "A\u{30A}", "ſ", "ŉ", "😀", "", "äpple", "Äpple",
            "e\u{301}x", "éa", "a\u{308}", "z", "Ž", "ß", "\u{212B}", "Bord \"stor\"", "a\\b", "\u{200F}שלום",
            "zero\u{200B}width", "\u{FEFF}bom", "a\u{2028}b", String(repeating: "å", count: 70),
            String(repeating: "x", count: 121), "Köksbordet",
        ]
        for (k, name) in names.enumerated() where !name.isEmpty {
            try store.execute(.create(oid("n\(k)"), name: name))
            try store.execute(
                .place(Placement(object: oid("n\(k)"), relation: .in, target: oid("koksbordet"), axes: .both)))
            try store.execute(.create(oid("m\(k)"), name: name))
            // Under its namesake: the name is written again as a positional relation's target.
            try store.execute(
                .place(Placement(object: oid("m\(k)"), relation: .under, target: oid("n\(k)"), axes: .current)))
        }
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(try Self.neverWrong(path, try Self.replayed(path)) == 2)
    }

    @Test("events after the snapshot: a seen or a refusal still answers as of the new head, all else gives way")
    func afterAppends() throws {
        let (path, store) = try rebuiltBoxAndLampLog(dir)
        func answers() -> Bool { HeadTree.answer(axis: .current, logPath: path) != nil }
        #expect(try Self.neverWrong(path, try Self.replayed(path)) == 2)
        // Seen and refused change no tree: it answers, as of the new head.
        try appendSeenAndRefusal(store, seen: oid("box"))
        let state = try Self.replayed(path)
        #expect(Self.inPlace(path, .normal)?.asOfSeq == state.lastSeq)
        #expect(try Self.neverWrong(path, state) == 2)
        #expect(Self.subtreesNeverWrong(path, [oid("box"), oid("saltsjon"), oid("nope")], state) == 12)
        // Every other kind of event gives way on both axes, and Query.tree still gives the replay's tree.
        let changes: [Command] = [
            .create(oid("pen"), name: "Penna"),
            .rename(oid("pen"), name: "Blyertspenna"),
            .place(Placement(object: oid("pen"), relation: .in, target: oid("box"), axes: .both)),
            .place(Placement(object: oid("box"), relation: .on, target: oid("saltsjon"), axes: .current)),
            .returnHome(oid("box")),
            .archive(oid("pen"), note: nil, withContents: false),
            .restore(oid("pen"), relation: .in, target: oid("lillstugan")),
        ]
        for command in changes {
            _ = try Rebuild(path: path).run(dryRun: false)
            #expect(answers())
            try store.execute(command)
            let state = try Self.replayed(path)
            #expect(try Self.neverWrong(path, state) == 0, "\(command)")
            #expect(Self.subtreesNeverWrong(path, [oid("box"), oid("saltsjon"), oid("pen")], state) == 0)
            for axis in [Axis.current, .normal] {
                #expect(try Query(path: path).tree(axis: axis) == WorldTree(axis: axis, state: state), "\(command)")
            }
        }
    }

    @Test("a damaged head snapshot, a torn tail or no identity record: the tree gives way, never a wrong answer")
    func damage() throws {
        let (path, state) = try rebuiltDamageLog(dir)
        let head = try #require(SnapshotCache(logPath: path).entries().last)
        let good = fileBytes(head.path)
        var rng = SplitMix64(seed: 9)
        let roots = Array(Self.roots(state, &rng).prefix(3))
        var gaveWay = 0
        for _ in 0..<(Stress.enabled ? 48 : 12) {
            writeBytes(flippingOneBit(good, &rng), to: head.path)
            if try Self.neverWrong(path, state) == 0 { gaveWay += 1 }
            _ = Self.subtreesNeverWrong(path, roots, state)
        }
        #expect(gaveWay > 0)
        writeBytes(Array(good.dropLast(4096)), to: head.path)
        #expect(try Self.neverWrong(path, state) == 0, "cut short")
        writeBytes(good, to: head.path)
        #expect(try Self.neverWrong(path, state) == 2)
        // Half a line written after the snapshot by hand (the log's identity no longer vouches for the cache).
        let log = try #require(FileHandle(forWritingAtPath: path))
        let end = try log.seekToEnd()
        try log.write(contentsOf: Data("{\"seq\":".utf8))
        #expect(try Self.neverWrong(path, state) == 0, "torn tail")
        try log.truncate(atOffset: end)
        try log.close()
        _ = try Rebuild(path: path).run(dryRun: false)
        #expect(try Self.neverWrong(path, state) == 2)
        try FileManager.default.removeItem(atPath: path + ".plings-cache/identity")
        #expect(try Self.neverWrong(path, state) == 0, "no identity record")
        #expect(Self.subtreesNeverWrong(path, roots, state) == 0, "no identity record")
    }

    @Test("a chain deep and a box wide, read in place on a thread with a small stack: nothing recursive")
    func shapes() throws {
        let depth = Stress.enabled ? 100_000 : 1_500
        let width = Stress.enabled ? 100_000 : 1_500
        for (name, shape) in [
            ("chain", ShapeLog.Shape.chain(depth: depth, bottomUp: false)), ("wide", .wide(width: width)),
        ] {
            let path = dir.file("\(name).jsonl")
            try ShapeLog(shape).write(to: path)
            _ = try Rebuild(path: path).run(dryRun: false)
            let state = try Self.replayed(path)
            // 64 KiB of stack: a recursion per level or per row would overflow it.
            let (tree, text) = try onSmallStack { () -> (WorldTree?, Int) in
                let tree = Self.inPlace(path, .current)
                var lines = 0
                var out = OutputBuffer { lines += $0.utf8.filter { $0 == 10 }.count }
                var writer = TreeText(axis: .current, language: .en, to: &out)
                tree?.rows.forEach { writer.write($0, to: &out) }
                out.flush()
                return (tree, lines)
            }
            #expect(tree == WorldTree(axis: .current, state: state), "\(name)")
            #expect(text == state.registry.count + 1, "\(name)")
        }
    }

    /// What `body` gives, run on a thread of its own with 64 KiB of stack.
    func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 64 << 10
        thread.start()
        done.wait()
        return try #require(box.value)
    }
}

/// A value handed from one thread to another (the semaphore orders the two).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
