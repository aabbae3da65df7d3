import PlingsViews

/// The one query layer: every view of a log (card, history, log, tree, away,
/// diff, find, stocktake, fingerprint) at the head or at any point, for the
/// command line, an app and the web pages alike.
///
/// Each view chooses its own way to the answer: the head snapshot read in
/// place, the object timeline `Rebuild` writes, the nearest snapshot and the
/// events after it, or a replay of the whole log. Every way gives the same
/// answer (differential tests hold them to it), and a cache file counts only
/// while the log's identity vouches for it; damage is thrown, never hidden.
public struct Query: Sendable {
    /// The log's path.
    public let path: String
    /// Whether the cache (snapshots, the object timeline) may be used; the answers are the same either way.
    public var useCache: Bool
    /// The world to show at the head instead of the log's own (a device's
    /// log with its pending commands applied, see `OptimisticView`); views at
    /// a past point read the log.
    public var head: WorldState?

    /// The views of the log at `path`.
    public init(path: String, useCache: Bool = true, head: WorldState? = nil) {
        self.path = path
        self.useCache = useCache
        self.head = head
    }

    var timeline: Timeline { Timeline(path: path, useSnapshots: useCache) }

    // MARK: - The world at a point

    /// The world after the last event within `limit` (the head when nil).
    /// - Throws: `QueryError.pastHead` for a seq past the log's last event;
    ///   `StoreError.log` when the log is damaged or unreadable.
    public func world(at limit: ReplayLimit? = nil) throws -> WorldState {
        if limit == nil, let head { return head }
        let point = try timeline.state(at: limit)
        if case .seq(let seq) = limit, seq > point.cursor.lastSeq {
            throw QueryError.pastHead(asked: seq, head: point.cursor.lastSeq)
        }
        return point.state
    }

    /// The seq a point comes to: the last event within `limit` (the head when nil).
    /// - Throws: as `world(at:)`.
    public func seq(at limit: ReplayLimit? = nil) throws -> Int64 {
        try world(at: limit).lastSeq
    }

    // MARK: - One object

    /// The card of `id` at `limit` (the head when nil).
    ///
    /// At the head it is read in place from the head snapshot (and the few
    /// events after it) when that can answer; at a past point from the
    /// object timeline, or from the head snapshot for a point after the last
    /// rebuild; else from the world at the point.
    /// - Throws: `DomainError.unknownObject` when no object has that id at
    ///   the head; `QueryError.notYet` when it was made only after the point;
    ///   `QueryError.pastHead`, `StoreError.log` as `world(at:)`.
    public func card(of id: ObjectID, at limit: ReplayLimit? = nil) throws -> Card {
        if useCache, head == nil || limit != nil {
            if let limit, let card = PastCard.answer(id, logPath: path, at: limit) { return card }
            switch HeadCard.answer(id, logPath: path, at: limit) {
            case .card(let card): return card
            case .unknown: throw try missing(id, at: limit)
            case nil: break
            }
        }
        let world = try world(at: limit)
        guard let x = world.registry.index(of: id) else { throw try missing(id, at: limit, world: world) }
        return Card(x, state: world)
    }

    /// The history of `id` up to `limit` (the head when nil), oldest first,
    /// worded in `language`: read from the object timeline and the events
    /// after it when the cache answers, else from a replay; the same either way.
    /// - Throws: as `card(of:at:)`.
    public func history(of id: ObjectID, at limit: ReplayLimit? = nil, language: Language) throws
        -> ObjectHistory.Result
    {
        if case .seq = limit { _ = try seq(at: limit) }
        do {
            if useCache {
                switch ObjectHistory.fromCache(id, path: path, until: limit, text: HistoryText(language)) {
                case .result(let result): return result
                case .unknown: throw DomainError.unknownObject(id)
                case nil: break
                }
            }
            return try ObjectHistory.replayed(id, path: path, until: limit, language: language)
        } catch DomainError.unknownObject {
            throw try missing(id, at: limit)
        }
    }

    /// Why `id` is not in the world at `limit` (the head when nil), for a view
    /// that found no such object there: `DomainError.unknownObject` when no
    /// object has that id at the head, else `QueryError.notYet` with the seq
    /// the point comes to.
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    public func missing(_ id: ObjectID, at limit: ReplayLimit?) throws -> any Error {
        try missing(id, at: limit, world: nil)
    }

