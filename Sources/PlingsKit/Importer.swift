/// Performs an `ImportPlan`: its commands are decided in batches by the one function every
/// write uses (`Decided.batch`, on a copy of the state), which says what the import would do;
/// a dry run stops there, and a run then appends the same batches (`Store.BatchRun`, which
/// decides each again against the log's own state, the same as the copy's: the log stays
/// locked from the check to the last batch).
///
/// Nothing is written when a row has a problem, unless the policy is `skip`: then the rows
/// without one are imported. Up to `batchLimit` commands are one batch, so an import of that
/// size is on disk whole or not at all; a longer one is written in batches of that size,
/// each whole or not at all, and one killed halfway leaves the first batches (importing the
/// same file again finishes it: rows already done change nothing).
package enum Importer {
    /// The most commands (and so events) in one batch: what a device can pull from a hub in one answer.
    package static let batchLimit = 100_000

    /// What an import did, or would do.
    package struct Report: Sendable {
        package var dryRun = false
        /// Rows read (header and blank lines aside).
        package var rows = 0
        /// Things created (rows about things the log did not know).
        package var created = 0
        /// Rows about known things that changed them (a rename, a placement).
        package var changed = 0
        /// Rows that changed nothing.
        package var unchanged = 0
        /// Events appended (or that would be).
        package var events = 0
        /// Batches appended (or that would be).
        package var batches = 0
        /// Ids made from names.
        package var generated: [ImportPlan.Generated] = []
        /// Every problem, the decider's refusals among them, by line.
        package var problems: [ImportProblem] = []
        /// Whether anything was written.
        package var written = false
        /// The log's head after the import.
        package var head = LogCursor()
    }

    /// The two parts of a run, for progress.
    package enum Phase: Sendable {
        case checking
        case writing
    }

    /// One command as the check performs it: its step, what the decider made of it, its events
    /// and effects, and the state after it (for a dry run's account).
    package typealias Observer = (
        _ step: Int, _ item: Decided.Item, _ events: ArraySlice<Event>, _ effects: ArraySlice<Effect>,
        _ state: WorldState
    ) -> Void

    /// Checks `plan` against `store`'s state and, unless `dryRun`, appends it.
    /// - Parameters:
    ///   - observe: shown each command as the check performs it.
    ///   - progress: the phase, commands done and their total, now and then.
    /// - Throws: `ImportFailure`: the `StoreError` when the log cannot be locked, read or
    ///   written, with the batches written before a failed one (they stay; see `Store.BatchRun`).
    package static func run(
        _ plan: ImportPlan, store: Store, actor: String?, policy: Store.BatchPolicy, dryRun: Bool,
        batchLimit: Int = batchLimit, observe: Observer? = nil, progress: (Phase, Int, Int) -> Void = { _, _, _ in }
    ) throws(ImportFailure) -> Report {
        // Where the run would be refused its first write (a device's mirror), so is the dry run.
        if let refusal = store.appendRefusal() { throw .store(.log(refusal)) }
        var report = check(
            plan, store.state, actor: actor, batchLimit: batchLimit, observe: observe, progress: progress)
        report.dryRun = dryRun
        report.head = store.cursor
        if dryRun || (policy == .stop && !report.problems.isEmpty) || report.events == 0 { return report }
        let run: Store.BatchRun
        do throws(StoreError) { run = try Store.BatchRun(store: store, actor: actor) } catch { throw .store(error) }
        if store.cursor != report.head {
            // The log moved on between the check and the lock: check again, against what it holds now.
            report = check(plan, store.state, actor: actor, batchLimit: batchLimit, observe: nil, progress: progress)
            report.head = store.cursor
            if (policy == .stop && !report.problems.isEmpty) || report.events == 0 {
                do throws(StoreError) { try run.finish() } catch { throw .store(error) }
                return report
            }
        }
        do throws(StoreError) {
            try write(plan, run, policy: policy, batchLimit: batchLimit, progress: progress)
            try run.finish()
        } catch {
            let written = run.durable
            throw .partial(error, batches: written.batches, events: written.events, head: store.cursor)
        }
        report.written = true
        report.head = store.cursor
        return report
    }

    /// Performs every batch of `plan` on a copy of `state`: what the import would do.
    static func check(
        _ plan: ImportPlan, _ state: WorldState, actor: String?, batchLimit: Int, observe: Observer?,
        progress: (Phase, Int, Int) -> Void
    ) -> Report {
        var state = state
        return perform(plan, on: &state, actor: actor, batchLimit: batchLimit, observe: observe, progress: progress)
    }

    /// Performs every batch of `plan` on `state` (under `skip`: a refused command is a problem
    /// of its row, and the others go on), as `Decided.batch` performs them for the store.
    /// - Returns: what the import does, with every problem of the file and its rows.
    package static func perform(
        _ plan: ImportPlan, on state: inout WorldState, actor: String?, batchLimit: Int = batchLimit,
        observe: Observer? = nil, progress: (Phase, Int, Int) -> Void = { _, _, _ in }
    ) -> Report {
        var report = Report()
        report.rows = plan.rowsRead
        report.generated = plan.generated
        report.problems = plan.problems
        // What each entry's commands did: 1 created, 2 changed.
        var outcome = [UInt8](repeating: 0, count: plan.entries.count)
        for start in stride(from: 0, to: plan.steps.count, by: batchLimit) {
            progress(.checking, start, plan.steps.count)
            let steps = plan.steps[start..<min(start + batchLimit, plan.steps.count)]
            let items = steps.map { Store.Item(command: plan.command($0), actor: actor, commandID: nil) }
            var effects = EffectLog(recording: observe != nil)
            let decided = Decided.batch(
                items, in: &state, at: state.lastAt, commandID: nil, policy: .skip, effects: &effects
            ) { item, events, effects, state in
                let step = steps[start + item.index]
                if !events.isEmpty { outcome[Int(step.entry)] |= step.action == .create ? 1 : 2 }
                observe?(start + item.index, item, events, effects, state)
            }
            for (index, error) in decided.rejected {
                let step = steps[start + index]
                report.problems.append(
                    ImportProblem(line: plan.line(of: step), column: plan.column(for: step), .refused(error)))
            }
            report.events += decided.events.count
            if !decided.events.isEmpty { report.batches += 1 }
        }
        progress(.checking, plan.steps.count, plan.steps.count)
        report.count(outcome, plan)
        return report
    }

    /// Appends the batches of `plan` to the locked log.
    private static func write(
        _ plan: ImportPlan, _ run: Store.BatchRun, policy: Store.BatchPolicy, batchLimit: Int,
        progress: (Phase, Int, Int) -> Void
    ) throws(StoreError) {
        for start in stride(from: 0, to: plan.steps.count, by: batchLimit) {
            progress(.writing, start, plan.steps.count)
            let steps = plan.steps[start..<min(start + batchLimit, plan.steps.count)]
            _ = try run.submit(steps.map(plan.command), policy: policy, tag: start)
        }
        progress(.writing, plan.steps.count, plan.steps.count)
    }
}

extension Importer.Report {
    /// Counts the rows by what their commands did (`outcome`: 1 created, 2 changed, by entry),
    /// and puts the problems in the file's order.
    fileprivate mutating func count(_ outcome: [UInt8], _ plan: ImportPlan) {
        let refused = Set(problems.map(\.line))
        for (i, entry) in plan.entries.enumerated() where !entry.bad {
            switch outcome[i] {
            case 0: if !refused.contains(entry.line) { unchanged += 1 }
            case 1, 3: created += 1
            default: changed += 1
            }
        }
        problems.sort { ($0.line, $0.column?.number ?? 0) < ($1.line, $1.column?.number ?? 0) }
    }
}

/// Why an import stopped: the store's error, and what was written before it.
package enum ImportFailure: Error {
    /// Nothing was written.
    case store(StoreError)
    /// `batches` batches (`events` events) were written, each whole, before the failure; the log
    /// ends at `head`.
    case partial(StoreError, batches: Int, events: Int, head: LogCursor)
}
