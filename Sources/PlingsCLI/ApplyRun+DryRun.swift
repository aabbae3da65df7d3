import PlingsKit
import PlingsText

/// `apply --dry-run`: the run minus the write. The same lines make the same batches, each
/// performed by the one batch function the store uses (`Decided.batch`), on the dry run's
/// state instead of the store's; then what each line would do is said in its place.
extension ApplyRun {
    /// Performs the pending batch on the dry run's state and says what it would do; under
    /// `stop`, a refusal keeps the whole batch out, as the run's would.
    mutating func flushDry() throws {
        let items = commands.map { Store.Item(command: $0, actor: context.actor, commandID: nil) }
        try sayBatch(items, commandID: nil, policy: policy, lines: lineNumbers)
        commands.removeAll(keepingCapacity: true)
        lineNumbers.removeAll(keepingCapacity: true)
    }

    /// A line with its own command id, alone in its batch, as the run appends it.
    mutating func singleDry(_ number: Int, _ command: Command, _ cid: String) throws {
        let item = Store.Item(command: command, actor: context.actor, commandID: nil)
        if let seq = dryState.commandIDs[cid] {
            // As the store decides it: the same command again is already done, another is refused.
            let retry: Bool
            if let earlier = dryCommandIDs[cid] {
                retry = earlier == command || (earlier.isUndo && command.isUndo)
            } else {
                retry = try store.isRetry([item], commandID: cid, seq: seq)
            }
            if retry {
                tell(context.text(.applyWouldAlreadyDone, ["line": "\(number)", "seq": "\(seq)"]))
                report.unchanged += 1
            } else {
                let why = reason(StoreError.domain(.commandIDReused(cid, seq: seq)))
                sayWouldRefuse(number, why)
                report.rejected.append(.init(line: number, reason: why))
                if policy == .stop { report.stopped = true }
            }
            return
        }
        dryCommandIDs[cid] = command
        try sayBatch([item], commandID: cid, policy: .stop, lines: [number])
        // The run goes on past a refused line of its own unless it stops on errors.
        if policy == .skip { report.stopped = false }
    }

    /// Performs one batch and says what it would append, line by line (each as of its own turn:
    /// names as they are then).
    private mutating func sayBatch(
        _ items: [Store.Item], commandID: String?, policy: Store.BatchPolicy, lines: [Int]
    ) throws {
        // Where the run would be refused its first write (a device's mirror), so is the dry run.
        if let refusal = store.appendRefusal() { throw StoreError.log(refusal) }
        var effects = EffectLog(recording: true)
        var said: [Said] = []
        let t = context.text
        let decided = Decided.batch(
            items, in: &dryState, at: dryState.lastAt, commandID: commandID, policy: policy, effects: &effects
        ) { item, events, effects, state in
            said.append(contentsOf: Said.lines(item, line: lines[item.index], Array(events), Array(effects), state, t))
        }
        if decided.failure != nil, let (index, error) = decided.rejected.last {
            // Nothing of this batch would be appended; the run stops here.
            let why = reason(error)
            sayWouldRefuse(lines[index], why)
            report.rejected.append(.init(line: lines[index], reason: why))
            sayNotAppended(lines.enumerated().filter { $0.offset != index }.map(\.element))
            report.stopped = true
            return
        }
        predicted.events.append(contentsOf: decided.events)
        predictedHead = dryState.lastSeq
        report.appended += decided.events.count
        report.unchanged += decided.unchanged.count
        for entry in said {
            switch entry {
            case .text(let line):
                tell(line)
            case .refused(let line, let error):
                let why = reason(error)
                sayWouldRefuse(line, why)
                report.rejected.append(.init(line: line, reason: why))
            case .created(let line, let id):
                // As the run notes them: against the ids known once the batch is decided.
                guard let twin = caseTwin(of: id, line: line, in: dryState.registry) else { continue }
                let note = t(.noteCaseTwin, ["id": id.rawValue, "existing": twin.rawValue])
                tell(t(.applyWouldNote, ["line": "\(line)", "note": note]))
            }
        }
    }

    /// What a line of a batch would do, as it is performed; said once the batch stands.
    enum Said {
        case text(String)
        case refused(line: Int, DomainError)
        case created(line: Int, ObjectID)

        /// One line's refusal, or its events, the positional relations they would drop, and the notes.
        static func lines(
            _ item: Decided.Item, line: Int, _ events: [Event], _ effects: [Effect], _ state: WorldState, _ t: Catalog
        ) -> [Said] {
            if let error = item.refusal { return [.refused(line: line, error)] }
            var said: [Said] = []
            if item.decision?.isUnchanged ?? false { said.append(.text(t(.applyWouldUnchanged, ["line": "\(line)"]))) }
            for event in events {
                let what = "#\(event.seq) " + Describe.event(event, state: state, t)
                said.append(.text(t(.applyWould, ["line": "\(line)", "what": what])))
            }
            for var values in Describe.drops(effects, of: events, state, t) {
                values["line"] = "\(line)"
                said.append(.text(t(.applyWouldDrop, values)))
            }
            for note in item.decision?.notes ?? [] {
                said.append(.text(t(.applyWouldNote, ["line": "\(line)", "note": t.message(note)])))
            }
            if let event = events.first, case .created(let id, _) = event.payload {
                said.append(.created(line: line, id))
            }
            return said
        }
    }

    /// "line 4: would be refused: …", in a dry run.
    func sayWouldRefuse(_ line: Int, _ reason: String) {
        guard report.dryRun else { return }
        tell(context.text(.applyWouldRefuse, ["line": "\(line)", "reason": reason]))
    }

    /// In a dry run under `stop`: the other lines of a batch that is refused would not be appended either.
    func sayNotAppended(_ lines: [Int]) {
        guard report.dryRun, let first = lines.first, let last = lines.last else { return }
        let values = ["first": String(first), "last": String(last)]
        tell(context.text.count(.applyWouldNotAppend, lines.count, values))
    }

    /// One line of what the dry run would do, unless `--json` asked for the report alone.
    func tell(_ line: String) {
        if tellsLines { context.terminal.out(line + "\n") }
    }
}

extension Command {
    /// Whether this is an undo (given again, any undo counts as a retry of an earlier one).
    fileprivate var isUndo: Bool {
        if case .undo = self { true } else { false }
    }
}
