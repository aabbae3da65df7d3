import PlingsKit
import PlingsText
import PlingsWeb

/// The pages that list things: the start page, find, what is away, and the tree.
enum ListPages {
    /// `GET /`: the find box, what is away (the longest away first), the latest changes.
    static func home(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let state = try world.world().state
        let away = AwayList(state)
        var content: [Markup] = [.element("h1", [], [.text("Plings")]), PageShell.findBox(c)]
        content.append(.element("h2", [], [.text(c.text(.pageAway))]))
        content.append(awayList(c, Array(away.away.prefix(10)), total: away.away.count))
        content.append(.element("h2", [], [.text(c.text(.pageLatest))]))
        content.append(latest(c, state))
        return PageShell.page(c, path: "/", title: "Plings", content)
    }

    /// The things handled last (placed, returned, seen, made), newest first, from the
    /// projections' clocks: no replay of the log.
    static func latest(_ c: PageContext, _ state: WorldState) -> Markup {
        var last: [(seq: Int64, at: Int64, x: ObjectIndex)] = []
        for x in state.registry.indices where !state.status.isArchived(x) {
            let clock = state.status.checked(x)
            guard last.count < 8 || clock.seq > last[last.count - 1].seq else { continue }
            last.append((clock.seq, clock.at, x))
            last.sort { $0.seq > $1.seq }
            if last.count > 8 { last.removeLast() }
        }
        guard !last.isEmpty else { return .element("p", [], [.text(c.text(.pageNothingYet))]) }
        let items: [Markup] = last.map { entry in
            let id = state.registry.id(entry.x).rawValue
            let place = Location(entry.x, axis: .current, state: state).pathText(c.language)
            let at = Timestamp(milliseconds: entry.at).rfc3339
            return .element(
                "li", [],
                [
                    .element("a", [Attribute("href", c.card(id))], [.text(state.registry.name(entry.x))]),
                    .element(
                        "span", [Attribute("class", "sub")],
                        [.text("#\(entry.seq) "), PageTime.markup(at), .text(" · \(place)")]),
                ])
        }
        return .element("ul", [Attribute("class", "list"), Attribute("id", "latest")], items)
    }

    /// The away list as a page's list.
    static func awayList(_ c: PageContext, _ entries: [AwayEntry], total: Int) -> Markup {
        guard !entries.isEmpty else { return .element("p", [Attribute("id", "away-none")], [.text(c.text(.awayNone))]) }
        // A lent thing says who has it, since when and when it is due instead of its place, as the
        // card does (days in UTC, overdue as of today).
        let today = LoanClock(today: CalendarDay(SystemClock.now()), offset: { _ in 0 })
        var items: [Markup] = entries.map { entry in
            let home = entry.normal.pathText(c.language)
            let since = PageTime.text(entry.since)
            var line = c.text(
                .pageAwaySince, ["place": entry.current.pathText(c.language), "home": home, "since": since])
            if var loan = entry.loan {
                loan.mark(today)
                line = c.text(.pageAwayLent, ["loan": loan.phrase(c.language), "home": home, "since": since])
            }
            return .element(
                "li", [],
                [
                    .element("a", [Attribute("href", c.card(entry.id))], [.text(entry.name)]),
                    .element("span", [Attribute("class", "sub")], [.text(line)]),
                ])
        }
        if total > entries.count {
            items.append(
                .element(
                    "li", [],
                    [
                        .element(
                            "a", [Attribute("href", c.link("/away"))],
                            [.text(c.text.count(.pageMoreNotListed, total - entries.count))])
                    ]))
        }
        return .element("ul", [Attribute("class", "list"), Attribute("id", "away-list")], items)
    }

    /// `GET /away`.
    static func away(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let away = AwayList(try world.world().state)
        let shown = Array(away.away.prefix(PageLimits.listed))
        return PageShell.page(
            c, path: "/away", title: c.text(.pageAway),
            [
                .element("h1", [], [.text(c.text(.pageAway))]), awayList(c, shown, total: away.away.count),
            ])
    }

