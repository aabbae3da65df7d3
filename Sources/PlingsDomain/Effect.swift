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
    /// An object left the world with the archive of `with` (itself, or the container it was in).
    case archived(ObjectIndex, with: ObjectIndex)
    /// An archived object came back with the restore of `with` (itself, or the container it is in).
    case restored(ObjectIndex, with: ObjectIndex)
    /// An object was seen where Plings says it is.
    case seen(ObjectIndex)
    /// An object was lent (its current location left with the placement effects before this one).
    case lent(ObjectIndex)

    /// Why a positional edge went away.
    public enum RemovalCause: Sendable, Hashable {
        /// The object itself was placed again on the axis.
        case replaced
        /// The edge's reference moved on the axis (the cascade); it names the
        /// object that moved, which is the event's own object.
        case referenceMoved(ObjectIndex)
        /// The edge's reference left the world (archived), or stayed archived
        /// while the object came back.
        case referenceArchived(ObjectIndex)
        /// The object itself left the world (or stayed archived while its reference came back).
        case archived
    }
}
