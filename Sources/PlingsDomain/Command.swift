/// What a person or a script asks for, in the imperative. The decider turns a
/// command into events or refuses it.
public enum Command: Sendable, Hashable {
    /// Tag a new object with an id and a name.
    case create(ObjectID, name: String)
    /// Give an existing object a new name.
    case rename(ObjectID, name: String)
    /// Place an object relative to another one on some axes.
    case place(Placement)
    /// Put an object back where it belongs: its current location becomes its normal one.
    case returnHome(ObjectID)
    /// Return every object that is away (only those inside the container, on
    /// the current axis, when one is given), as one batch.
    case returnAll(inside: ObjectID?)
    /// Compensate an earlier event; the basis says what it changed (see `UndoBasis`).
    case undo(UndoBasis)
    /// Record that an object was seen where Plings says it is.
    case seen(ObjectID)
    /// Take an object out of the world, optionally with everything inside it.
    case archive(ObjectID, note: String?, withContents: Bool)
    /// Bring an archived object back, placed relative to another one on both axes.
    case restore(ObjectID, relation: Relation, target: ObjectID?)
    /// Lend an object to someone: `to` is the id of a thing in the world, or
    /// else a name; with the day it is due back and a note, when given.
    case lend(ObjectID, to: String, due: CalendarDay?, note: String?)
}