    /// `GET /find?q=TEXT`: names and ids, accent- and case-insensitive, best first.
    static func find(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let query = c.query.nonEmpty("q") ?? ""
        var content: [Markup] = [.element("h1", [], [.text(c.text(.pageFind))]), PageShell.findBox(c, value: query)]
        if !query.isEmpty {
            // As `plings find` finds (`Query.find`).
            let hits = try world.reading { try world.query.find(query, limit: 50) }.hits
            if hits.isEmpty {
                content.append(.element("p", [Attribute("id", "none")], [.text(c.text(.findNone))]))
            } else {
                content.append(
                    .element(
                        "ul", [Attribute("class", "list"), Attribute("id", "hits")],
                        hits.map { hit in
                            .element(
                                "li", [],
                                [
                                    .element("a", [Attribute("href", c.card(hit.id.rawValue))], [.text(hit.name)]),
                                    .text(" "), .element("span", [Attribute("class", "id")], [.text(hit.id.rawValue)]),
                                    .element(
                                        "span", [Attribute("class", "sub")], [.text(hit.current.pathText(c.language))]),
                                ])
                        }))
            }
        }
        return PageShell.page(c, path: "/find", title: c.text(.pageFind), content)
    }

    /// `GET /tree[?axis=normal][&at=POINT]`: the world as folding lists, the positional
    /// relations after the names; every subtree folded but the top level.
    static func tree(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let asked = try PageWorld.asked(c)
        let axis: Axis = c.query["axis"] == "normal" ? .normal : .current
        var content: [Markup] = [.element("h1", [], [.text(c.text(.pageTree) + " — " + c.words.axisName(axis))])]
        let rows: Markup
        if asked == nil {
            // At the head as `plings tree` reads it (`Query.tree`: the head snapshot in place when
            // it can answer), each row made into the lists as it comes.
            var nested = NestedRows(c, at: nil)
            try world.reading { try world.query.tree(axis: axis, asOf: { _ in }, each: { nested.add($0) }) }
            rows = nested.finish()
        } else {
            let (state, answer) = try world.world(at: asked)
            if let answer {
                content.append(
                    .element(
                        "p", [Attribute("class", "point"), Attribute("id", "point")],
                        [.text(answer.header(c.language))]))
            }
            var nested = NestedRows(c, at: answer == nil ? nil : state.lastSeq)
            WorldTree.rows(axis: axis, state: state) { nested.add($0) }
            rows = nested.finish()
        }
        let other: Axis = axis == .current ? .normal : .current
        content.append(
            .element(
                "p", [],
                [
                    .element(
                        "a", [Attribute("href", c.link("/tree", [("axis", other.token), ("at", asked?.text)]))],
                        [.text(c.words.axisName(other))])
                ]))
        content.append(
            .element(
                "div", [Attribute("class", "tree"), Attribute("id", "tree")],
                [rows]))
        return PageShell.page(c, path: "/tree", title: c.text(.pageTree), content)
    }

    /// The rows, depth first, made into nested lists as they come: a row with children is a
    /// `<details>` (folded below the top level). Whether a row has children is known from the
    /// next row, so each row is placed when the next one comes (or at the end).
    struct NestedRows {
        let c: PageContext
        let at: Int64?
        /// open[d]: the items of the list at depth d, and the row that owns it.
        private var open: [(row: TreeRow?, items: [Markup])] = [(nil, [])]
        private var pending: TreeRow?

        init(_ c: PageContext, at: Int64?) {
            self.c = c
            self.at = at
        }

        mutating func add(_ row: TreeRow) {
            if let pending { place(pending, hasChildren: row.depth > pending.depth) }
            pending = row
        }

        /// The lists of every row added.
        mutating func finish() -> Markup {
            if let pending { place(pending, hasChildren: false) }
            pending = nil
            while open.count > 1 { close() }
            return .element("ul", [], open[0].items)
        }

        private mutating func place(_ row: TreeRow, hasChildren: Bool) {
            while open.count > row.depth + 1 { close() }
            if hasChildren {
                open.append((row, []))
            } else {
                open[open.count - 1].items.append(.element("li", [], label(c, row, at: at)))
            }
        }

        private mutating func close() {
            guard let (row, items) = open.popLast(), let row else { return }
            let summary = Markup.element("summary", [], label(c, row, at: at))
            // The top level is open; everything below it folded.
            let unfolded = row.depth == 0 ? [Attribute("open", "open")] : []
            let item = Markup.element("li", [], [.element("details", unfolded, [summary, .element("ul", [], items)])])
            open[open.count - 1].items.append(item)
        }
    }

    static func label(_ c: PageContext, _ row: TreeRow, at: Int64?) -> [Markup] {
        var parts: [Markup] = [.element("a", [Attribute("href", c.card(row.id, at: at))], [.text(row.name)])]
        let held = c.words.heldBy(row.relation)
        if !held.isEmpty { parts.append(.element("span", [Attribute("class", "rel")], [.text(held)])) }
        for p in row.positional {
            parts.append(.element("span", [Attribute("class", "rel")], [.text(c.words.inlinePositional(p))]))
        }
        return parts
    }
}
