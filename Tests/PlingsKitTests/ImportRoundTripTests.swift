import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsKit

/// A random world: commands from the generator, the refused ones left out.
func randomWorld(seed: UInt64, commands: Int = 300, objects: Int = 14) -> WorldState {
    var rng = SplitMix64(seed: seed)
    var state = WorldState()
    for _ in 0..<commands {
        _ = try? Replay.step(Generators.command(objects: objects, &rng), &state)
    }
    return state
}

/// The world of `state` as CSV in `language`.
func exportCSV(_ state: WorldState, _ language: Language = .en) -> String {
    var out = ""
    WorldRows(state).csv(Catalog(language)) { out += $0 }
    return out
}

/// `csv` with its 'lent since' cells emptied: what a re-export after an import keeps (the
/// imported loans begin at the import; the file's since is checked, not kept).
func withoutSince(_ csv: String) -> String {
    var reader = CSVReader(bytes: Array(csv.utf8))
    let column = ImportColumn.lentSince.rawValue
    var out = ""
    while (try? reader.next()) == true {
        var cells = (0..<reader.count).map { (try? reader.string($0)) ?? "" }
        if reader.line > 1, column < cells.count { cells[column] = "" }
        CSVWriter.record(cells, to: &out)
    }
    return out
}

@Suite("Export, then import: the same world")
struct ImportRoundTripTests {
    @Test(
        "a random world exported and imported into an empty log is the same world, by every projection",
        arguments: 0..<40)
    func roundTrip(seed: UInt64) {
        let original = randomWorld(seed: seed)
        let csv = exportCSV(original, seed % 2 == 0 ? .en : .sv)
        var imported = WorldState()
        let report = importing(csv, into: &imported)
        #expect(report.problems.isEmpty, "seed \(seed): \(problemCodes(report.problems))")
        #expect(Invariants.violations(imported).isEmpty, "seed \(seed)")
        let (a, b) = (Fingerprint(original), Fingerprint(imported))
        #expect(a.world == b.world, "seed \(seed)\n\(csv)")
        if original.status.archives.isEmpty {
            // Nothing archived: every thing is in the file, in the order it was made.
            #expect(a.registry == b.registry, "seed \(seed)")
            #expect(a.currentParents == b.currentParents && a.normalParents == b.normalParents, "seed \(seed)")
            #expect(a.currentPositional == b.currentPositional, "seed \(seed)")
            #expect(a.normalPositional == b.normalPositional, "seed \(seed)")
        }
        let reexported = exportCSV(imported, seed % 2 == 0 ? .en : .sv)
        #expect(withoutSince(reexported) == withoutSince(csv) || !original.status.archives.isEmpty)
        // Importing it again, into the copy or into the world it came from, changes nothing.
        var again = imported
        #expect(importing(csv, into: &again).events == 0, "seed \(seed)")
        var same = original
        let back = importing(csv, into: &same)
        #expect(back.events == 0 && back.problems.isEmpty, "seed \(seed): \(problemCodes(back.problems))")
    }

    @Test("the rows in any order make the same world", arguments: 0..<20)
    func anyOrder(seed: UInt64) {
        let original = randomWorld(seed: seed + 1000)
        var rows = exportCSV(original).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let header = rows.removeFirst()
        var rng = SplitMix64(seed: seed)
        rows.shuffle(using: &rng)
        var imported = WorldState()
        let report = importing(([header] + rows).joined(separator: "\n"), into: &imported)
        #expect(report.problems.isEmpty, "seed \(seed): \(problemCodes(report.problems))")
        #expect(Fingerprint(original).world == Fingerprint(imported).world, "seed \(seed)")
    }

    @Test("the world digest tells worlds apart: a name, a container, a relation, an axis")
    func worldDigest() throws {
        let base = try Saltsjon.state()
        let digest = Fingerprint(base).world
        let changes: [Command] = [
            .rename(oid("yTvK"), name: "Blå låda"),
            .place(Placement(object: oid("yTvK"), relation: .in, target: oid("5GgB"), axes: .both)),
            .place(Placement(object: oid("yTvK"), relation: .on, target: oid("koksbordet"), axes: .both)),
            .place(Placement(object: oid("yTvK"), relation: .under, target: oid("koksbordet"), axes: .normal)),
            .archive(oid("yTvK"), note: nil, withContents: false),
        ]
        for change in changes {
            let other = try Replay.run([change], into: base)
            #expect(Fingerprint(other).world != digest, "\(change)")
        }
        // The same world reached another way has the same digest.
        let detour = try Replay.run(
            [
                .place(Placement(object: oid("yTvK"), relation: .in, target: oid("5GgB"), axes: .both)),
                .place(Placement(object: oid("yTvK"), relation: .in, target: oid("koksbordet"), axes: .both)),
            ], into: base)
        #expect(Fingerprint(detour).world == digest && Fingerprint(detour).replay != Fingerprint(base).replay)
    }
}
