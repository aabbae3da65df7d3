import PlingsViews

/// A `CardReading` that notes every object a card reads (asked about, or
/// handed back as a parent, an edge's target, a child or a source) and every
/// object whose children or inbound sources it lists, so that `HeadCard` can
/// tell whether events after the head snapshot could change that card: see
/// `HeadCard.tailLeavesCard`.
final class FootprintReading<World: CardReading>: CardReading {
    private let world: World
    /// The objects read so far.
    private(set) var objects: Set<ObjectIndex> = []
    /// The objects whose children or inbound sources were listed (on either axis).
    private(set) var lists: Set<ObjectIndex> = []

    init(_ world: World) {
        self.world = world
    }

    private func note(_ x: ObjectIndex) {
        if x != .world { objects.insert(x) }
    }

    private func note(_ xs: [ObjectIndex]) -> [ObjectIndex] {
        for x in xs { note(x) }
        return xs
    }

    var lastSeq: Int64 { world.lastSeq }

    func id(_ x: ObjectIndex) -> String {
        note(x)
        return world.id(x)
    }

    func name(_ x: ObjectIndex) -> String {
        note(x)
        return world.name(x)
    }

    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge {
        note(x)
        let edge = world.edge(x, axis)
        note(edge.parent)
        return edge
    }

    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        note(x)
        return note(world.path(to: x, axis))
    }

    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? {
        note(x)
        let edge = world.outbound(x, axis)
        if let edge { note(edge.target) }
        return edge
    }

    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        note(y)
        lists.insert(y)
        return note(world.inbound(y, axis))
    }

    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        note(x)
        lists.insert(x)
        return note(world.children(of: x, axis))
    }

    func isArchived(_ x: ObjectIndex) -> Bool {
        note(x)
        return world.isArchived(x)
    }

    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) {
        note(x)
        return world.seen(x)
    }

    func archive(_ x: ObjectIndex) -> ArchiveRecord? {
        note(x)
        let record = world.archive(x)
        if let record { note(record.root) }
        return record
    }

    func loan(_ x: ObjectIndex) -> LoanRecord? {
        note(x)
        let record = world.loan(x)
        if case .thing(let y) = record?.holder { note(y) }
        return record
    }
}
