/// What a person or a script asks for, in the imperative. The decider turns a
/// command into events or refuses it.
public enum Command: Sendable, Hashable {
    /// Tag a new object with an id and a name.
    case create(ObjectID, name: String)
    /// Give an existing object a new name.
    case rename(ObjectID, name: String)
    /// Place an object relative to another one on some axes.
    case place(Placement)
}
