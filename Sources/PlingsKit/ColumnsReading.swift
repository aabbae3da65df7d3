import PlingsViews

/// The head snapshot read whole and checked once, then read as a card reads
/// the world (see `CardReading`) after the snapshot's file is closed: the
/// registry, both axes (`WholeAxis`) with each object's inbound positional
/// sources, the seen columns, the archive records and the loans. What
/// `HeadAway` lists a whole world's away things from, in time and memory in
/// proportion to the objects (some 100 bytes each), never a replay.
final class ColumnsReading: CardReading {
    let lastSeq: Int64
    let registry: SnapshotView.Registry
    private let current: WholeAxis
    private let normal: WholeAxis
    /// Each object's inbound positional sources on each axis, found when first asked for
    /// (the text of the away list never asks).
    private lazy var currentInbound: (start: [Int32], sources: [ObjectIndex]) = current.inbound()
    private lazy var normalInbound: (start: [Int32], sources: [ObjectIndex]) = normal.inbound()
    private let seenSeq: [Int64]
    private let seenAt: [Int64]
    private let archives: [ObjectIndex: ArchiveRecord]
    private let loans: [ObjectIndex: LoanRecord]

    /// The columns of `view`, as of `lastSeq`; nil when any is damaged or a value
    /// is out of its range (see `WholeAxis`, `SnapshotView.Registry.fits`).
    init?(_ view: SnapshotView, lastSeq: Int64) {
        guard view.count < Int(Int32.max), let registry = view.wholeRegistry(), registry.fits(),
            let current = WholeAxis(view, .current), let normal = WholeAxis(view, .normal),
            let seenSeq = view.wholeStatus(Snapshot.Section.seenSeq),
            let seenAt = view.wholeStatus(Snapshot.Section.seenAt), let records = view.wholeRecords(), !view.failed
        else { return nil }
        self.lastSeq = lastSeq
        self.registry = registry
        self.current = current
        self.normal = normal
        self.seenSeq = seenSeq
        self.seenAt = seenAt
        (archives, loans) = (records.archives, records.loans)
    }

    /// Number of objects.
    var count: Int { current.parents.count }

    /// The columns of `axis`.
    func axis(_ axis: Axis) -> WholeAxis { axis == .current ? current : normal }

    func id(_ x: ObjectIndex) -> String { registry.id(x) }
    func name(_ x: ObjectIndex) -> String { registry.name(x) }
    func edge(_ x: ObjectIndex, _ axis: Axis) -> ParentEdge { self.axis(axis).edge(x) }

    func path(to x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        // The parents form a forest (`WholeAxis` checked it): every walk ends at World.
        walkUp(from: x, axis, limit: count, stop: { false }) ?? []
    }

    func outbound(_ x: ObjectIndex, _ axis: Axis) -> PositionalEdge? { self.axis(axis).outbound(x) }

    func inbound(_ y: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        let index = axis == .current ? currentInbound : normalInbound
        return Array(index.sources[Int(index.start[Int(y)])..<Int(index.start[Int(y) + 1])])
    }

    func children(of x: ObjectIndex, _ axis: Axis) -> [ObjectIndex] {
        let parents = self.axis(axis).parents
        return parents.indices.filter { parents[$0] == x }.map { ObjectIndex($0) }
    }

    func isArchived(_ x: ObjectIndex) -> Bool { archives[x] != nil }
    func seen(_ x: ObjectIndex) -> (seq: Int64, at: Int64) { (seenSeq[Int(x)], seenAt[Int(x)]) }
    func archive(_ x: ObjectIndex) -> ArchiveRecord? { archives[x] }
    func loan(_ x: ObjectIndex) -> LoanRecord? { loans[x] }
}
