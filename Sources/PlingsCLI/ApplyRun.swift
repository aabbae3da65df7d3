import PlingsKit
import PlingsText

/// One run of `plings apply`: collects lines into batches and appends them,
/// or, with `--dry-run`, performs the same batches on an evolving copy of the
/// state (`Decided.batch`, as the store does) and says what they would do.
struct ApplyRun {
    let store: Store
    let context: Context
    let policy: Store.BatchPolicy
    let batchSize: Int
    var report = Commands.ApplyReport()
    var commands: [Command] = []
    var lineNumbers: [Int] = []
    /// The state as the dry run has evolved it.
    var dryState: WorldState
    /// The events the dry run has predicted, after the log's head (an undo line may name one).
    var predicted: UndoLookup.Pending
    /// The seq of the last event the dry run predicts to be appended.
    var predictedHead: Int64
    /// The command each command id first used in this dry run was given with.
    var dryCommandIDs: [String: Command] = [:]
    /// Whether a dry run says what each line would do (not with `--json`: the report alone).
    var tellsLines = true
    /// The batches being appended while the log stays locked (see `Store.BatchRun`), if any.
    private var batchRun: Store.BatchRun?
    /// Batches submitted to it, and the most one run takes before the lock is let go for others.
    private var batchesInRun = 0
    static let batchesPerRun = 8
    /// Known ids by case, for "did you mean" on a line naming an id in the wrong case.
    private var knownIDs = IDHint.Index()
    /// The report as of the last batch known to be on disk.
    private var durableReport: (appended: Int, batches: Int, committedThrough: Int) = (0, 0, 0)

    init(store: Store, context: Context, policy: Store.BatchPolicy, batchSize: Int, dryRun: Bool) {
        self.store = store
        self.context = context
        self.policy = policy
        self.batchSize = batchSize
        self.dryState = store.state
        predicted = UndoLookup.Pending(head: dryRun ? store.state : WorldState())
        predictedHead = store.cursor.lastSeq
        report.dryRun = dryRun
        commands.reserveCapacity(min(batchSize, 1 << 16))
    }

    /// Takes one non-blank line; returns whether to read on.
    mutating func take(_ number: Int, _ parsed: Result<CommandJSON.Line, CommandJSON.Reason>) throws -> Bool {
        report.read += 1
        switch parsed {
        case .failure(let reason):
            return try reject(number, reason.text)
        case .success(let line):
            let command: Command
            switch line.request {
            case .command(let c):
                command = c
            case .undo(let request):
                guard let resolved = try undo(number, request) else { return !report.stopped }
                command = resolved
            }
            if let cid = line.commandID {
                try flush()
                try endBatchRun()
                if !report.stopped { try single(number, command, cid) }
                return !report.stopped
            }
            commands.append(command)
            lineNumbers.append(number)
            if commands.count >= batchSize { try flush() }
            return !report.stopped
        }
    }

    /// A line that cannot be taken: stops the run under `stop`, is listed under `skip`
    /// (a dry run says it in its place). Returns whether to read on.
    private mutating func reject(_ number: Int, _ reason: String) throws -> Bool {
        if policy == .stop {
            try stop(at: number, reason)
            return false
        }
        if report.dryRun {
            // Under skip a batch's lines are decided alike wherever it ends: what comes before is said first.
            try flush()
            sayWouldRefuse(number, reason)
        }
        report.rejected.append(.init(line: number, reason: reason))
        return true
    }

    /// The undo a line asks for, looked up in the log as it is now: the lines
    /// before it are appended first, so an undo can name (or be) one of them.
    /// Nil when the line is rejected (no such event, or nothing undo can restore).
    /// A dry run looks in the log and then among the events it has predicted,
    /// as the run finds them in the log.
    private mutating func undo(_ number: Int, _ request: UndoLookup.Request) throws -> Command? {
        try flush()
        try endBatchRun()
        if report.stopped { return nil }
        do {
            guard store.cursor.lastSeq + Int64(predicted.events.count) > 0 else {
                switch request {
                case .seq(let seq): throw DomainError.cannotUndo(seq: seq, .unknownEvent)
                case .back: throw DomainError.cannotUndo(seq: 0, .nothingByActor)
                case .forward: throw DomainError.cannotUndo(seq: 0, .nothingToRedo)
                }
            }
            let pending = report.dryRun ? predicted : nil
            let plan = try UndoLookup.plan(request, actor: context.actor, path: store.path, pending: pending)
            return .undo(plan.basis)
        } catch let error as DomainError {
            _ = try reject(number, context.text.message(error))
            return nil
        }
    }

