import PlingsDomain

/// A whole state, read as a card reads it.
package struct StateReading: CardReading {
    /// The state read.
    package let state: WorldState

    /// Reads `state`.
    package init(_ state: WorldState) { self.state = state }

    package var lastSeq: Int64 { state.lastSeq }
    package func id(_ x: ObjectIndex) -> String { state.registry.id(x).rawValue }
    package func name(_ x: ObjectIndex) -> String { state.registry.name(x) }
    package func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge { state.projection(axis).parents.edge(x) }
    package func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        state.projection(axis).parents.path(to: x)
    }
    package func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? {
        state.projection(axis).positional.outbound(x)
    }
    package func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        state.projection(axis).positional.inbound(y)
    }
    package func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        state.projection(axis).parents.children(of: x)
    }
    package func isArchived(_ x: ObjectIndex) -> Bool { state.status.isArchived(x) }
    package func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) { state.status.seen(x) }
    package func archive(_ x: ObjectIndex) -> ArchiveRecord? { state.status.archives[x] }
    package func loan(_ x: ObjectIndex) -> LoanRecord? { state.status.loan(x) }
}
