import PlingsViews

/// The things handled last at the head of the log (the start page's latest changes), read
/// from the head snapshot without making the world: the column of when each thing was last
/// handled read whole, the newest picked as the full path picks them (`LastHandled`), then
/// only those things' names and places read.
///
/// It answers on the conditions `HeadCard` answers on (the log vouched for, the newest
/// snapshot intact and still the log's), and when the log has gone on since, only when every
/// event after the snapshot is a refusal: any other handles a thing. Otherwise it gives nil
/// and the caller takes the full path.
package enum HeadLatest {
    /// The element reads the list may make (the columns count one read per megabyte, the
    /// archive records and loans a read a word; each thing a few hundred).
    package static let elementReadBudget = 1 << 20

    /// The `count` things handled last, newest first, as `Query.lastHandled` lists them;
    /// nil when the head snapshot cannot answer.
    package static func answer(_ count: Int, logPath: String, tailBudget: Int64 = HeadCard.tailBudget)
        -> StocktakeList?
    {
        HeadSnapshot.read(logPath: logPath, readBudget: elementReadBudget, tailBudget: tailBudget) { head in
            let view = head.view
            guard let handled = view.wholeStatus(Snapshot.Section.checkedSeq), let records = view.wholeRecords() else {
                return nil
            }
            let picked = LastHandled.pick(count, objects: view.count, handled: { handled[Int($0)] }) {
                records.archives[$0] == nil
            }
            guard let reading = InboundReading(view, of: picked) else { return nil }
            let items = picked.map { x in
                let seen = view.seen(x).seq
                return StocktakeList.Item(
                    id: ObjectID(unchecked: view.id(x)), name: view.name(x), lastSeq: handled[Int(x)],
                    lastAt: Timestamp(milliseconds: view.checked(x).at), seenSeq: seen == 0 ? nil : seen,
                    current: Location(x, axis: .current, reading: reading))
            }
            guard !view.failed else { return nil }
            if head.cursor.offset == head.size { return StocktakeList(asOfSeq: head.cursor.lastSeq, items: items) }
            let refusalsOnly = HeadSnapshot.tailSeq(head.file, after: head.cursor) { payload in
                if case .refused = payload { return true }
                return false
            }
            return refusalsOnly.map { StocktakeList(asOfSeq: $0, items: items) }
        }
    }
}