    func missing(_ id: ObjectID, at limit: ReplayLimit?, world: WorldState?) throws -> any Error {
        guard let limit else { return DomainError.unknownObject(id) }
        if useCache, let seq = PastCard.notYet(id, logPath: path, at: limit) { return QueryError.notYet(id, seq: seq) }
        let head = try self.world().registry
        guard head.index(of: id) != nil else { return DomainError.unknownObject(id) }
        if let world { return QueryError.notYet(id, seq: world.lastSeq) }
        return QueryError.notYet(id, seq: try seq(at: limit))
    }

    // MARK: - The whole world

    /// Everything not archived as a tree on `axis` at `limit` (the head when nil);
    /// with `root`, that object's subtree, the object itself its first row.
    /// - Throws: `DomainError.unknownObject` / `QueryError.notYet` for a root
    ///   not there; as `world(at:)`.
    public func tree(axis: Axis = .current, of root: ObjectID? = nil, at limit: ReplayLimit? = nil) throws
        -> WorldTree
    {
        var rows: [TreeRow] = []
        var seq: Int64 = 0
        try tree(axis: axis, of: root, at: limit, asOf: { seq = $0 }, each: { rows.append($0) })
        return WorldTree(axis: axis, asOfSeq: seq, rows: rows)
    }

    /// The same tree handed to `each` one row at a time, depth first, after
    /// `asOf` is given the last event it reflects, so that a caller writing it
    /// out never holds the rows. At the head it is read in place from the
    /// head snapshot when that can answer (`HeadTree`); the same rows either way.
    /// - Throws: as the tree's form, or what `asOf` or `each` throws.
    public func tree(
        axis: Axis = .current, of root: ObjectID? = nil, at limit: ReplayLimit? = nil,
        asOf: (Int64) throws -> Void, each: (TreeRow) throws -> Void
    ) throws {
        try tree(axis: axis, of: root, at: limit, asOf: asOf, each: each, bytes: { try each(TreeRow($0)) })
    }

    /// The same tree, its rows read from the whole columns of the head snapshot handed to
    /// `bytes` as the bytes of their names and ids (no string made for a row), the others to
    /// `each` (`TreeText` and `TreeJSON` write both alike).
    /// - Throws: as `tree(axis:of:at:asOf:each:)`.
    package func tree(
        axis: Axis, of root: ObjectID?, at limit: ReplayLimit?, asOf: (Int64) throws -> Void,
        each: (TreeRow) throws -> Void, bytes: (TreeRowBytes) throws -> Void
    ) throws {
        if useCache, head == nil, limit == nil {
            switch HeadTree.answer(axis: axis, root: root, logPath: path) {
            case .rows(let rows):
                try asOf(rows.asOfSeq)
                try rows.forEachBytes(bytes)
                return
            case .listed(let rows, let seq):
                try asOf(seq)
                for row in rows { try each(row) }
                return
            case .unknown:
                if let root { throw try missing(root, at: nil) }
            case nil: break
            }
        }
        let world = try world(at: limit)
        var top: ObjectIndex?
        if let root {
            guard let x = world.registry.index(of: root) else { throw try missing(root, at: limit, world: world) }
            top = x
        }
        try asOf(world.lastSeq)
        try WorldTree.rows(axis: axis, state: world, root: top, each: each)
    }

    /// The navigator's outline of the tree on `axis` at `limit` (the head when nil): the things
    /// in `place` (World when nil) from the `from`th on (by name, then id), and below them as
    /// many levels as `limits` allow, each thing with how many it holds (see `TreeOutline`).
    ///
    /// At the head it is read in place from the head snapshot when that can answer (the parent
    /// column whole, the rest only for the things listed); the same outline either way.
    /// - Throws: `DomainError.unknownObject` / `QueryError.notYet` for a place not there; as
    ///   `world(at:)`.
    public func outline(
        axis: Axis = .current, of place: ObjectID? = nil, from: Int = 0, limits: TreeOutline.Limits = .init(),
        at limit: ReplayLimit? = nil
    ) throws -> TreeOutline {
        if useCache, head == nil, limit == nil {
            switch HeadOutline.answer(axis: axis, place: place, from: from, limits: limits, logPath: path) {
            case .outline(let outline): return outline
            case .unknown: if let place { throw try missing(place, at: nil) }
            case nil: break
            }
        }
        return try outline(axis: axis, of: place, from: from, limits: limits, in: try world(at: limit), at: limit)
    }

