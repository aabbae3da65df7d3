import PlingsDomain

extension Card {
    /// Builds the card of the object with `id`, or nil when no object has it in `state`.
    /// - Complexity: O(n) to find the contents among n objects; see ``init(_:state:)``.
    public init?(of id: ObjectID, state: WorldState) {
        guard let x = state.registry.index(of: id) else { return nil }
        self.init(x, state: state)
    }
}
