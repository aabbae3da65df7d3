import PlingsKit
import PlingsText
import PlingsWeb

/// The pages that list things: the start page, find, what is away, and the tree.
enum ListPages {
    /// `GET /`: what is away (the ten longest away, and how many more), the things handled
    /// last (finding is the bar's); each read as its query reads it, never the whole world.
    static func home(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let (away, total) = try world.reading { try world.query.away(from: 0, count: PageLimits.awayOnHome) }
        let latest = try world.reading { try world.query.lastHandled(PageLimits.latest) }
        var content: [Markup] = [.element("h1", [], [.text("Plings")])]
        content.append(.element("h2", [], [.text(c.text(.pageAway))]))
        content.append(awayList(c, away.away, more: total - away.away.count))
        content.append(.element("h2", [], [.text(c.text(.pageLatest))]))
        // A thing at World may be lent: its card says to whom (a few cards, read in place).
        var loans: [ObjectID: LoanRef] = [:]
        for item in latest.items where item.current.path.isEmpty {
            if let loan = try? world.card(item.id).loan { loans[item.id] = loan }
        }
        content.append(self.latest(c, latest.items, loans: loans))
        return PageShell.page(c, path: "/", title: "Plings", content)
    }

    /// The things handled last (placed, returned, seen, made), newest first (`Query.lastHandled`);
    /// a lent thing says its loan (`loans`, by id) instead of World.
    static func latest(_ c: PageContext, _ items: [StocktakeList.Item], loans: [ObjectID: LoanRef] = [:]) -> Markup {
        guard !items.isEmpty else { return .element("p", [], [.text(c.text(.pageNothingYet))]) }
        let today = LoanClock(today: CalendarDay(SystemClock.now()), offset: { _ in 0 })
        let items: [Markup] = items.map { item in
            var place = placeText(c, item.current)
            if var loan = loans[item.id] {
                loan.mark(today)
                place = loan.phrase(c.language)
            }
            return .element(
                "li", [],
                [
                    .element("a", [Attribute("href", c.card(item.id.rawValue))], [.text(item.name)]),
                    .element(
                        "span", [Attribute("class", "sub")],
                        [
                            .text("#\(item.lastSeq) "), PageTime.markup(item.lastAt.rfc3339), .text(" · " + place),
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
            let home = placeText(c, entry.normal)
            let since = PageTime.marked(entry.since)
            var line = c.text(.pageAwaySince, ["place": placeText(c, entry.current), "home": home, "since": since])
            if var loan = entry.loan {
                loan.mark(today)
                line = c.text(.pageAwayLent, ["loan": loan.phrase(c.language), "home": home, "since": since])
            }
            return .element(
                "li", [],
                [
                    .element("a", [Attribute("href", c.card(entry.id))], [.text(entry.name)]),
                    .element("span", [Attribute("class", "sub")], PageTime.sentence(line)),
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

    /// A place in a line, with its own preposition: "på Saltsjön › Vardagsrummet › Bord" for a thing
    /// on Bord, "i Saltsjön › Vardagsrummet", and its positional relation: ", under Bord".
    static func placeText(_ c: PageContext, _ loc: Location) -> String {
        let relation = loc.path.isEmpty ? Relation.in : loc.relation.flatMap(Relation.init(token:)) ?? .in
        var text = c.words.word(relation) + " " + loc.onPage.pathText(c.words)
        for p in loc.positional { text += ", \(c.words.word(token: p.relation)) " + Printable.quote(p.targetName) }
        return text
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
        // The bar's find box is the page's, holding what was searched.
        var content: [Markup] = [.element("h1", [], [.text(c.text(.pageFind))])]
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
                                        "span", [Attribute("class", "sub")],
                                        [.text(hit.current.onPage.pathText(c.language))]),
                                ])
                        }))
            }
        }
        return PageShell.page(c, path: "/find", title: c.text(.pageFind), searched: query, content)
    }