    /// The outline as `outline(axis:of:from:limits:at:)` gives it, of `world` (the world at `limit`).
    package func outline(
        axis: Axis, of place: ObjectID?, from: Int, limits: TreeOutline.Limits, in world: WorldState,
        at limit: ReplayLimit?
    ) throws -> TreeOutline {
        var x: ObjectIndex?
        if let place {
            guard let found = world.registry.index(of: place) else { throw try missing(place, at: limit, world: world) }
            x = found
        }
        let archived = world.registry.indices.filter { world.status.isArchived($0) }
        return TreeOutline(
            axis: axis, place: x, from: from, limits: limits, parents: world.projection(axis).parents.raw.parents,
            archived: archived, reading: StateReading(world))
    }

    /// The things not where they belong at `limit` (the head when nil), longest away first;
    /// with `container`, only those inside it now (on the current axis, at any depth), as
    /// `return --all --in C` takes them. Each path is shortened as history shows it (the top
    /// two and the nearest three, `elided`).
    /// - Throws: `DomainError.unknownObject` / `QueryError.notYet` for a
    ///   container not there; as `world(at:)`.
    public func away(inside container: ObjectID? = nil, at limit: ReplayLimit? = nil) throws -> AwayList {
        var entries: [AwayEntry] = []
        var seq: Int64 = 0
        try away(inside: container, at: limit, asOf: { seq = $0 }, each: { entries.append($0) })
        return AwayList(asOfSeq: seq, away: entries)
    }

    /// The same list handed to `each` one thing at a time, in order, after `asOf` is given
    /// the last event it reflects, so that a caller writing it out never holds the whole
    /// list with its places. At the head it is read in place from the head snapshot when
    /// that can answer (`HeadAway`); the same entries either way.
    /// - Throws: as the list's form, or what `asOf` or `each` throws.
    public func away(
        inside container: ObjectID? = nil, at limit: ReplayLimit? = nil, asOf: (Int64) throws -> Void,
        each: (AwayEntry) throws -> Void
    ) throws {
        try away(
            inside: container, at: limit, from: 0, count: .max, inbound: true, asOf: asOf, each: each,
            bytes: { try each(AwayEntry($0)) })
    }

    /// The same list, the entries read from the whole columns of the head snapshot handed to
    /// `bytes` as the bytes of their names and ids (no string made for an entry), the others
    /// to `each` (`AwayText` and `AwayJSON` write the rows as `AwayEntry` writes the entries).
    /// Without `inbound` the rows leave out what is placed relative to each thing (the text
    /// does not show it).
    /// - Throws: as `away(inside:at:asOf:each:)`.
    package func away(
        inside container: ObjectID?, at limit: ReplayLimit?, inbound: Bool, asOf: (Int64) throws -> Void,
        each: (AwayEntry) throws -> Void, bytes: (AwayRowBytes) throws -> Void
    ) throws {
        try away(
            inside: container, at: limit, from: 0, count: .max, inbound: inbound, asOf: asOf, each: each, bytes: bytes)
    }

    /// One page of the same list: the entries from the `start`th (0 the first) on, at most
    /// `count` of them, and how many things the whole list has. At the head, a page of the
    /// whole list is read in place from the head snapshot when that can answer: the
    /// away-since columns read whole, then only the page's things, so a page costs the same
    /// wherever it falls in a list of any length (`HeadAway.page`).
    /// - Throws: as `away(inside:at:)`.
    public func away(inside container: ObjectID? = nil, at limit: ReplayLimit? = nil, from start: Int, count: Int)
        throws -> (list: AwayList, total: Int)
    {
        if useCache, head == nil, limit == nil, container == nil,
            let page = HeadAway.page(from: start, count: count, logPath: path)
        {
            return (AwayList(asOfSeq: page.asOfSeq, away: page.entries), page.total)
        }
        var entries: [AwayEntry] = []
        var seq: Int64 = 0
        let total = try away(
            inside: container, at: limit, from: start, count: count, inbound: true, asOf: { seq = $0 },
            each: { entries.append($0) }, bytes: { entries.append(AwayEntry($0)) })
        return (AwayList(asOfSeq: seq, away: entries), total)
    }

