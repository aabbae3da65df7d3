import PlingsViews

/// The navigator's outline (`TreeOutline`) at the head of the log, read from
/// the head snapshot in place: what each place listed holds from the head
/// index (`HeadIndex`; without one, the parent column of the axis read
/// whole), and the names, ids and edges of only the things listed and the
/// things they are sorted among, one at a time.
///
/// It answers on the conditions `HeadTree` answers on (the log vouched for,
/// the newest snapshot intact and still the log's, and no event after it that
/// could change a tree); otherwise, or when any read fails, it gives nil and
/// the caller takes the full path.
package enum HeadOutline {
    /// What the head snapshot says of an outline.
    package enum Answer {
        /// The outline, as of the last event.
        case outline(TreeOutline)
        /// The place is not in the head snapshot (nor made after it: see `HeadTree.tailLeavesTree`).
        case unknown
    }

    /// The outline of `place` (World when nil) on `axis` at the head; nil when the head snapshot cannot answer.
    package static func answer(
        axis: Axis, place: ObjectID?, from: Int, limits: TreeOutline.Limits, logPath: String,
        readBudget: Int = HeadTree.elementReadBudget, tailBudget: Int64 = HeadCard.tailBudget
    ) -> Answer? {
        HeadSnapshot.read(logPath: logPath, readBudget: readBudget, tailBudget: tailBudget) { head in
            let view = head.view
            var x: ObjectIndex?
            if let place {
                guard let found = view.index(of: place) else { return view.failed ? nil : finish(.unknown, head) }
                x = found
            }
            let archived = view.archived()
            guard !view.failed else { return nil }
            let outline: TreeOutline
            if view.headIndex != nil {
                // Each place's things from the head index: only the places listed are read.
                let out = Set(archived)
                outline = TreeOutline(axis: axis, place: x, from: from, limits: limits, reading: view) { p in
                    view.children(of: p ?? .world, axis).filter { !out.contains($0) }[...]
                }
            } else {
                guard let parents = view.whole(axis, column: 0) else { return nil }
                outline = TreeOutline(
                    axis: axis, place: x, from: from, limits: limits, parents: parents, archived: archived,
                    reading: view)
            }
            guard !view.failed else { return nil }
            return finish(.outline(outline), head)
        }
    }

    /// `answer` as of the last event (`HeadSnapshot.stands`); nil when an event after the snapshot
    /// could change the tree or a read failed.
    private static func finish(_ answer: Answer, _ head: HeadSnapshot) -> Answer? {
        head.stands(answer) { answer, seq in
            switch answer {
            case .outline(let outline): return .outline(outline.asOf(seq))
            case .unknown: return .unknown
            }
        }
    }
}
