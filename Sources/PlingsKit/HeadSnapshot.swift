import PlingsViews

/// The head snapshot of a vouched log, opened within a read and a tail
/// budget: where `HeadCard`, `HeadFind`, `HeadStocktake` and `HeadTree` read in place.
///
/// It opens only when a full read would start from the same snapshot: the
/// log's identity is the one Plings recorded (as `Timeline` requires before
/// any snapshot counts), the newest snapshot's name and contents agree, the
/// log still has the line it ends on with the hash it recorded, and the log
/// has gone on since by at most the tail budget.
struct HeadSnapshot {
    /// The snapshot, read in place.
    let view: SnapshotView
    /// The log, open under a shared lock.
    let file: LogFile
    /// Where in the log the snapshot ends.
    let cursor: LogCursor
    /// The log's size when it was opened.
    let size: Int64

    /// What `body` makes of the head snapshot of the log at `logPath`, read
    /// within `readBudget` element reads, when the log has gone on at most
    /// `tailBudget` bytes after it; nil when the snapshot cannot answer or
    /// `body` gives nil.
    static func read<T>(
        logPath: String, readBudget: Int, tailBudget: Int64, _ body: (HeadSnapshot) -> T?
    ) -> T? {
        let cache = SnapshotCache(logPath: logPath)
        return cache.withVouchedLog { file, size in
            guard let head = cache.entries().last else { return nil }
            return cache.checked(head, log: file) { source in
                guard let view = SnapshotView(source, readBudget: readBudget) else { return nil }
                let cursor = view.header.cursor
                guard cursor.offset <= size, size - cursor.offset <= tailBudget else { return nil }
                let value = cache.withIndex(of: head, view: view, readBudget: readBudget) {
                    body(HeadSnapshot(view: view, file: file, cursor: cursor, size: size))
                }
                return value.map { ($0, cursor, view.header.stateSeq) }
            }
        }
    }

    /// The seq and time of the last event what was read is as of: the
    /// snapshot's last when the log ends there; otherwise, when no event
    /// after it may change what `footprint` says was read, the last event
    /// after it that counts (see `HeadCard.tailLeavesCard`, which `limit`,
    /// `named` and `everySeen` are passed to). Nil when an event may change
    /// it or a read failed.
    func lastEvent(
        read footprint: () -> HeadCard.Footprint, upTo limit: ReplayLimit? = nil,
        named: ((ObjectID, String) -> Bool)? = nil, everySeen: Bool = false
    ) -> (seq: Int64, at: Timestamp)? {
        guard cursor.offset < size else { return (cursor.lastSeq, cursor.lastAt) }
        let read = footprint()
        guard !view.failed else { return nil }
        return HeadCard.tailLeavesCard(
            read, file, after: cursor, upTo: limit, named: named, everySeen: everySeen)
    }

    /// `answer`, a view of where things are read from the snapshot, as of the last event: as
    /// it is when the log ends at the snapshot, else restamped by `asOf` with the seq of the
    /// last event after it when none of those may change a tree (`HeadTree.tailLeavesTree`).
    /// Nil, to give way to the replay, when a read failed or an event after the snapshot may
    /// change a tree.
    func stands<Answer>(_ answer: Answer, asOf: (Answer, Int64) -> Answer) -> Answer? {
        guard !view.failed else { return nil }
        guard cursor.offset < size else { return answer }
        guard let lastSeq = HeadTree.tailLeavesTree(file, after: cursor) else { return nil }
        return asOf(answer, lastSeq)
    }

    /// The seq of the last event after `cursor` in `file` when `leaves` says of every one
    /// that it leaves a view as the snapshot has it; nil when one does not, or at a damaged
    /// line or a torn tail (the full path says what they are).
    static func tailSeq(_ file: LogFile, after cursor: LogCursor, leaves: (EventPayload) -> Bool) -> Int64? {
        var touches = false
        var lastSeq = cursor.lastSeq
        do {
            let (_, torn) = try file.read(from: cursor) { line, _ in
                lastSeq = line.event.seq
                touches = touches || !leaves(line.event.payload)
            }
            guard torn == nil else { return nil }
        } catch {
            return nil
        }
        return touches ? nil : lastSeq
    }

    /// The objects at or below `root` in a parent column read whole (`parents[x]` is x's
    /// parent), `root` left out, in index order: found in one pass over the column, each
    /// object's chain walked up until it meets `root`, World or an object already placed.
    /// Nil when a chain is longer than there are objects (a cycle: damage, for the full
    /// path to say).
    static func members(below root: ObjectIndex, parents: [ObjectIndex]) -> [ObjectIndex]? {
        let n = parents.count
        var inside = [UInt8](repeating: 0, count: n)  // 0 not yet known, 1 at or below `root`, 2 elsewhere
        inside[Int(root)] = 1
        var chain: [ObjectIndex] = []
        for x in 0..<n where inside[x] == 0 {
            chain.removeAll(keepingCapacity: true)
            var node = ObjectIndex(x)
            while node != .world, inside[Int(node)] == 0 {
                guard chain.count < n else { return nil }
                chain.append(node)
                node = parents[Int(node)]
            }
            let mark: UInt8 = node == .world ? 2 : inside[Int(node)]
            for y in chain { inside[Int(y)] = mark }
        }
        var members: [ObjectIndex] = []
        for x in 0..<n where inside[x] == 1 && x != Int(root) { members.append(ObjectIndex(x)) }
        return members
    }
}
