import PlingsKit
import PlingsText

/// One run of `plings apply`: collects decided lines into batches and appends
/// them, or, with `--dry-run`, decides each line against an evolving copy of
/// the state and says what it would do.
struct ApplyRun {
    let store: Store
    let context: Context
    let policy: Store.BatchPolicy
    let batchSize: Int
    var report = Commands.ApplyReport()
    private var commands: [Command] = []
    private var lineNumbers: [Int] = []
    /// The state as the dry run has evolved it.
    var dryState: WorldState

    init(store: Store, context: Context, policy: Store.BatchPolicy, batchSize: Int, dryRun: Bool) {
        self.store = store
        self.context = context
        self.policy = policy
        self.batchSize = batchSize
        self.dryState = store.state
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
            case .undo(let seq):
                guard let resolved = try undo(number, seq) else { return !report.stopped }
                command = resolved
            }
            if report.dryRun { return decideDry(number, command, commandID: line.commandID) }
            if let cid = line.commandID {
                try flush()
                if !report.stopped { single(number, command, cid) }
                return !report.stopped
            }
            commands.append(command)
            lineNumbers.append(number)
            if commands.count >= batchSize { try flush() }
            return !report.stopped
        }
    }

    /// A line that cannot be taken: said at once in a dry run; stops the run
    /// under `stop`, is listed under `skip`. Returns whether to read on.
    private mutating func reject(_ number: Int, _ reason: String) throws -> Bool {
        if report.dryRun {
            context.terminal.out(context.text(.applyWouldRefuse, ["line": "\(number)", "reason": reason]) + "\n")
        }
        if policy == .stop {
            try stop(at: number, reason)
            return false
        }
        report.rejected.append(.init(line: number, reason: reason))
        return true
    }

    /// The undo a line asks for, looked up in the log as it is now: the lines
    /// before it are appended first, so an undo can name (or be) one of them.
    /// Nil when the line is rejected (no such event, or nothing undo can restore).
    /// A dry run looks only at what is in the log already.
    private mutating func undo(_ number: Int, _ seq: Int64?) throws -> Command? {
        if !report.dryRun {
            try flush()
            if report.stopped { return nil }
        }
        do {
            guard store.cursor.lastSeq > 0 else {
                throw DomainError.cannotUndo(seq: seq ?? 0, seq == nil ? .nothingByActor : .unknownEvent)
            }
            return .undo(try UndoLookup.basis(seq: seq, actor: context.actor, path: store.path))
        } catch let error as DomainError {
            _ = try reject(number, context.text.message(error))
            return nil
        }
    }

    /// Ends the run at a line that cannot be taken. Under `stop` the pending batch is
    /// dropped (naming its first refusal, if any); under `skip` it is appended first.
    mutating func stop(at line: Int, _ reason: String) throws {
        if policy == .skip {
            try flush()
        } else if !report.dryRun, let (index, refusal) = firstRefusal() {
            report.rejected.append(.init(line: lineNumbers[index], reason: context.text.message(refusal)))
        }
        commands.removeAll()
        lineNumbers.removeAll()
        report.rejected.append(.init(line: line, reason: reason))
        report.stopped = true
    }

    /// Appends what is pending and records the head.
    mutating func finish() throws {
        if !report.stopped { try flush() }
        if report.dryRun {
            report.head = store.cursor
            report.head.lastSeq = dryState.lastSeq
        } else {
            report.head = store.cursor
        }
    }

    private mutating func flush() throws {
        guard !commands.isEmpty, !report.dryRun else { return }
        let result: Store.BatchResult
        do {
            result = try store.executeBatch(commands, actor: context.actor, policy: policy, recordEffects: false)
        } catch {
            guard case .domain(let refusal) = error else { throw partial(error) }
            refused(refusal)
            return
        }
        report.committedThrough = lineNumbers.last ?? report.committedThrough
        report.head = store.cursor
        report.batches += 1
        report.appended += result.outcome.events.count
        for (index, error) in result.rejected {
            report.rejected.append(.init(line: lineNumbers[index], reason: context.text.message(error)))
        }
        commands.removeAll(keepingCapacity: true)
        lineNumbers.removeAll(keepingCapacity: true)
    }

    /// A failure after earlier batches were appended says how far the input got, so a rerun can resume.
    private func partial(_ error: StoreError) -> Error {
        guard report.appended > 0 else { return error }
        let text = context.text
        return CLIError.failure(
            text.message(store: error) + "; "
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
            report.rejected.append(.init(line: lineNumbers[index], reason: context.text.message(refusal)))
        } else {
            report.rejected.append(.init(line: lineNumbers.first ?? 0, reason: context.text.message(error)))
        }
        report.stopped = true
        commands.removeAll(keepingCapacity: true)
        lineNumbers.removeAll(keepingCapacity: true)
    }

    /// A line with its own command id goes alone, so a retry of it is recognised.
    private mutating func single(_ number: Int, _ command: Command, _ cid: String) {
        do {
            let outcome = try store.execute(command, actor: context.actor, commandID: cid)
            if !outcome.events.isEmpty { report.batches += 1 }
            report.appended += outcome.events.count
        } catch {
            report.rejected.append(.init(line: number, reason: context.text.message(anyError: error)))
            if policy == .stop { report.stopped = true }
        }
    }

    /// Decides the pending commands without appending; the first refused one, if any.
    private func firstRefusal() -> (Int, DomainError)? {
        var state = store.state
        for (index, command) in commands.enumerated() {
            do {
                for payload in try Decider.decide(command, state: state) {
                    _ = state.apply(Event(seq: state.lastSeq + 1, at: state.lastAt, payload: payload))
                }
            } catch {
                return (index, error)
            }
        }
        return nil
    }
}
