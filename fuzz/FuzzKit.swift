// libFuzzer entry point for the readers of the cache files and of sync
// messages: the snapshot reader, the object timeline reader, and the sync
// message readers (the frame reader, WireJSON, the pushed-command and verdict
// lines in both forms). PLINGS_FUZZ_TARGET picks one: snapshot, timeline or
// sync. Every input must be read or refused without a crash, and what is read
// must read back the same after it is written again. Cache files are resealed
// first (every checksum made right, as a forger who can write the cache folder
// would), so the fuzzer reaches the readers past the checksums.
// Built by scripts/fuzz.sh; not part of the package.

#if canImport(Glibc)
    import Glibc
#endif

enum FuzzTarget: String {
    case snapshot, timeline, sync
}

let target: FuzzTarget = {
    guard let name = environmentValue("PLINGS_FUZZ_TARGET"), let target = FuzzTarget(rawValue: name)
    else {
        fputs("set PLINGS_FUZZ_TARGET to snapshot, timeline or sync\n", stderr)
        exit(2)
    }
    return target
}()

func crash(_ what: String) -> Never {
    fputs("FUZZ FAILURE: \(what)\n", stderr)
    abort()
}

/// A folder of its own for this process.
let scratch = scratchFolder

/// A small log, rebuilt (head snapshot and object timeline), with the paths of its cache files.
struct World {
    let log: String
    let snapshot: String
    let timeline: String
    let ids: [ObjectID]
    let points: [ReplayLimit]
}

let world: World = {
    let log = scratch + "/log.jsonl"
    do {
        _ = try SyntheticLog(events: 600, objects: 60, seed: 20).write(to: log)
        _ = try Rebuild(path: log).run(dryRun: false)
    } catch {
        crash("the fuzzer's world could not be made: \(error)")
    }
    let cache = SnapshotCache(logPath: log)
    guard let snapshot = cache.entries().last?.path, let timeline = cache.timelineEntries().last?.path else {
        crash("the fuzzer's world has no snapshot or timeline")
    }
    let ids = [0, 1, 2, 7, 30, 59].map { ObjectID(unchecked: SyntheticLog.code($0)) }
    let points: [ReplayLimit] = [.seq(1), .seq(100), .seq(333), .seq(599), .time(Timestamp(milliseconds: 0))]
    return World(log: log, snapshot: snapshot, timeline: timeline, ids: ids, points: points)
}()

func readFile(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { return [] }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let got = fread(&buffer, 1, buffer.count, f)
        if got <= 0 { break }
        out += buffer[0..<got]
    }
    return out
}

