import Foundation
import PlingsKit
import PlingsPlatform
import PlingsText

/// Spreadsheets in and out: `plings import FILE` and `plings export --csv` (docs/import-export.md).
enum ExchangeCommands {
    static let all: [String: CommandDefinition] = [
        "import": CommandDefinition(
            spec: CommandSpec(positionals: ["FILE"], valued: ["--on-error"], flags: ["--dry-run", "--json"]),
            run: importCSV),
        "export": CommandDefinition(
            spec: CommandSpec(positionals: [], valued: ["--at"], flags: ["--csv", "--json"]), readsLog: true,
            run: export),
    ]

    // MARK: - Import

    static func importCSV(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let text = context.text
        let policy = try Commands.batchPolicy(args, text)
        let path = args.positionals[0]
        let source = path == "-" ? text(.stdinName) : Printable.quote(path)
        let fd = try openInput(path, text)
        defer { if fd != .standardInput { fd.close() } }
        var reader = CSVReader { (buffer: UnsafeMutableRawBufferPointer) throws(CSVProblem) -> Int in
            do throws(SystemErrno) { return try fd.read(into: buffer) } catch { throw .readFailed(error.code) }
        }
        let isNew = !FileManager.default.fileExists(atPath: context.logPath)
        let store = try context.openStore()
        let plan = ImportPlan(ImportTable.read(&reader, text), state: store.state)
        for problem in plan.problems {
            if case .csv(.readFailed(let code)) = problem.kind {
                throw CLIError.failure(text(.cannotRead, ["path": source, "reason": text.systemError(code)]))
            }
        }
        let dryRun = args.flag("--dry-run")
        let json = args.flag("--json")
        if !json { tellGenerated(plan.generated, context) }
        let tell = ImportTelling(plan: plan, context: context)
        let progress = ImportProgress(context: context, total: plan.steps.count)
        let report: Importer.Report
        do throws(ImportFailure) {
            report = try Importer.run(
                plan, store: store, actor: context.actor, policy: policy, dryRun: dryRun,
                observe: dryRun && !json ? { tell.step($0, $1, $2, $3, $4) } : nil, progress: progress.show)
        } catch {
            throw failure(error, text)
        }
        if isNew && report.written {
            context.terminal.err("plings: \(text(.newLog, ["path": Printable.quote(context.logPath)]))\n")
        }
        if json {
            writeReport(report, source: source, context)
        } else {
            sayReport(report, source: source, policy: policy, context)
        }
        return report.problems.isEmpty ? ExitStatus.ok : ExitStatus.failure
    }

    /// An import that stopped, saying what it wrote before (the batches stay; the same import
    /// again finishes it).
    private static func failure(_ failure: ImportFailure, _ text: Catalog) -> Error {
        switch failure {
        case .store(let error):
            return error
        case .partial(let error, let batches, let events, let head):
            guard batches > 0 else { return error }
            let values = [
                "batches": text.count(.countBatches, batches), "events": text.count(.countEvents, events),
                "seq": String(head.lastSeq),
            ]
            return CLIError.failure(text.message(error) + "; " + text(.importPartial, values))
        }
    }

    /// The file, or standard input for "-".
    private static func openInput(_ path: String, _ text: Catalog) throws -> FileDescriptor {
        if path == "-" { return .standardInput }
        do throws(SystemErrno) {
            return try Platform.open(path, .readOnly)
        } catch {
            throw CLIError.failure(
                text(.cannotRead, ["path": Printable.quote(path), "reason": text.systemError(error.code)]))
        }
    }

    /// "line 2: id 'kitchen' made from the name 'Kitchen'", for each id made from a name.
    private static func tellGenerated(_ generated: [ImportPlan.Generated], _ context: Context) {
        Commands.writeText(context) { out in
            for g in generated {
                let values = ["line": String(g.line), "id": g.id, "name": Printable.quote(g.name)]
                out.write(context.text(.importGenerated, values) + "\n")
            }
        }
    }

    /// The problems on stderr, then the summary.
    private static func sayReport(
        _ report: Importer.Report, source: String, policy: Store.BatchPolicy, _ context: Context
    ) {
        let t = context.text
        var problems = ""
        for problem in report.problems {
            problems += "plings: " + t.message(problem, source: source) + "\n"
            if problems.utf8.count > 1 << 16 {
                context.terminal.err(problems)
                problems = ""
            }
        }
        context.terminal.err(problems)
        let badRows = Set(report.problems.map(\.line)).count
        if !report.dryRun && policy == .stop && badRows > 0 {
            let errors = t.count(.countRowErrors, badRows)
            context.terminal.err("plings: " + t(.importNothingWritten, ["source": source, "errors": errors]) + "\n")
            return
        }
        let values = [
            "rows": t.count(.countRows, report.rows), "source": source,
            "created": t.count(.countNewThings, report.created), "changed": t.count(.countChanged, report.changed),
            "unchanged": t.count(.countUnchanged, report.unchanged), "rejected": t.count(.countRejected, badRows),
            "events": t.count(.countEvents, report.events), "batches": t.count(.countBatches, report.batches),
        ]
        context.terminal.out(t(report.dryRun ? .importDrySummary : .importSummary, values) + "\n")
        if report.batches > 1 {
            let note = t(
                .importBatches, ["batches": t.count(.countBatches, report.batches), "limit": "\(Importer.batchLimit)"])
            context.terminal.out(note + "\n")
        }
    }

