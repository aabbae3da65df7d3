import PlingsViews

/// `find` at the head of the log, read from the head snapshot without making
/// the world: the ids and names folded at rebuild ranked from the head index
/// (`HeadIndex`; without one, folded and ranked one at a time straight from
/// the snapshot's registry columns, no index built), every block checked,
/// then each hit's two locations read in place, as a card reads them (see
/// `SnapshotView`).
///
/// It answers on the conditions `HeadCard` answers on (the log vouched for,
/// the newest snapshot intact and still the log's), and when the log has gone
/// on since, only when no event after the snapshot could change the answer:
/// none names a hit or an object a hit's location read, none creates or
/// renames a thing whose id or new name matches the text, none archives or
/// restores (see `HeadCard.tailLeavesCard`). Otherwise it gives nil and the
/// caller takes the full path.
package enum HeadFind {
    /// The element reads one `find` may make in place (the columns count one
    /// read per megabyte; each hit's two locations a few hundred).
    package static let elementReadBudget = 1 << 20

    /// The things whose id or name matches `text`, as `Query.find` gives them
    /// at the head; nil when the head snapshot cannot answer.
    package static func answer(
        _ text: String, limit count: Int, archived: Bool, logPath: String,
        tailBudget: Int64 = HeadCard.tailBudget
    ) -> FoundThings? {
        HeadSnapshot.read(logPath: logPath, readBudget: elementReadBudget, tailBudget: tailBudget) { head in
            let view = head.view
            guard let found = view.search(text, limit: count, include: { archived || !view.isArchived($0) }),
                let inbound = InboundReading(view, of: found.map(\.object))
            else { return nil }
            let reading = FootprintReading(inbound)
            let hits = found.map { hit in
                FoundThings.Hit(
                    id: ObjectID(unchecked: reading.id(hit.object)), name: reading.name(hit.object),
                    rank: hit.rank, archived: view.isArchived(hit.object),
                    current: Location(hit.object, axis: .current, reading: reading),
                    normal: Location(hit.object, axis: .normal, reading: reading))
            }
            let matches = { (id: ObjectID, name: String) in
                SearchIndex.matches(text, id: id.rawValue, name: name)
            }
            guard !view.failed,
                let last = head.lastEvent(
                    read: {
                        HeadCard.Footprint(
                            id: ObjectID(unchecked: ""), objects: Set(reading.objects.map { view.id($0) }),
                            lists: Set(reading.lists.map { view.id($0) }))
                    }, named: matches)
            else { return nil }
            return FoundThings(asOfSeq: last.seq, hits: hits)
        }
    }
}
