// Made by scripts/doc-examples.sh from the ```swift blocks of docs/ and the DocC catalog;
// do not edit: change the docs and run the script.

import Foundation
import PlingsKit
import PlingsSync
import Testing

/// The examples of docs/adr/0010-app-entry-points-throw-untyped-errors.md, in order.
func docs_adr_0010_app_entry_points_throw_untyped_errors(in folder: String) async throws {
    // docs/adr/0010-app-entry-points-throw-untyped-errors.md, example 1

    let store = try LiveStore(path: (folder + "/things.jsonl"))
    do {
        try await store.execute(.seen(try ObjectID.validated("yTvK")), actor: "anna")
    } catch let error as StoreError {
        print(error.message(.sv))  // "okänt objekt 'yTvK' …"
    }
}

/// The examples of docs/api.md, in order.
func docs_api(in folder: String) async throws {
    // docs/api.md, example 1

    let store = try LiveStore(path: (folder + "/things.jsonl"))  // a missing file is an empty log
    let state = await store.state  // WorldState: the projections
    print(await store.cursor.lastSeq, state.lastSeq)  // where reading has come to
    try await store.refresh()  // read what other processes appended
    // docs/api.md, example 2
    let nope = try ObjectID.validated("nope")
    do {
        try await store.execute(.rename(nope, name: "X"), actor: "anna")
    } catch let error as StoreError {
        print(error.message(.en))  // unknown object 'nope' …
    }
    let owned = try Store(path: (folder + "/things.jsonl"))  // one owner, typed throws
    do {
        try owned.execute(.seen(nope))
    } catch {
        if case .domain(let refusal) = error { print(refusal.code) }  // error is a StoreError
    }
    // docs/api.md, example 3
    let box = try ObjectID.validated("yTvK")
    let table = try ObjectID.validated("5GgB")
    try await store.execute(.create(table, name: "Bord"), actor: "anna")
    try await store.execute(.create(box, name: "Kartong med kablar"), actor: "anna")
    let outcome = try await store.execute(
        .place(Placement(object: box, relation: .on, target: table, axes: .both)), actor: "anna")
    print(outcome.events.map(\.seq))  // the appended events

    // Several commands, one write: stop at the first refusal, or skip refused ones.
    let result = try await store.executeBatch(
        [.seen(box), .returnHome(box)], actor: "anna", policy: .skip)
    print(result.rejected)  // [(index, DomainError)]

    // Undo the last event by an actor (or a given seq).
    let basis = try UndoLookup.basis(seq: nil, actor: "anna", path: (folder + "/things.jsonl"))
    try await store.execute(.undo(basis), actor: "anna")
    // docs/api.md, example 4
    let world = await store.state
    if let card = Card(of: box, state: world) {  // nil when no object has the id
        print(card.current.pathText(.en), card.away)  // where it is, where it belongs, contents, belongings
    }
    let tree = WorldTree(axis: .current, state: world)  // every object, flat rows with depth
    let away = AwayList(world)  // objects away from home, longest away first
    print(tree.render(.en), away.render(.sv))
    let history = try ObjectHistory.build(box, path: (folder + "/things.jsonl"), until: nil, language: .sv)
    print(history.entries.map(\.text))  // HistoryEntry: events, cascades, path changes
    // docs/api.md, example 5
    let query = Query(path: (folder + "/things.jsonl"))
    let boxNow = try query.card(of: box)  // at the head
    let boxBefore = try query.card(of: box, at: .seq(2))  // at a past point
    let boxHistory = try query.history(of: box, at: nil, language: .sv)
    let pastTree = try query.tree(axis: .current, at: .seq(2))
    let awayNow = try query.away()
    let changes = try query.diff(from: .seq(2), to: nil)
    let found = try query.find("kabel", limit: 20)
    let toCheck = try query.stocktake(inside: box, since: nil)  // paths as history shows them (Location.elided)
    let digest = try query.fingerprint(at: .seq(2))
    print(boxNow, boxBefore, boxHistory, pastTree, awayNow, changes, found, toCheck, digest)
    _ = try query.entries(LogFilter(object: box), language: .en) { entry in
        print("#\(entry.event.seq) \(entry.sentence)")  // log --object, from the object timeline
    }
    _ = try query.lines(LogFilter(from: .seq(2))) { line, event in }  // the stored lines, byte for byte
    // docs/api.md, example 6
    let timeline = Timeline(path: (folder + "/things.jsonl"))
    let then = try timeline.state(at: .seq(2)).state
    if let march = Timestamp(parsing: "2025-03-01") {
        let early = try timeline.state(at: .time(march)).state  // the world at the end of that day
        print(early.lastSeq)
    }
    // One card at a past point: read from the object timeline `Rebuild` writes
    // (milliseconds at millions of events), else from the replayed world; nil when
    // no object had the id then.
    let boxThen = try timeline.card(of: box, at: .seq(2))
    print(boxThen?.current.pathText(.sv) ?? "not there yet")
    let diff = WorldDiff(from: then, to: await store.state)  // appeared, renamed, moved, relations
    print(diff.render(.en))
    _ = try timeline.events(until: .seq(2)) { event, effects, state in
        print(event.seq, effects.count, state.lastSeq)  // every event with its effects and the state after it
    }
    // docs/api.md, example 7
    let start = await store.cursor
    let watcher = Task {
        for try await event in store.events(after: start) {
            print(event.seq, event.payload.typeName)  // update the UI
        }
    }
    try await store.execute(.seen(box), actor: "anna")
    watcher.cancel()  // the stream ends with its task
    // docs/api.md, example 8
    // Snapshots, spaced to stay within a share of the log's size (disposable: answers stay the same).
    let report = try Rebuild(path: (folder + "/things.jsonl")).run(dryRun: false)
    print(report.snapshots, report.snapshotBytes)

    // The verify check: every line's layout, own SHA-256, the chain and whole batches.
    let check = LogVerification.check(path: (folder + "/things.jsonl"))
    if let problem = check.problem { print(problem.message(.sv)) } else { print("sound, head", check.head.lastHash) }

    // A digest of the whole state, to compare two replays or two devices.
    print(Fingerprint(await store.state).all)
    // docs/api.md, example 9

    let hubLog = try Store(path: (folder + "/hub.jsonl"))  // the hub: an ordinary log
    try hubLog.execute(.create(try ObjectID.validated("kk01"), name: "Kök"), actor: "hub")

    let transport = try LocalTransport(hubPath: (folder + "/hub.jsonl"))
    let (laptop, first) = try Device.clone(
        logPath: (folder + "/laptop.jsonl"), config: DeviceConfig(source: (folder + "/hub.jsonl"), device: "laptop"),
        transport: transport)
    print(first.pulled)  // lines pulled into the mirror

    // Offline: commands are queued on the device and shown at once (the optimistic view).
    let lamp = try ObjectID.validated("lmp1")
    try laptop.enqueue([.create(lamp, name: "Lampa")], at: SystemClock.now())
    print(Card(of: lamp, state: try laptop.optimistic().state)?.name ?? "")

    // Online: push the queue, pull what the hub has; refusals come back with their reasons.
    let synced = try SyncClient(device: laptop, transport: transport).sync()
    print(synced.accepted, synced.refused.map { $0.reason }, synced.head.seq)
}

