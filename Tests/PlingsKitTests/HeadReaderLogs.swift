import PlingsKit
import PlingsTestSupport
import Testing

/// The logs the head readers' differential tests ask (find and stocktake):
/// a generated log (6,000 events of 2,000 objects; 24,000 of 6,000 with
/// PLINGS_STRESS) and a log of random commands, both in `dir` and rebuilt,
/// each with its state by a replay without any cache.
func rebuiltHeadLogs(_ dir: TemporaryDirectory, seed: Int) throws -> [(path: String, state: WorldState)] {
    let generated = dir.file("gen\(seed).jsonl")
    _ = try SyntheticLog(
        events: Stress.enabled ? 24000 : 6000, objects: Stress.enabled ? 6000 : 2000, seed: UInt64(seed)
    ).write(to: generated)
    let (random, _) = try writeLog(dir, extra: 150, seed: UInt64(seed))
    return try [generated, random].map { path in
        _ = try Rebuild(path: path).run(dryRun: false)
        return (path, try Timeline(path: path, useSnapshots: false).state().state)
    }
}

/// The log the head readers' damage tests damage: 3,000 events of 700 objects, rebuilt, with its state by a replay.
func rebuiltDamageLog(_ dir: TemporaryDirectory) throws -> (path: String, state: WorldState) {
    let path = dir.file("damaged.jsonl")
    _ = try SyntheticLog(events: 3000, objects: 700, seed: 8).write(to: path)
    _ = try Rebuild(path: path).run(dryRun: false)
    return (path, try Timeline(path: path, useSnapshots: false).state().state)
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