    /// `GET /tree[?of=ID][&from=K][&axis=normal][&at=POINT]`: the things in a place (World
    /// without `of`), a page of them from the `from`th, and below them as many levels as fit
    /// (`Query.outline`); every thing that holds things says how many, and links to the page of
    /// its own place. Things listed below the top level are folded.
    static func tree(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let asked = try PageWorld.asked(c)
        let axis: Axis = c.query["axis"] == "normal" ? .normal : .current
        var place: ObjectID?
        if let of = c.query.nonEmpty("of") {
            guard ObjectID.problem(with: of) == nil else { throw PageWorld.noSuchThing(of) }
            place = ObjectID(unchecked: of)
        }
        var from = 0
        if let text = c.query.nonEmpty("from") {
            guard text.utf8.count <= 18, let k = Int(text), k >= 0 else {
                throw WebFailure(400, .pageTreeBadFrom, ["value": Printable.quote(text, limit: 40)])
            }
            from = k
        }
        var content: [Markup] = [.element("h1", [], [.text(c.text(.pageTree) + " — " + c.words.axisName(axis))])]
        let outline: TreeOutline
        var at: Int64?
        if let asked {
            // At a point, the world there (as `plings tree --at` reads it), said first.
            let (state, answer) = try world.world(at: asked)
            outline = try world.reading {
                try world.query.outline(
                    axis: axis, of: place, from: from, limits: PageLimits.outline, in: state, at: asked.limit)
            }
            if let answer {
                content.append(
                    .element(
                        "p", [Attribute("class", "point"), Attribute("id", "point")], PageTime.header(c, answer)))
                at = state.lastSeq
            }
        } else {
            // At the head as `Query.outline` reads it: the head snapshot in place when it can answer.
            outline = try world.reading {
                try world.query.outline(axis: axis, of: place, from: from, limits: PageLimits.outline)
            }
        }
        let tree = TreeLinks(c: c, axis: axis, asked: asked?.text, at: at)
        if let row = outline.place { content.append(tree.placeLine(outline, row)) }
        let other: Axis = axis == .current ? .normal : .current
        content.append(
            PageShell.axisSwitch(c, to: other, href: tree.link(of: outline.place?.id, from: outline.from, axis: other)))
        content.append(.element("div", [Attribute("class", "tree"), Attribute("id", "tree")], [tree.lists(outline)]))
        if let pages = tree.pages(outline) { content.append(pages) }
        return PageShell.page(c, path: "/tree", title: c.text(.pageTree), content)
    }

    /// The tree page's links (each keeps the axis, the point and the language) and its parts.
    struct TreeLinks {
        let c: PageContext
        let axis: Axis
        /// The point as asked (`?at=`), kept in the tree's own links.
        let asked: String?
        /// The seq the page shows, for the links to cards; nil at the head.
        let at: Int64?

        /// The tree page of `id`'s place (World when nil), from the `from`th thing, on `axis`.
        func link(of id: String?, from: Int = 0, axis: Axis? = nil) -> String {
            let shown = axis ?? self.axis
            return c.link(
                "/tree",
                [
                    ("of", id), ("from", from > 0 ? String(from) : nil),
                    ("axis", shown == .normal ? shown.token : nil), ("at", asked),
                ])
        }

        /// World › A › B › the place (its card, how it is held, its positional relations).
        func placeLine(_ outline: TreeOutline, _ row: TreeRow) -> Markup {
            var parts: [Markup] = [.element("a", [Attribute("href", link(of: nil))], [.text(c.words.world)])]
            for (k, step) in outline.path.enumerated() {
                parts.append(.text(" › "))
                if outline.elided && k == 2 { parts.append(.text("… › ")) }
                parts.append(.element("a", [Attribute("href", link(of: step.id))], [.text(step.name)]))
            }
            parts.append(.text(" › "))
            return .element(
                "p", [Attribute("id", "place")], parts + label(c, row, at: at, holder: outline.path.last?.name))
        }

