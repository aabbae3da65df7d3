/// Where plain `plings undo` and `plings redo` stand for one actor, read from
/// the actor's events in log order: repeated undo walks back through the
/// actor's moves and renames one by one; redo walks forward again through
/// what undo took back, until a new command of the actor intervenes.
///
/// The rule (docs/verbs.md):
/// - a move, rename or return by the actor is a step that undo may take back;
///   it (and any other change by the actor: a creation, an archive, a
///   restore) ends what redo could bring back;
/// - an undo batch that undoes the last step takes it back: the step is now
///   one redo may bring back (the batch is what redo undoes);
/// - an undo batch that undoes the last step taken back is a redo: the step
///   is done again (the batch is what the next undo undoes);
/// - any other undo (`undo SEQ` of an older or another's event) is a new step
///   of its own and ends what redo could bring back.
///
/// Sightings and refusals change nothing here. At least the last
/// `UndoWalk.depth` steps are kept each way.
public struct UndoWalk: Sendable {
    /// One step undo or redo may take: the event (or the first event of the
    /// batch) to undo, and the event the person made, which the answer names.
    public struct Step: Sendable, Hashable {
        /// The seq `undo` names to take this step (an undo batch's first event when it is one).
        public var target: Int64
        /// The event the step is about, as the person made it (a move, a rename, a return).
        public var original: Event
    }

    /// How many steps are kept each way.
    public static let depth = 1000

    /// The actor whose steps these are (nil: events recorded without an actor).
    public let actor: String?
    /// The steps undo may take back, the next one last.
    public private(set) var done: [Step] = []
    /// The steps redo may bring back, the next one last.
    public private(set) var undone: [Step] = []
    /// The undo batch being read: what it undoes, its object and its last seq.
    private var batch: (undoes: Int64, object: ObjectID, last: Int64)?

    /// An empty walk for `actor`.
    public init(actor: String?) { self.actor = actor }

    /// What plain `undo` takes back next, if anything.
    public var nextUndo: Step? { done.last }
    /// What `redo` brings back next, if anything.
    public var nextRedo: Step? { undone.last }

    /// Takes the next event of the log (every event, in order; others' are passed over).
    public mutating func take(_ event: Event) {
        guard event.actor == actor else { return }
        if let undoes = event.undoes {
            if let open = batch, open.undoes == undoes, open.object == event.payload.object, open.last == event.seq - 1
            {
                batch?.last = event.seq
                return
            }
            batch = (undoes, event.payload.object, event.seq)
            if let top = done.last, top.target == undoes {
                done.removeLast()
                Self.push(Step(target: event.seq, original: top.original), onto: &undone)
            } else if let top = undone.last, top.target == undoes {
                undone.removeLast()
                Self.push(Step(target: event.seq, original: top.original), onto: &done)
            } else {
                Self.push(Step(target: event.seq, original: event), onto: &done)
                undone.removeAll()
            }
            return
        }
        batch = nil
        switch event.payload {
        case .placed, .renamed, .returned:
            Self.push(Step(target: event.seq, original: event), onto: &done)
            undone.removeAll()
        case .created, .archived, .restored, .lent:
            undone.removeAll()
        case .seen, .refused:
            break
        }
    }

    /// Appends `step`, letting the oldest go (a whole `depth` of them at a time, so a long log stays linear).
    private static func push(_ step: Step, onto steps: inout [Step]) {
        if steps.count >= 2 * depth { steps.removeFirst(depth) }
        steps.append(step)
    }
}
