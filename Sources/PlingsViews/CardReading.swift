import PlingsDomain

/// What a card and a location read of the world, one object at a time.
/// A whole state answers it (`StateReading`); so does a snapshot read a few
/// blocks at a time (PlingsKit's `SnapshotView`), so a card at the head is
/// built without making the world, by the same code as every other card.
package protocol CardReading {
    /// The last event applied to the world read.
    var lastSeq: Int64 { get }
    /// The id of `x`.
    func id(_ x: ObjectIndex) -> String
    /// The name of `x`.
    func name(_ x: ObjectIndex) -> String
    /// The names of `xs`, in their order (a reading that keeps its names in columns may read them at once).
    func names(_ xs: [ObjectIndex]) -> [String]
    /// The ids of `xs`, in their order (as `names`).
    func ids(_ xs: [ObjectIndex]) -> [String]
    /// The parent edge of `x` on `axis`.
    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge
    /// The chain from the top (below World) down to the parent of `x` on `axis`.
    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex]
    /// The outbound positional edge of `x` on `axis`, if any.
    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge?
    /// The objects with a positional edge pointing at `y` on `axis`, in any order.
    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex]
    /// The objects whose parent is `x` on `axis`, archived ones included, in any order.
    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex]
    /// Whether `x` is archived.
    func isArchived(_ x: ObjectIndex) -> Bool
    /// The seq and time (milliseconds) of `x`'s last `seen` event; zeros when never seen.
    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64)
    /// The archive record of `x`, when it is archived.
    func archive(_ x: ObjectIndex) -> ArchiveRecord?
    /// The loan `x` is on, when it is lent.
    func loan(_ x: ObjectIndex) -> LoanRecord?
}

extension CardReading {
    package func names(_ xs: [ObjectIndex]) -> [String] { xs.map { name($0) } }
    package func ids(_ xs: [ObjectIndex]) -> [String] { xs.map { id($0) } }

    /// The chain from the top (below World) down to the parent of `x` on
    /// `axis`, walked up through `edge`; nil when it is longer than `limit`
    /// (for a reader of stored bytes: only a damaged file makes a chain
    /// longer than there are objects) or `stop` says a read failed on the way.
    package func walkUp(from x: ObjectIndex, _ axis: Axis, limit: Int, stop: () -> Bool) -> [ObjectIndex]? {
        var chain: [ObjectIndex] = []
        var node = edge(x, axis).parent
        while node != .world, !stop() {
            guard chain.count < limit else { return nil }
            chain.append(node)
            node = edge(node, axis).parent
        }
        return chain.reversed()
    }

    /// Whether `x` is not where it belongs: lent, or by `WorldState`'s away rule on its edges.
    func isAway(_ x: ObjectIndex) -> Bool {
        loan(x) != nil
            || WorldState.isAway(
                current: edge(x, .current), normal: edge(x, .normal), currentOutbound: outbound(x, .current),
                normalOutbound: outbound(x, .normal))
    }
}