    private static func writeReport(_ report: Importer.Report, source: String, _ context: Context) {
        Commands.writeJSON(context) {
            $0.object {
                $0.field("dryRun", report.dryRun)
                $0.field("written", report.written)
                $0.field("rows", report.rows)
                $0.field("created", report.created)
                $0.field("changed", report.changed)
                $0.field("unchanged", report.unchanged)
                $0.field("rejected", Set(report.problems.map(\.line)).count)
                $0.field("events", report.events)
                $0.field("batches", report.batches)
                $0.field("generated", array: report.generated) { w, g in
                    w.object {
                        $0.field("line", g.line)
                        $0.field("id", g.id)
                        $0.field("name", g.name)
                    }
                }
                $0.field("problems", array: report.problems) { w, p in
                    w.object {
                        $0.field("line", p.line)
                        $0.field("column", p.column?.number)
                        $0.field("header", p.column?.header)
                        $0.field("code", p.code)
                        $0.field("reason", context.text.reason(p.kind, source: source))
                    }
                }
                $0.field("head", seq: report.head.lastSeq, hash: report.head.lastHash)
            }
        }
    }
}

/// What a dry run of an import says each command would do, in the command's turn.
struct ImportTelling {
    let plan: ImportPlan
    let context: Context

    func step(
        _ step: Int, _ item: Decided.Item, _ events: ArraySlice<Event>, _ effects: ArraySlice<Effect>,
        _ state: WorldState
    ) {
        let line = plan.line(of: plan.steps[step])
        let t = context.text
        var out = ""
        if item.refusal != nil { return }  // said with the problems
        if item.decision?.isUnchanged ?? false { out += t(.applyWouldUnchanged, ["line": "\(line)"]) + "\n" }
        for event in events {
            let what = "#\(event.seq) " + Describe.event(event, state: state, t)
            out += t(.applyWould, ["line": "\(line)", "what": what]) + "\n"
        }
        for var values in Describe.drops(Array(effects), of: Array(events), state, t) {
            values["line"] = "\(line)"
            out += t(.applyWouldDrop, values) + "\n"
        }
        for note in item.decision?.notes ?? [] {
            out += t(.applyWouldNote, ["line": "\(line)", "note": t.message(note)]) + "\n"
        }
        context.terminal.out(out)
    }
}

/// The progress of a long import on a terminal: a line on stderr, redrawn at most five times a second.
final class ImportProgress: @unchecked Sendable {
    let context: Context
    let total: Int
    private var lastShown = 0.0
    private let shows: Bool

    init(context: Context, total: Int) {
        self.context = context
        self.total = total
        shows = context.terminal.errIsTTY && total >= 10_000
    }

    func show(_ phase: Importer.Phase, _ done: Int, _ total: Int) {
        guard shows else { return }
        let now = Monotonic.seconds()
        guard now - lastShown >= 0.2 || done == total else { return }
        lastShown = now
        let t = context.text
        let percent = total > 0 ? 100 * done / total : 100
        let line = t(
            .importProgress,
            [
                "phase": t(phase == .checking ? .importChecking : .importWriting), "done": "\(done)",
                "total": "\(total)", "percent": "\(percent)",
            ])
        context.terminal.err("\r" + line + "   ")
        if done == total { context.terminal.err("\n") }
    }
}

// MARK: - Export

extension ExchangeCommands {
    static func export(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        if args.flag("--csv") && args.flag("--json") { throw CLIError.usage(context.text(.exportOneFormat)) }
        let state = try Commands.state(args, context)
        let rows = WorldRows(state)
        if args.flag("--json") {
            Commands.writeJSON(context) {
                $0.object {
                    $0.field("asOfSeq", state.lastSeq)
                    $0.field("things", array: rows) { w, row in
                        w.object {
                            $0.field("id", row.id.rawValue)
                            $0.field("name", row.name)
                            $0.field("current", place: row.current)
                            $0.field("normal", place: row.home)
                            $0.key("loan")
                            if let loan = row.loan {
                                $0.object {
                                    $0.field("borrower", loan.borrower)
                                    $0.field("since", row.lentSince?.rfc3339)
                                    $0.field("due", loan.due?.description)
                                    $0.field("note", loan.note)
                                }
                            } else {
                                $0.null()
                            }
                        }
                    }
                }
            }
            return ExitStatus.ok
        }
        rows.csv(context.text, to: context.terminal.out)
        return ExitStatus.ok
    }
}

extension JSONWriter {
    /// `"current":{"target":"kitchen","relation":"in"}`, with nulls at World.
    mutating func field(_ name: String, place: (target: ObjectID, relation: Relation)?) {
        field(
            name,
            object: {
                $0.field("target", place?.target.rawValue)
                $0.field("relation", place.map { $0.relation.token })
            })
    }
}