    /// Ends the run at a line that cannot be taken. Under `stop` the pending batch is
    /// dropped (naming its first refusal, if any); under `skip` it is appended first.
    /// A dry run says so.
    mutating func stop(at line: Int, _ reason: String) throws {
        if policy == .skip {
            try flush()
            try endBatchRun()
        } else if let (index, refusal) = firstRefusal() {
            let why = self.reason(refusal)
            sayWouldRefuse(lineNumbers[index], why)
            report.rejected.append(.init(line: lineNumbers[index], reason: why))
            sayNotAppended(lineNumbers.enumerated().filter { $0.offset != index }.map(\.element))
        } else {
            sayNotAppended(lineNumbers)
        }
        commands.removeAll()
        lineNumbers.removeAll()
        sayWouldRefuse(line, reason)
        report.rejected.append(.init(line: line, reason: reason))
        report.stopped = true
    }

    /// Appends what is pending and records the head.
    mutating func finish() throws {
        if !report.stopped { try flush() }
        try endBatchRun()
        report.head = store.cursor
        if report.dryRun { report.head.lastSeq = predictedHead }
        // In input order (a line that cannot be read is met before the refusals of its batch).
        report.rejected = report.rejected.enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }
        .map(\.element)
    }

    /// Hands the pending commands to the batch run (starting one when none is open): decided
    /// here, written on the run's writing thread while the next batch is read and decided.
    private mutating func flush() throws {
        guard !commands.isEmpty else { return }
        if report.dryRun { return try flushDry() }
        let submitted: Store.BatchRun.Submitted
        let run: Store.BatchRun
        do throws(StoreError) {
            if let open = batchRun { run = open } else { run = try Store.BatchRun(store: store, actor: context.actor) }
        } catch {
            guard case .domain(let refusal) = error else { throw partial(error) }
            refused(refusal)
            return
        }
        batchRun = run
        do throws(StoreError) {
            submitted = try run.submit(commands, policy: policy, tag: lineNumbers.last ?? 0)
        } catch {
            // The run is over: what it wrote before the failure is on disk.
            batchRun = nil
            batchesInRun = 0
            guard case .domain(let refusal) = error else { throw partial(error, failedRun: run.durable) }
            durableReport = (report.appended, report.batches, report.committedThrough)
            refused(refusal)
            return
        }
        report.committedThrough = lineNumbers.last ?? report.committedThrough
        // A batch whose every command was refused appended nothing: it is not counted.
        if submitted.events > 0 { report.batches += 1 }
        report.appended += submitted.events
        report.unchanged += submitted.unchanged
        for (index, error) in submitted.rejected {
            report.rejected.append(.init(line: lineNumbers[index], reason: reason(error)))
        }
        noteCaseTwins(except: submitted.rejected)
        commands.removeAll(keepingCapacity: true)
        lineNumbers.removeAll(keepingCapacity: true)
        batchesInRun += 1
        if batchesInRun >= Self.batchesPerRun { try endBatchRun() }
    }

    /// Before input is awaited: the batches handed over are written and the log's lock let go
    /// (the commands still pending stay pending). Returns true: read on.
    mutating func pause() throws -> Bool {
        try endBatchRun()
        return true
    }

    /// Waits for the batch run's writes and lets the log's lock go.
    private mutating func endBatchRun() throws {
        guard let run = batchRun else { return }
        batchRun = nil
        batchesInRun = 0
        do throws(StoreError) {
            try run.finish()
        } catch {
            throw partial(error, failedRun: run.durable)
        }
        report.head = store.cursor
        durableReport = (report.appended, report.batches, report.committedThrough)
    }

    /// A failure after earlier batches were appended says how far the input got, so a rerun can resume.
    /// `failedRun`: what a batch run that failed wrote before the failure.
    private mutating func partial(
        _ error: StoreError, failedRun: (batches: Int, events: Int, lastTag: Int?)? = nil
    ) -> Error {
        // What is on disk: the batches finished before, and those of the failed run written before the failure.
        if let (batches, events, lastTag) = failedRun {
            report.appended = durableReport.appended + events
            report.batches = durableReport.batches + batches
            report.committedThrough = lastTag ?? durableReport.committedThrough
        } else {
            (report.appended, report.batches, report.committedThrough) = durableReport
        }
        report.head = store.cursor
        guard report.appended > 0 else { return error }
        let text = context.text
        return CLIError.failure(
            text.message(error) + "; "
                + text(
                    .applyPartial,
                    [
                        "events": String(report.appended), "line": String(report.committedThrough),
                        "seq": String(report.head.lastSeq),
                    ]))
    }

    /// Stop policy: the batch is not appended; name the line that was refused.
    private mutating func refused(_ error: DomainError) {
        if let (index, refusal) = firstRefusal() {
            report.rejected.append(.init(line: lineNumbers[index], reason: reason(refusal)))
        } else {
            report.rejected.append(.init(line: lineNumbers.first ?? 0, reason: reason(error)))
        }
        report.stopped = true
        commands.removeAll(keepingCapacity: true)
        lineNumbers.removeAll(keepingCapacity: true)
    }

    /// A line with its own command id goes alone, so a retry of it is recognised.
    private mutating func single(_ number: Int, _ command: Command, _ cid: String) throws {
        if report.dryRun { return try singleDry(number, command, cid) }
        do {
            let outcome = try store.execute(command, actor: context.actor, commandID: cid)
            if !outcome.events.isEmpty { report.batches += 1 }
            report.appended += outcome.events.count
            if case .create(let id, _) = command, !outcome.events.isEmpty {
                caseTwin(of: id, line: number, in: store.state.registry)
            }
            // Already so, or a retry of a command id the log has: either way nothing changed.
            if outcome.events.isEmpty { report.unchanged += 1 }
        } catch {
            report.rejected.append(.init(line: number, reason: reason(error)))
            if policy == .stop { report.stopped = true }
        }
    }

    /// Records each create of the batch just decided (all but the `rejected`) whose id differs
    /// from an earlier id only in case.
    private mutating func noteCaseTwins(except rejected: [(index: Int, error: DomainError)]) {
        let refused = Set(rejected.map(\.index))
        let registry = store.state.registry
        for (index, command) in commands.enumerated() where !refused.contains(index) {
            guard case .create(let id, _) = command else { continue }
            caseTwin(of: id, line: lineNumbers[index], in: registry)
        }
    }

    /// The id that `id`, just created on input line `line`, differs from only in case, if any
    /// (recorded in the report). The known ids are `registry`'s, `id` among them.
    /// - Complexity: O(1) after the first call, which indexes the known ids (see `IDHint.Index`).
    @discardableResult
    mutating func caseTwin(of id: ObjectID, line: Int, in registry: ObjectRegistry) -> ObjectID? {
        guard let twin = knownIDs.caseOnly(id, in: registry) else { return nil }
        report.caseTwins.append(.init(line: line, id: id.rawValue, existing: twin.rawValue))
        return twin
    }

    /// Why a line was refused, in the user's language; for an unknown id that differs from a
    /// known one only in case, with "did you mean".
    mutating func reason(_ error: any Error) -> String {
        if let id = IDHint.unknownID(error),
            let near = knownIDs.caseOnly(id, in: report.dryRun ? dryState.registry : store.state.registry)
        {
            return context.text(.unknownObjectSuggest, ["id": id.rawValue, "suggestion": near.rawValue])
        }
        return context.text.message(anyError: error)
    }

    /// Performs the pending commands on a copy of the state, without appending; the first refused one, if any.
    private func firstRefusal() -> (Int, DomainError)? {
        var state = report.dryRun ? dryState : store.state
        var effects = EffectLog(recording: false)
        for (index, command) in commands.enumerated() {
            do {
                try state.perform(command, at: state.lastAt, actor: context.actor, effects: &effects)
            } catch {
                return (index, error)
            }
        }
        return nil
    }
}
