/// A change a projector made while applying one event. The direct changes
/// and the derived ones (inherited parents, cascaded edge drops) are all
/// reported, so history can show causes and consequences.
public enum Effect: Sendable, Hashable {
    /// A new object entered the registry.
    case created(ObjectIndex, name: String)
    /// An object's name changed.
    case renamed(ObjectIndex, from: String, to: String)
    /// An object's parent edge changed on an axis.
    case parentChanged(ObjectIndex, Axis, from: ParentEdge, to: ParentEdge)
    /// An object got an outbound positional edge on an axis.
    case positionalAdded(ObjectIndex, Axis, PositionalEdge)
    /// An object's outbound positional edge was removed on an axis.
    case positionalRemoved(ObjectIndex, Axis, PositionalEdge, because: RemovalCause)
    /// A placement on this axis left everything as it was: no cascade.
    case unchanged(ObjectIndex, Axis)

    /// Why a positional edge went away.
    public enum RemovalCause: Sendable, Hashable {
        /// The object itself was placed again on the axis.
        case replaced
        /// The edge's reference moved on the axis (the cascade); it names the
        /// object that moved, which is the event's own object.
        case referenceMoved(ObjectIndex)
    }
}
