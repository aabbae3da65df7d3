import PlingsViews

/// The snapshot read in place, with the inbound positional sources of some
/// objects found beforehand in one pass over each axis's positional target
/// column (read whole once), instead of a scan of the column for each of
/// them: the places of a find's hits or of a stocktake's things. With the
/// head index (`HeadIndex`) it reads each object's sources from it instead.
final class InboundReading: CardReading {
    private let view: SnapshotView
    /// Whether each object's sources were found beforehand.
    private let covered: [Bool]
    /// The sources found, per axis (in index order, as a scan finds them).
    private let current: [ObjectIndex: [ObjectIndex]]
    private let normal: [ObjectIndex: [ObjectIndex]]

    /// The reading of `view` with the sources of `objects` on both axes
    /// found beforehand; nil (and the view `failed`) when a column is damaged.
    init?(_ view: SnapshotView, of objects: some Sequence<ObjectIndex>) {
        guard view.headIndex == nil else {
            // The head index finds each object's sources directly: nothing to find beforehand.
            (self.view, covered, current, normal) = (view, [], [:], [:])
            return
        }
        var covered = [Bool](repeating: false, count: view.count)
        var any = false
        for x in objects where x >= 0 && Int(x) < covered.count { (covered[Int(x)], any) = (true, true) }
        func sources(_ axis: Axis) -> [ObjectIndex: [ObjectIndex]]? {
            guard any else { return [:] }
            guard let targets = view.whole(axis, column: 3) else { return nil }
            var found: [ObjectIndex: [ObjectIndex]] = [:]
            for (k, y) in targets.enumerated() where y >= 0 && covered[Int(y)] {
                found[y, default: []].append(ObjectIndex(k))
            }
            return found
        }
        guard let current = sources(.current), let normal = sources(.normal) else { return nil }
        self.view = view
        self.covered = covered
        self.current = current
        self.normal = normal
    }

    var lastSeq: Int64 { view.lastSeq }
    func id(_ x: ObjectIndex) -> String { view.id(x) }
    func name(_ x: ObjectIndex) -> String { view.name(x) }
    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge { view.edge(x, axis) }
    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] { view.path(to: x, axis) }
    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? { view.outbound(x, axis) }

    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        guard y >= 0, Int(y) < covered.count, covered[Int(y)] else { return view.inbound(y, axis) }
        return (axis == .current ? current : normal)[y] ?? []
    }

    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] { view.children(of: x, axis) }
    func isArchived(_ x: ObjectIndex) -> Bool { view.isArchived(x) }
    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) { view.seen(x) }
    func archive(_ x: ObjectIndex) -> ArchiveRecord? { view.archive(x) }
    func loan(_ x: ObjectIndex) -> LoanRecord? { view.loan(x) }
}
