import PlingsDomain

/// What a diff reads of the world at one point: what a card reads, how many
/// objects there are, and whether a name is the one another point's reading
/// gives. A whole state answers it (`StateReading`); so does the object
/// timeline read at a point (PlingsKit's `TimelineView`), so a diff of a few
/// events reads only the objects they changed, by the same code as every other diff.
package protocol DiffReading: CardReading {
    /// The objects that exist at the point: indices `0..<objectCount` (objects only ever appear).
    var objectCount: Int { get }
    /// Whether `x` has the same name, byte for byte, here as in `other`.
    func sameName(_ x: ObjectIndex, as other: Self) -> Bool
}

extension StateReading: DiffReading {
    package var objectCount: Int { state.registry.count }
    package func sameName(_ x: ObjectIndex, as other: StateReading) -> Bool {
        state.registry.nameSlice(x) == other.state.registry.nameSlice(x)
    }
}
