/// What the decider made of a command: the events to append (none when the
/// command changes nothing), each already resolved against the state it will
/// be applied to, and notes that tell the person what the events do not.
public struct Decision: Sendable, Hashable {
    /// The events to append, in order. Empty when the command changes nothing.
    public var events: [EventPayload]
    /// `events`, resolved against the state as it will be when each is applied
    /// (the first against the decided state, each next one after the previous).
    package var resolved: [ResolvedEvent]
    /// Things a person should be told: a positional relation that could not
    /// be kept, an edge an undo does not restore, an object not returned.
    public var notes: [DecisionNote]
    /// The seq of the event these events compensate (`plings undo`), if any.
    public var undoes: Int64?

    package init(
        events: [EventPayload] = [], resolved: [ResolvedEvent] = [], notes: [DecisionNote] = [], undoes: Int64? = nil
    ) {
        self.events = events
        self.resolved = resolved
        self.notes = notes
        self.undoes = undoes
    }

    /// True when the command changes nothing: nothing is to be appended, and
    /// the caller says "unchanged".
    public var isUnchanged: Bool { events.isEmpty }
}

/// Something the decider tells the person beside the events it returns.
public enum DecisionNote: Sendable, Hashable {
    /// The object's positional relation on the axis could not be kept, because
    /// its reference is not in the object's new container there.
    case positionDropped(ObjectID, Axis, Relation, reference: ObjectID)
    /// An edge another object lost by the undone event's cascade; undo does not restore it.
    case edgeNotRestored(ObjectID, Axis, Relation, reference: ObjectID)
    /// An object that `return --all` left where it is, and why.
    case notReturned(ObjectID, DomainError)
    /// An object archived with the one asked for, because it was inside it.
    case archivedWith(ObjectID, container: ObjectID)
}