    /// The list's entries from `start` on, at most `count` of them, handed to `each` after
    /// `asOf` (those read from the whole columns to `bytes`, with their inbound relations when
    /// `inbound`); returns how many things the whole list has.
    @discardableResult
    private func away(
        inside container: ObjectID?, at limit: ReplayLimit?, from start: Int, count: Int, inbound: Bool,
        asOf: (Int64) throws -> Void, each: (AwayEntry) throws -> Void, bytes: (AwayRowBytes) throws -> Void
    ) throws -> Int {
        if useCache, head == nil, limit == nil {
            switch HeadAway.answer(inside: container, logPath: path) {
            case .entries(let entries):
                try asOf(entries.asOfSeq)
                try entries.forEachBytes(from: start, count: count, inbound: inbound, bytes)
                return entries.total
            case .listed(let entries, let seq):
                try asOf(seq)
                for entry in entries.dropFirst(max(start, 0)).prefix(max(count, 0)) { try each(entry) }
                return entries.count
            case .unknown:
                if let container { throw try missing(container, at: nil) }
            case nil: break
            }
        }
        let world = try world(at: limit)
        var inside: ObjectIndex?
        if let container {
            guard let x = world.registry.index(of: container) else {
                throw try missing(container, at: limit, world: world)
            }
            inside = x
        }
        try asOf(world.lastSeq)
        return try AwayList.entries(world, inside: inside, from: start, count: count, each: each)
    }

    /// The `count` things handled last (placed, returned, seen, made, lent) at the head,
    /// newest first, archived things left out, each with where it is now (its whole path):
    /// what changed last, from each thing's clock, with no replay of the log. Read in place
    /// from the head snapshot when only refusals follow it (`HeadLatest`); the same list either way.
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    public func lastHandled(_ count: Int = 8) throws -> StocktakeList {
        if useCache, head == nil, let list = HeadLatest.answer(count, logPath: path) { return list }
        let world = try world()
        let status = world.status
        let picked = LastHandled.pick(count, objects: world.registry.count, handled: { status.checked($0).seq }) {
            !status.isArchived($0)
        }
        let items = picked.map { x in
            let seen = status.seen(x).seq
            return StocktakeList.Item(
                id: world.registry.id(x), name: world.registry.name(x), lastSeq: status.checked(x).seq,
                lastAt: Timestamp(milliseconds: status.checked(x).at), seenSeq: seen == 0 ? nil : seen,
                current: Location(x, axis: .current, state: world))
        }
        return StocktakeList(asOfSeq: world.lastSeq, items: items)
    }

    /// The things lent at `limit` (the head when nil), in the list's order (see `LoanList`).
    public func loans(at limit: ReplayLimit? = nil) throws -> LoanList {
        LoanList(try world(at: limit))
    }

    /// What changed between two points (`to` nil: the head).
    ///
    /// Within the object timeline `rebuild` writes, only the objects the window's events changed
    /// are read, at both points (`PastDiff`). Otherwise both worlds come from one replay: from the
    /// nearest snapshot at or before `from` (or the start) on to `from`, then on to `to`, so the
    /// events between them are read once (`Timeline.states`). The same diff as from the two worlds
    /// made each on its own, either way.
    /// - Throws: `QueryError.reversed` when `from` comes after `to`; as `world(at:)`.
    /// - Complexity: from the timeline, proportional to the window's events and the objects they changed.
    public func diff(from: ReplayLimit, to: ReplayLimit? = nil) throws -> WorldDiff {
        if useCache, let diff = PastDiff.answer(from: from, to: to, logPath: path) { return diff }
        if let (a, b) = try timeline.states(from: from, to: to) { return WorldDiff(from: a, to: b) }
        return try diffApart(from: from, to: to)
    }

