import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

/// The logs the head readers' differential tests ask (find, stocktake, tree and away):
/// a generated log (`events` events of `objects` objects; 24,000 of 6,000 with
/// PLINGS_STRESS) and the Saltsjön world with `extra` random commands, both in
/// `dir` and rebuilt, each with its state by a replay without any cache. Each
/// is written, rebuilt and replayed once for every suite that asks it (`RebuiltLog.shared`)
/// and copied into `dir`.
func rebuiltHeadLogs(
    _ dir: TemporaryDirectory, seed: Int, events: Int = 6000, objects: Int = 2000, extra: Int = 150
) throws -> [(path: String, state: WorldState)] {
    let generated = try RebuiltLog.generated(
        events: Stress.enabled ? 24000 : events, objects: Stress.enabled ? 6000 : objects, seed: UInt64(seed))
    let random = try RebuiltLog.shared("Saltsjön \(extra) \(seed)") {
        try RebuiltLog { path in
            let sub = TemporaryDirectory()
            let (written, _) = try writeLog(sub, extra: extra, seed: UInt64(seed))
            try FileManager.default.copyItem(atPath: written, toPath: path)
        }
    }
    return [
        (try generated.copy(into: dir, as: "gen\(seed).jsonl"), generated.state),
        (try random.copy(into: dir, as: "log.jsonl"), random.state),
    ]
}

/// The Saltsjön world with a box and a lamp (`HeadCardTests.boxAndLamp`) in `dir`, rebuilt, and its store.
func rebuiltBoxAndLampLog(_ dir: TemporaryDirectory) throws -> (path: String, store: Store) {
    let (path, store) = try writeLog(dir)
    for command in HeadCardTests.boxAndLamp { try store.execute(command) }
    _ = try Rebuild(path: path).run(dryRun: false)
    return (path, store)
}

/// Appends two events that change no place: a `seen` of `thing`, and a hub's refusal of a
/// device's placement of the box in itself.
func appendSeenAndRefusal(_ store: Store, seen thing: ObjectID) throws {
    try store.execute(.seen(thing))
    let refusal = Store.Item(
        command: .place(Placement(object: oid("box"), relation: .in, target: oid("box"), axes: .both)),
        actor: "hub", commandID: nil,
        origin: Origin(device: "bo", deviceSeq: 1, deviceAt: Timestamp(milliseconds: 1_700_000_000_000)),
        refusal: { _ in Refusal(command: "place", object: oid("box"), code: "cycle", reason: "it would hold itself") })
    _ = try store.executeItems([refusal], policy: .skip)
}

/// The log the head readers' damage tests damage: 3,000 events of 700 objects, rebuilt, with its state by a replay
/// (written, rebuilt and replayed once for every suite that asks it; each test damages its own copy).
func rebuiltDamageLog(_ dir: TemporaryDirectory) throws -> (path: String, state: WorldState) {
    let log = try RebuiltLog.generated(events: 3000, objects: 700, seed: 8)
    return (try log.copy(into: dir, as: "damaged.jsonl"), log.state)
}

/// What a reader in place must do with a damaged head snapshot (see `damagingHeadSnapshot`): give way
/// to every question after some flipped bit, cut short and without the identity record; answer all
/// `all` with the good file.
func expectGivesWay(_ damage: HeadSnapshotDamage, all: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(damage.flipsAllGaveWay > 0, sourceLocation: sourceLocation)
    #expect(damage.cutShort == 0, "cut short", sourceLocation: sourceLocation)
    #expect(damage.restored == all, sourceLocation: sourceLocation)
    #expect(damage.noIdentity == 0, "no identity record", sourceLocation: sourceLocation)
}