        /// The items as nested lists: a thing whose things are listed below it is a `<details>`
        /// (open at the top level), each thing that holds any says how many with a link to its place.
        func lists(_ outline: TreeOutline) -> Markup {
            // Each open list: the thing it is below (nil: the place), its items, and that thing's holder.
            var open: [(item: TreeOutline.Item?, items: [Markup], holder: String?)] = [(nil, [], nil)]
            func close() {
                guard let (owner, listed, holder) = open.popLast(), let owner else { return }
                var items: [Markup] = listed
                if owner.contents > owner.shown {
                    let more = c.text.count(.pageMoreNotListed, owner.contents - owner.shown)
                    let moreLink = Markup.element("a", [Attribute("href", link(of: owner.row.id))], [.text(more)])
                    items.append(.element("li", [], [moreLink]))
                }
                let summary = Markup.element("summary", [], line(owner, holder: holder))
                let unfolded = owner.row.depth == 0 ? [Attribute("open", "open")] : []
                let item = Markup.element(
                    "li", [], [.element("details", unfolded, [summary, .element("ul", [], items)])])
                open[open.count - 1].items.append(item)
            }
            for item in outline.items {
                while open.count > item.row.depth + 1 { close() }
                let holder = open[open.count - 1].item?.row.name ?? outline.place?.name
                if item.shown > 0 {
                    open.append((item, [], holder))
                } else {
                    // A row as its summary is when folded: each part a box of its own, so a long
                    // loan wraps under its own text.
                    open[open.count - 1].items.append(
                        .element("li", [Attribute("class", "leaf")], line(item, holder: holder)))
                }
            }
            while open.count > 1 { close() }
            if outline.items.isEmpty && outline.place == nil {
                return .element("p", [Attribute("id", "none")], [.text(c.text(.pageNothingYet))])
            }
            return .element("ul", [], open[0].items)
        }

        /// A thing's label (held by `holder`), and how many things it holds with a link to its place.
        private func line(_ item: TreeOutline.Item, holder: String?) -> [Markup] {
            var parts = label(c, item.row, at: at, holder: holder, loan: item.loan)
            if item.contents > 0 {
                parts.append(
                    .element(
                        "a", [Attribute("class", "holds"), Attribute("href", link(of: item.row.id))],
                        [.text(c.text.count(.pageTreeHolds, item.contents))]))
            }
            return parts
        }

        /// "1–100 of 1234" with the links to the pages before and after, when the place holds more
        /// than one page of things.
        func pages(_ outline: TreeOutline) -> Markup? {
            let page = PageLimits.outline.page
            let shown = outline.items.lazy.filter { $0.row.depth == 0 }.count
            guard outline.from > 0 || outline.from + shown < outline.total else { return nil }
            var parts: [Markup] = []
            if outline.from > 0 {
                parts.append(
                    .element(
                        "a",
                        [
                            Attribute(
                                "href",
                                link(of: outline.place?.id, from: max(0, min(outline.from, outline.total) - page))),
                            Attribute("rel", "prev"),
                        ], [.text(c.text(.pageTreePrevious))]))
                parts.append(.text(" "))
            }
            if shown > 0 {
                let range = c.text(
                    .pageTreeRange,
                    [
                        "first": String(min(outline.from + 1, outline.total)), "last": String(outline.from + shown),
                        "total": String(outline.total),
                    ])
                parts.append(.text(range))
            }
            if outline.from + shown < outline.total {
                parts.append(.text(" "))
                parts.append(
                    .element(
                        "a",
                        [
                            Attribute("href", link(of: outline.place?.id, from: outline.from + shown)),
                            Attribute("rel", "next"),
                        ], [.text(c.text(.pageTreeNext))]))
            }
            return .element("p", [Attribute("class", "pages"), Attribute("id", "pages")], parts)
        }
    }

    /// A thing's name with its card's link, how its holder (`holder`'s name) holds it when not
    /// in it ("— på Bord"), its positional relation and, when lent, its loan.
    static func label(_ c: PageContext, _ row: TreeRow, at: Int64?, holder: String? = nil, loan: LoanRef? = nil)
        -> [Markup]
    {
        var parts: [Markup] = [.element("a", [Attribute("href", c.card(row.id, at: at))], [.text(row.name)])]
        if let holder { parts += CardPage.heldBy(c, row.relation, holder) }
        for p in row.positional {
            parts.append(.element("span", [Attribute("class", "rel")], [.text(c.words.inlinePositional(p))]))
        }
        if var loan {
            loan.mark(LoanClock(today: CalendarDay(SystemClock.now()), offset: { _ in 0 }))
            parts.append(.element("span", [Attribute("class", "rel lent")], [.text(" — " + loan.phrase(c.language))]))
        }
        return parts
    }
}