func writeFile(_ bytes: [UInt8], _ path: String) {
    guard let f = fopen(path, "wb") else { crash("cannot write \(path)") }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

/// `bytes` as a snapshot with every checksum made right: each section's (as the
/// table places the sections one after another), each block's, the block
/// table's and the header's.
func resealedSnapshot(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= SnapshotHeader.blockTableOffset else { return bytes }
    var out = bytes
    let claimed = SnapshotReader.word(out, SnapshotHeader.checksumOffset - 16)
    if claimed <= UInt64(out.count / 8), SnapshotHeader.blockTableOffset + 8 * Int(claimed) <= out.count {
        var at = SnapshotHeader.blockTableOffset + 8 * Int(claimed)
        for k in 0..<Snapshot.sectionCount {
            let entry = Snapshot.headerPrefix + k * SnapshotSection.tableBytes
            let stored = SnapshotReader.word(out, entry + 16)
            guard stored <= UInt64(out.count - at) else { break }
            let sum = Checksum64.of(Array(out[at..<(at + Int(stored))]))
            withUnsafeBytes(of: sum.littleEndian) { out.replaceSubrange((entry + 24)..<(entry + 32), with: $0) }
            at += Int(stored)
        }
    }
    return SealedHeader.resealed(out, checksumOffset: SnapshotHeader.checksumOffset)
}

/// The snapshot reader: the whole world from memory, a few cards through the
/// partial reader (what a card at the head reads), and the card at the head
/// from the file. A snapshot that reads must encode to bytes that read the same.
func fuzzSnapshot(_ input: [UInt8]) {
    for bytes in [input, resealedSnapshot(input)] {
        if let snapshot = Snapshot.decode(bytes) {
            guard let again = Snapshot.decode(snapshot.encoded()) else { crash("a read snapshot does not read again") }
            if again.state != snapshot.state || again.cursor != snapshot.cursor {
                crash("a read snapshot reads back otherwise")
            }
        }
        bytes.withUnsafeBytes { raw in
            guard let view = SnapshotView(.memory(raw), readBudget: 1 << 16) else { return }
            let reading = FootprintReading(view)
            for id in world.ids { _ = view.index(of: id).map { Card($0, reading: reading) } }
        }
    }
    writeFile(resealedSnapshot(input), world.snapshot)
    for id in world.ids { _ = HeadCard.answer(id, logPath: world.log) }
}

/// The object timeline reader: cards at past points and the objects not made yet.
func fuzzTimeline(_ input: [UInt8]) {
    writeFile(TimelineFile.resealed(input), world.timeline)
    for point in world.points {
        _ = PastCard.objectCount(logPath: world.log, seq: 300)
        for id in world.ids {
            _ = PastCard.answer(id, logPath: world.log, at: point, readBudget: 1 << 16)
            _ = PastCard.notYet(id, logPath: world.log, at: point)
        }
    }
}

/// The sync readers: the input as one message (the frame reader), and each of
/// its lines as JSON, a pushed command, a verdict and a compact pushed
/// command, and all its lines as compact verdicts. What reads must be written
/// back to bytes that read the same.
func fuzzSync(_ input: [UInt8]) {
    if let message = try? SyncMessage.parse(input) {
        guard let again = try? SyncMessage.parse(message.bytes) else { crash("a read message does not read again") }
        if again.body != message.body { crash("a read message's body reads back otherwise") }
    }
    let lines = LineSplit.wholeLines(input) + [input[(LineSplit.lastEnd(in: input).map { $0 + 1 } ?? 0)...]]
    for line in lines {
        if let value = WireJSON.parse(line) {
            let bytes = WireJSON.encode(value)
            guard let again = WireJSON.parse(bytes[...]) else { crash("written JSON does not read: \(bytes)") }
            if WireJSON.encode(again) != bytes { crash("written JSON reads back otherwise: \(bytes)") }
        }
        if let pushed = try? SyncLines.pushed(line) {
            if (try? SyncLines.pushed(SyncLines.line(pushed)[...])) != pushed {
                crash("a pushed command reads back otherwise: \(pushed)")
            }
            if let compact = SyncLines.compact(pushed), (try? SyncLines.compactPushed(compact[...]))?.0 != pushed {
                crash("a pushed command in the compact form reads back otherwise: \(pushed)")
            }
        }
        if let verdict = try? SyncLines.verdict(line), (try? SyncLines.verdict(SyncLines.line(verdict)[...])) != verdict {
            crash("a verdict reads back otherwise: \(verdict)")
        }
        if let (pushed, _) = try? SyncLines.compactPushed(line), let compact = SyncLines.compact(pushed),
            (try? SyncLines.compactPushed(compact[...]))?.0 != pushed
        {
            crash("a compact pushed command reads back otherwise: \(pushed)")
        }
    }
    let body = lines.map(Array.init)
    if let verdicts = try? SyncLines.verdicts(compact: body, limit: 4096) {
        let again = try? SyncLines.verdicts(compact: SyncLines.compactVerdicts(verdicts), limit: 4096)
        if again != verdicts { crash("compact verdicts read back otherwise") }
    }
}

/// Writes the seed corpus of `target` into the folder PLINGS_FUZZ_SEEDS names.
func writeSeeds(_ dir: String) {
    switch target {
    case .snapshot: writeFile(readFile(world.snapshot), dir + "/snapshot")
    case .timeline: writeFile(readFile(world.timeline), dir + "/timeline")
    case .sync:
        let pushed = SyncProtocol.Pushed(
            dseq: 3, dat: "2026-12-01T21:07:00.123Z", seen: 41,
            command: WireCommand(kind: "place", object: "5GgB", relation: "in", target: "yTvK", axes: ["current"]))
        let verdicts = [
            SyncProtocol.Verdict(dseq: 1, verdict: "accepted", seq: 42, code: nil, reason: nil),
            SyncProtocol.Verdict(dseq: 2, verdict: "refused", seq: 43, code: "unknown-object", reason: "no \"x\"\n"),
        ]
        writeFile(SyncLines.line(pushed) + [0x0A], dir + "/pushed")
        writeFile((SyncLines.compact(pushed) ?? []) + [0x0A], dir + "/compact")
        writeFile(verdicts.flatMap { SyncLines.line($0) + [0x0A] }, dir + "/verdicts")
        writeFile(SyncLines.compactVerdicts(verdicts).flatMap { $0 + [0x0A] }, dir + "/compact-verdicts")
        let message = SyncMessage(
            SyncProtocol.Header(op: "push", protocol: SyncProtocol.version, head: nil), body: [SyncLines.line(pushed)])
        writeFile(message.bytes, dir + "/message")
    }
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    _ = target
    if target != .sync { _ = world }
    if let dir = environmentValue("PLINGS_FUZZ_SEEDS") {
        writeSeeds(dir)
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    switch target {
    case .snapshot: fuzzSnapshot(input)
    case .timeline: fuzzTimeline(input)
    case .sync: fuzzSync(input)
    }
    return 0
}
