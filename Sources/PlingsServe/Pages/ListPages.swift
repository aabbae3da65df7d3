import PlingsKit
import PlingsText
import PlingsWeb

/// The pages that list things: the start page, find, what is away, and the tree.
enum ListPages {
    /// `GET /`: the find box, what is away (the ten longest away, and how many more), the
    /// things handled last; each read as its query reads it, never the whole world.
    static func home(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let (away, total) = try world.reading { try world.query.away(from: 0, count: PageLimits.awayOnHome) }
        let latest = try world.reading { try world.query.lastHandled(PageLimits.latest) }
        var content: [Markup] = [.element("h1", [], [.text("Plings")]), PageShell.findBox(c)]
        content.append(.element("h2", [], [.text(c.text(.pageAway))]))
        content.append(awayList(c, away.away, more: total - away.away.count))
        content.append(.element("h2", [], [.text(c.text(.pageLatest))]))
        content.append(self.latest(c, latest.items))
        return PageShell.page(c, path: "/", title: "Plings", content)
    }

    /// The things handled last (placed, returned, seen, made), newest first (`Query.lastHandled`).
    static func latest(_ c: PageContext, _ items: [StocktakeList.Item]) -> Markup {
        guard !items.isEmpty else { return .element("p", [], [.text(c.text(.pageNothingYet))]) }
        let items: [Markup] = items.map { item in
            .element(
                "li", [],
                [
                    .element("a", [Attribute("href", c.card(item.id.rawValue))], [.text(item.name)]),
                    .element(
                        "span", [Attribute("class", "sub")],
                        [
                            .text("#\(item.lastSeq) "), PageTime.markup(item.lastAt.rfc3339),
                            .text(" · \(item.current.pathText(c.language))"),
                        ]),
                ])
        }
        return .element("ul", [Attribute("class", "list"), Attribute("id", "latest")], items)
    }

    /// The away list as a page's list; with `more` things after it, a last line that says
    /// how many and links to the whole list.
    static func awayList(_ c: PageContext, _ entries: [AwayEntry], more: Int = 0) -> Markup {
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
        if more > 0 {
            items.append(
                .element(
                    "li", [],
                    [
                        .element(
                            "a", [Attribute("href", c.link("/away"))], [.text(c.text.count(.pageMoreNotListed, more))])
                    ]))
        }
        return .element("ul", [Attribute("class", "list"), Attribute("id", "away-list")], items)
    }

    /// `GET /away?page=N`: what is away, longest away first, a page of `PageLimits.listed`
    /// things at a time (the first without `page`), with where the page falls in the list and
    /// links to the pages before and after it.
    /// - Throws: 400 for a page that is not a number from 1 to the last page.
    static func away(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let per = PageLimits.listed
        let asked = c.query.nonEmpty("page")
        // 0 for a page that is no number from 1 on: only the list's length is read, for the error.
        let number = asked.map { $0.utf8.count <= 9 ? max(Int($0) ?? 0, 0) : 0 } ?? 1
        let (away, total) = try world.reading {
            try world.query.away(from: max(number - 1, 0) * per, count: number >= 1 ? per : 0)
        }
        let pages = max(1, (total + per - 1) / per)
        guard number >= 1, number <= pages else { throw badPage(asked ?? "", pages: pages) }
        var content: [Markup] = [.element("h1", [], [.text(c.text(.pageAway))])]
        if total > per {
            let first = (number - 1) * per + 1
            let range = c.text(
                .pageAwayRange,
                ["first": String(first), "last": String(first + away.away.count - 1), "total": String(total)])
            content.append(.element("p", [Attribute("id", "away-range")], [.text(range)]))
        }
        content.append(awayList(c, away.away))
        var links: [Markup] = []
        if number > 1 {
            links.append(
                .element(
                    "a",
                    [
                        Attribute("href", c.link("/away", [("page", number > 2 ? String(number - 1) : nil)])),
                        Attribute("id", "earlier"),
                    ], [.text(c.text(.pageEarlier))]))
        }
        if number < pages {
            links.append(
                .element(
                    "a",
                    [Attribute("href", c.link("/away", [("page", String(number + 1))])), Attribute("id", "later")],
                    [.text(c.text(.pageLater))]))
        }
        if !links.isEmpty { content.append(.element("p", [Attribute("class", "actions")], links)) }
        return PageShell.page(c, path: "/away", title: c.text(.pageAway), content)
    }

    /// 400: no such page of the list, which has `pages` of them.
    static func badPage(_ value: String, pages: Int) -> WebFailure {
        WebFailure(400, .pageBadPage, ["value": Printable.quote(value, limit: 20), "pages": String(pages)])
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