/// The examples of Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, in order.
func Sources_PlingsKit_PlingsKit_docc_EmbeddingPlings(in folder: String) async throws {
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 1

    let path = (folder + "/plings.jsonl")  // in an app: a file in its documents folder
    let store = try LiveStore(path: path)
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 2
    let box = try ObjectID.validated("yTvK")
    let table = try ObjectID.validated("5GgB")
    try await store.execute(.create(table, name: "Bord"), actor: "iphone-paul")
    try await store.execute(.create(box, name: "Plastlåda"), actor: "iphone-paul")
    try await store.execute(
        .place(Placement(object: box, relation: .under, target: table, axes: .both)),
        actor: "iphone-paul")
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 3
    do {
        try await store.execute(.seen(try ObjectID.validated("nope")), actor: "iphone-paul")
    } catch let error as StoreError {
        print(error.message(.sv))  // the sentence the command line shows, in Swedish
    }
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 4
    let state = try await store.refresh()
    if let card = Card(of: box, state: state) {  // where it is, where it belongs, what it holds
        print(card.render(.en))
    }
    let tree = WorldTree(axis: .current, state: state)
    let away = AwayList(state)  // everything not where it belongs
    print(tree.render(.en), away.render(.en))
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 5
    let start = await store.cursor
    let watcher = Task {
        for try await event in store.events(after: start) {
            let state = try await store.refresh()
            print(event.seq, state.lastSeq)  // update the UI from `state`
        }
    }
    try await store.execute(.seen(box), actor: "iphone-paul")
    watcher.cancel()  // the stream ends with its task
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 6
    let then = try Timeline(path: path).state(at: .seq(2)).state
    let diff = WorldDiff(from: then, to: try await store.refresh())
    let history = try ObjectHistory.build(box, path: path, until: nil, language: .en)
    print(diff.render(.en), history.entries.count)
    // Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md, example 7

    /// Clones the hub on the web into `path` once, queues a command made offline, and syncs.
    func syncWithTheWeb(path: String, password: String) throws -> SyncReport {
        let hub = try HTTPHub(
            url: "https://plings.example.org/home",
            credentials: HTTPCredentials(user: "eva", password: password),  // HTTP Basic; the web server checks it
            timeout: 30)  // seconds to connect, and for each answer
        let transport = HTTPTransport(hub: hub)
        let (device, _) = try Device.clone(
            logPath: path, config: DeviceConfig(source: "https://plings.example.org/home", device: "evas-phone"),
            transport: transport)
        // Offline: commands are decided against the mirror plus the queue, and queued.
        try device.enqueue([.create(try ObjectID.validated("key1"), name: "Keys")], at: SystemClock.now())
        // When the network is there: push the queue, pull the hub's new lines.
        let report = try SyncClient(device: device, transport: transport).sync()
        for refused in report.refused { print(refused.code, refused.reason) }  // the hub said no, and why
        return report
    }
}

@Suite("The docs' Swift examples run on an empty log")
struct DocExamples {
    /// A new empty folder for one file's examples.
    static func emptyFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("doc-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test("docs/adr/0010-app-entry-points-throw-untyped-errors.md")
    func docs_adr_0010_app_entry_points_throw_untyped_errorsRuns() async throws {
        try await docs_adr_0010_app_entry_points_throw_untyped_errors(in: try Self.emptyFolder())
    }

    @Test("docs/api.md")
    func docs_apiRuns() async throws {
        try await docs_api(in: try Self.emptyFolder())
    }

    @Test("Sources/PlingsKit/PlingsKit.docc/EmbeddingPlings.md")
    func Sources_PlingsKit_PlingsKit_docc_EmbeddingPlingsRuns() async throws {
        try await Sources_PlingsKit_PlingsKit_docc_EmbeddingPlings(in: try Self.emptyFolder())
    }
}
