import PlingsViews

/// `stocktake C` at the head of the log, read from the head snapshot
/// without making the world: the container's subtree found from the head
/// index (`HeadIndex`; without one, from the current parent column read whole
/// once, in one pass), then each thing's id, name, when it was last handled
/// and its place read in place (its inbound positional relations from the
/// head index, or the positional target columns read whole once).
///
/// It answers on the conditions `HeadCard` answers on (the log vouched for,
/// the newest snapshot intact and still the log's), and when the log has gone
/// on since, only when no event after the snapshot could change the list:
/// none names a thing of the subtree, the container, a container above it or
/// anything a thing's place read; none places a thing into the subtree or
/// against a thing of it; none is a `seen` of such a thing, a return, an
/// archive or a restore (see `HeadCard.tailLeavesCard`, `everySeen`).
/// Otherwise it gives nil and the caller takes the full path.
package enum HeadStocktake {
    /// The element reads one stocktake may make in place (the two columns
    /// count one read per megabyte; each thing a few dozen): a subtree of
    /// some 100,000 things; a larger one takes the full path.
    package static let elementReadBudget = 1 << 22

    /// The stocktake of what is inside `container` not handled since `since`
    /// (all when nil) at the head, as `Query.stocktake` lists it; nil when the
    /// head snapshot cannot answer.
    package static func answer(
        inside container: ObjectID, since: Timestamp?, logPath: String, readBudget: Int = elementReadBudget,
        tailBudget: Int64 = HeadCard.tailBudget
    ) -> HeadCard.Read<StocktakeList>? {
        HeadSnapshot.read(logPath: logPath, readBudget: readBudget, tailBudget: tailBudget) { head in
            let view = head.view
            var read = HeadCard.Footprint(id: container, objects: [], lists: [])
            var items: [StocktakeList.Item]?
            if let c = view.index(of: container) {
                guard let listed = list(inside: c, since: since, view, &read) else { return nil }
                items = listed
            }
            guard !view.failed, let last = head.lastEvent(read: { read }, everySeen: true) else { return nil }
            return items.map {
                .found(StocktakeList(asOfSeq: last.seq, items: $0), asOfSeq: last.seq, at: last.at)
            } ?? .unknown
        }
    }

    /// The things inside `c` in `view`, longest untouched first (as
    /// `Stocktake.list` orders them); `read` gets what the list read. Nil when a read failed.
    private static func list(
        inside c: ObjectIndex, since: Timestamp?, _ view: SnapshotView, _ read: inout HeadCard.Footprint
    ) -> [StocktakeList.Item]? {
        let n = view.count
        let parent = { (x: ObjectIndex) -> ObjectIndex in x == .world ? .world : view.edge(x, .current).parent }
        guard let members = view.members(below: c, .current) else { return nil }
        // Each member's inbound positional sources: from the head index, or one pass over each target column.
        guard let inbound = InboundReading(view, of: members) else { return nil }
        let reading = FootprintReading(inbound)
        var found: [(object: ObjectIndex, seq: Int64, at: Int64, seen: Int64)] = []
        for x in members where !view.isArchived(x) {
            let (seq, at) = view.checked(x)
            if let since, at >= since.milliseconds { continue }
            found.append((x, seq, at, view.seen(x).seq))
        }
        found.sort { ($0.seq, $0.object) < ($1.seq, $1.object) }
        var paths = ShortPaths(count: n, parent: parent)
        let items = found.map { item in
            StocktakeList.Item(
                id: ObjectID(unchecked: reading.id(item.object)), name: reading.name(item.object),
                lastSeq: item.seq, lastAt: Timestamp(milliseconds: item.at), seenSeq: item.seen == 0 ? nil : item.seen,
                current: Location(item.object, axis: .current, reading: reading, paths: &paths))
        }
        guard !view.failed else { return nil }
        // What the list read: the subtree (its lists too), the container and every container above it.
        var node = c
        var above: [ObjectIndex] = []
        while node != .world, above.count <= n {
            above.append(node)
            node = parent(node)
        }
        for x in members { read.lists.insert(view.id(x)) }
        read.lists.insert(view.id(c))
        for x in reading.objects.union(members).union(above) { read.objects.insert(view.id(x)) }
        return view.failed ? nil : items
    }
}