    /// The diff from the two worlds, each made on its own (`Timeline.state(at:)`): the way when
    /// the log has no lines yet or `to` comes before `from`, and the reference the one replay is tested against.
    package func diffApart(from: ReplayLimit, to: ReplayLimit? = nil) throws -> WorldDiff {
        let a = try timeline.state(at: from).state
        let b = try timeline.state(at: to).state
        if a.lastSeq > b.lastSeq { throw QueryError.reversed(from: a.lastSeq, to: b.lastSeq) }
        return WorldDiff(from: a, to: b)
    }

    /// The digests of the world at `limit` (the head when nil); with `useCache`
    /// false, of a replay from the first line.
    /// - Throws: as `world(at:)`.
    public func fingerprint(at limit: ReplayLimit? = nil) throws -> Fingerprint {
        let point = try timeline.state(at: limit)
        if case .seq(let seq) = limit, seq > point.cursor.lastSeq {
            throw QueryError.pastHead(asked: seq, head: point.cursor.lastSeq)
        }
        return Fingerprint(point.state)
    }

    /// The things whose names match `text` at `limit` (the head when nil), best first, at most `limit` of them;
    /// archived things only with `archived`.
    /// - Throws: as `world(at:)`.
    public func find(_ text: String, limit count: Int = 20, archived: Bool = false, at limit: ReplayLimit? = nil)
        throws -> FoundThings
    {
        if useCache, head == nil, limit == nil,
            let found = HeadFind.answer(text, limit: count, archived: archived, logPath: path)
        {
            return found
        }
        let world = try world(at: limit)
        let hits = SearchIndex(registry: world.registry).search(text, limit: count) {
            archived || !world.status.isArchived($0)
        }.map { hit in
            FoundThings.Hit(
                id: world.registry.id(hit.object), name: world.registry.name(hit.object), rank: hit.rank,
                archived: world.status.isArchived(hit.object),
                current: Location(hit.object, axis: .current, state: world),
                normal: Location(hit.object, axis: .normal, state: world))
        }
        return FoundThings(asOfSeq: world.lastSeq, hits: hits)
    }

    /// The stocktake of what is inside `container` (everything when nil) at
    /// `limit` (the head when nil): the things not handled since `since` (all
    /// when nil), longest untouched first. Each thing's path is shortened as
    /// history shows it (the top two and the nearest three, `elided`), so a
    /// deep chain gives a list in proportion to its things. At the head, the
    /// stocktake of a container is read in place from the head snapshot when
    /// that can answer (`HeadStocktake`); the same list either way.
    /// - Throws: `DomainError.unknownObject` / `QueryError.notYet` for a
    ///   container not there; as `world(at:)`.
    public func stocktake(
        inside container: ObjectID? = nil, since: Timestamp? = nil, at limit: ReplayLimit? = nil
    ) throws -> StocktakeList {
        var items: [StocktakeList.Item] = []
        let seq = try stocktake(inside: container, since: since, at: limit) { items.append($0) }
        return StocktakeList(asOfSeq: seq, items: items)
    }

    /// The same stocktake handed to `each` one thing at a time, in order,
    /// so that a caller writing it out never holds the whole list of things
    /// with their places. Returns the last event the list reflects.
    /// - Throws: as the list's form, or what `each` throws.
    public func stocktake(
        inside container: ObjectID? = nil, since: Timestamp? = nil, at limit: ReplayLimit? = nil,
        each: (StocktakeList.Item) throws -> Void
    ) throws -> Int64 {
        if useCache, head == nil, limit == nil, let container {
            switch HeadStocktake.answer(inside: container, since: since, logPath: path) {
            case .found(let list, _, _):
                for item in list.items { try each(item) }
                return list.asOfSeq
            case .unknown: throw try missing(container, at: nil)
            case nil: break
            }
        }
        let world = try world(at: limit)
        var inside = ObjectIndex.world
        if let container {
            guard let x = world.registry.index(of: container) else {
                throw try missing(container, at: limit, world: world)
            }
            inside = x
        }
        let reading = StateReading(world)
        var paths = ShortPaths(world.current.parents)
        for item in Stocktake.list(inside: inside, since: since, in: world) {
            try each(
                StocktakeList.Item(
                    id: world.registry.id(item.object), name: world.registry.name(item.object), lastSeq: item.seq,
                    lastAt: item.at, seenSeq: item.seenSeq,
                    current: Location(item.object, axis: .current, reading: reading, paths: &paths)))
        }
        return world.lastSeq
    }
}
