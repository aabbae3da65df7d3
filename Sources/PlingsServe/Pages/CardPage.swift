import PlingsKit
import PlingsText
import PlingsWeb

/// `GET /o/ID` and `GET /o/ID?at=POINT`: the card — where the thing is now and where it
/// belongs, with the positional relations both ways, what it holds, what belongs in it but is
/// elsewhere, when it was last seen, a picture of what it holds, and the buttons; at a point,
/// which point it shows and a way to step through the thing's events.
package enum CardPage {
    static func page(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let asked = try PageWorld.asked(c)
        let id = try PageWorld.id(c)
        let worldName = c.text(.pictureWorld)
        // The card and the picture of what it holds in one read, as `plings card` reads a card.
        let (read, answer) = try world.object(id, at: asked) { x, reading in
            PlaceContents(x, axis: .current, reading: reading, worldName: worldName)
        }
        if let answer {
            let seqs = (try? world.history(id, language: c.language))?.entries.map(\.seq) ?? []
            let steps = stepper(c, answer, shown: read.card.asOfSeq, seqs: seqs, id)
            return render(
                c, read.card, picture: read.value, live: false, stepper: steps, undo: nil, point: answer)
        }
        // The thing's events as lines (cheap); only the ones the buttons and the note name are worded.
        let events = try world.events(id)
        let doneSeq = c.query.nonEmpty("done").flatMap { $0.hasPrefix("#") ? Int64($0.dropFirst()) : nil }
        let named = [lastChange(events, id)?.seq, events.contains { $0.seq == doneSeq } ? doneSeq : nil].compactMap {
            $0
        }
        var entries =
            named.isEmpty
            ? [] : try world.entries(id, from: named.min(), to: named.max(), language: c.language)
        var undo = lastChange(entries, id)
        if let seq = lastChange(events, id)?.seq, undo?.event.seq != seq {
            // Skipped when replayed (a merged log): look further back among all of them, worded.
            entries = try world.entries(id, language: c.language)
            undo = lastChange(entries, id)
        }
        return render(
            c, read.card, picture: read.value, live: true, stepper: [], undo: undo, done: done(c, entries))
    }

    /// What a form's answer says it did (`?done=#SEQ`, or `?done=unchanged`): the change, when
    /// it is one of the thing's events ("Done: placed …"), else the seq; nothing for any other
    /// value, so a link cannot make the card say a text of its own.
    static func done(_ c: PageContext, _ entries: [LogEntry]) -> String? {
        guard let done = c.query.nonEmpty("done") else { return nil }
        if done == VerbPosts.unchanged { return c.text(.pageDone, ["seq": c.text(.pageUnchanged)]) }
        let digits = done.utf8.dropFirst()
        guard done.hasPrefix("#"), (1...18).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let seq = Int64(done.dropFirst())
        else { return nil }
        if let entry = entries.last(where: { $0.event.seq == seq }) {
            // An undo's change says it was one ("… (ångrade #14)"), else it reads as any move.
            let undid = entry.event.undoes.map { c.text(.historyUndid, ["seq": String($0)]) } ?? ""
            return c.text(.pageDoneChange, ["change": entry.sentence + undid])
        }
        return c.text(.pageDone, ["seq": "#\(seq)"])
    }

    /// The thing's last move, return or rename among `events` (an undo is a move too).
    static func lastChange(_ events: [Event], _ id: ObjectID) -> Event? {
        events.last { event in
            guard event.payload.object == id else { return false }
            switch event.payload {
            case .placed, .returned, .renamed: return true
            default: return false
            }
        }
    }

    /// The card: at the head with the buttons (`live`, `undo` the change its undo button takes
    /// back), else after `stepper`; with the picture of what it holds when it holds anything. A
    /// loan is overdue as of `point` (its instant), today without one.
    package static func render(
        _ c: PageContext, _ card: Card, picture: PlaceContents, live: Bool, stepper: [Markup], undo: LogEntry?,
        done: String? = nil, point: PointAnswer? = nil
    ) -> WebResponse {
        let asked: Int64? = live ? nil : card.asOfSeq
        let id = ObjectID(unchecked: card.id)
        let path = "/o/" + FormFields.encode(id.rawValue)
        var content: [Markup] = [
            .element(
                "h1", [],
                [.text(card.name), .text(" "), .element("span", [Attribute("class", "id")], [.text(id.rawValue)])])
        ]
        content += stepper
        if let done {
            content.append(.element("p", [Attribute("class", "note"), Attribute("id", "done")], [.text(done)]))
        }
        if let archived = card.archived {
            content.append(
                .element(
                    "p", [Attribute("class", "point")],
                    [.text("\(c.words.archived): #\(archived.seq) "), PageTime.markup(archived.at)])
            )
        }
        if card.away { content.append(PageShell.awayBadge(c)) }
        var lent: Markup?
        if var loan = card.loan {
            // Lent: who has it, since when, due when, in the page's language (days in UTC; overdue as of
            // the point shown: today at the head, the point's day at a point).
            let today = point?.instant ?? SystemClock.now()
            loan.mark(LoanClock(today: CalendarDay(today), offset: { _ in 0 }))
            lent = .element("p", [Attribute("id", "loan")], [.text(loan.phrase(c.language))])
        }
        // Lent to a person, the thing is nowhere in the world now: the loan is its current place (as
        // `plings card` says it), not "World".
        let lentAway = card.current.path.isEmpty ? lent : nil
        if let lent, lentAway == nil { content.append(lent) }
        content += location(c, c.words.current, card.current, id: "current", at: asked, instead: lentAway)
        if lentAway == nil && card.normal == card.current {
            // Home is where it is: said once, not every line again.
            content.append(
                .element(
                    "section", [Attribute("id", "normal")],
                    [
                        .element("h2", [], [.text(c.words.normal)]),
                        .element(
                            "p", [Attribute("class", "path"), Attribute("id", "home-same")],
                            [.text(c.text(.pageHomeSame))]),
                    ]))
        } else {
            content += location(c, c.words.normal, card.normal, id: "normal", at: asked)
        }
        if let seen = card.lastSeen {
            content.append(
                .element(
                    "p", [Attribute("id", "seen")],
                    [.text("\(c.words.lastSeen): "), PageTime.markup(seen.at), .text(" (#\(seen.seq))")]))
        }
        // The buttons before what it holds: on a phone, Flytta is on the first screen even for a
        // room of a hundred things (the seed's "scan → Flytta").
        content.append(actions(c, card, path: path, live: live, undo: undo, id: id))
        content += things(c, c.words.contents, card.contents, id: "contents", at: asked, holder: card.name)
        content += things(c, c.words.belongsElsewhere, card.missing, id: "elsewhere", at: asked, holder: card.name)
        if !card.contents.isEmpty {
            content.append(.element("h2", [], [.text(c.text(.pagePicture))]))
            content.append(
                .element(
                    "div", [Attribute("class", "picture")],
                    [PlacePicture(picture, limit: PageLimits.pictured).svg(c.text) { c.card($0, at: asked) }]))
        }
        return PageShell.page(c, path: path, title: card.name, content)
    }

    /// A location: its heading, the path with links (`instead` of "World" when given), and the lines under it.
    static func location(
        _ c: PageContext, _ title: String, _ loc: Location, id: StaticString, at: Int64?, instead: Markup? = nil
    ) -> [Markup] {
        var path: [Markup] = []
        let shown = loc.onPage
        if shown.path.isEmpty { path.append(.text(c.words.world)) }
        for (n, step) in shown.path.enumerated() {
            if n > 0 { path.append(.text(" › ")) }
            if shown.elided && n == 2 { path.append(.text("… › ")) }
            path.append(.element("a", [Attribute("href", c.card(step.id, at: at))], [.text(step.name)]))
        }
        var lines: [Markup] = []
        func line(_ label: String, _ refs: [(id: String, name: String)]) {
            var parts: [Markup] = [.text(label + " ")]
            for (n, ref) in refs.enumerated() {
                if n > 0 { parts.append(.text(", ")) }
                parts.append(.element("a", [Attribute("href", c.card(ref.id, at: at))], [.text(ref.name)]))
            }
            lines.append(.element("p", [Attribute("class", "detail")], parts))
        }
        if let rel = loc.relation.flatMap(Relation.init(token:)), rel != .in, let parent = loc.path.last {
            line(c.text.sentenceLabel(rel), [(parent.id, parent.name)])
        }
        for p in loc.positional {
            line(Relation(token: p.relation).map(c.text.sentenceLabel) ?? p.relation, [(p.target, p.targetName)])
        }
        var groups: [(relation: String, refs: [(id: String, name: String)])] = []
        for ref in loc.inbound {
            if groups.last?.relation == ref.relation {
                groups[groups.count - 1].refs.append((ref.id, ref.name))
            } else {
                groups.append((ref.relation, [(ref.id, ref.name)]))
            }
        }
        for group in groups {
            line((Relation(token: group.relation).map(c.words.inboundLabel) ?? group.relation) + ":", group.refs)
        }
        let place = (loc.path.isEmpty ? instead : nil) ?? .element("p", [Attribute("class", "path")], path)
        return [
            .element(
                "section", [Attribute("id", id.description)],
                [.element("h2", [], [.text(title)]), place] + lines)
        ]
    }

    /// A list of things with links to their cards, each held otherwise than in `holder` saying so
    /// ("— på Bord"), or nothing when there are none.
    static func things(
        _ c: PageContext, _ title: String, _ refs: [RelatedRef], id: StaticString, at: Int64?, holder: String
    ) -> [Markup] {
        guard !refs.isEmpty else { return [] }
        let shown = refs.prefix(PageLimits.listed)
        var items: [Markup] = shown.map { ref in
            .element(
                "li", [],
                [.element("a", [Attribute("href", c.card(ref.id, at: at))], [.text(ref.name)])]
                    + heldBy(c, ref.relation, holder))
        }
        if refs.count > shown.count {
            items.append(
                .element(
                    "li", [Attribute("class", "sub")],
                    [.text(c.text.count(.pageMoreNotListed, refs.count - shown.count))]))
        }
        return [
            .element(
                "section", [Attribute("id", id.description)],
                [.element("h2", [], [.text(title)]), .element("ul", [Attribute("class", "list")], items)])
        ]
    }

    /// How a thing is held by `holder` when not in it, in plain words after its name: " — på Bord"
    /// (as a positional relation reads); nothing for `in`.
    static func heldBy(_ c: PageContext, _ relation: String?, _ holder: String) -> [Markup] {
        guard let rel = relation.flatMap(Relation.init(token:)), rel != .in else { return [] }
        return [
            .element("span", [Attribute("class", "rel")], [.text(" — \(c.words.word(rel)) \(Printable.quote(holder))")])
        ]
    }

    /// The buttons: move, return, seen and undo at the head; history, picture and label always.
    static func actions(_ c: PageContext, _ card: Card, path: String, live: Bool, undo: LogEntry?, id: ObjectID)
        -> Markup
    {
        var buttons: [Markup] = []
        if live && card.archived == nil {
            buttons.append(
                .element(
                    "a",
                    [
                        Attribute("href", c.link(path + "/move")), Attribute("class", "primary"),
                        Attribute("id", "move"),
                    ], [.text(c.text(.pageMove))]))
            if card.away { buttons.append(PageShell.button(c, path + "/return", c.text(.pageReturn), id: "return")) }
            buttons.append(PageShell.button(c, path + "/seen", c.text(.pageSeen), id: "seen-button"))
            if let undo {
                let seq = String(undo.event.seq)
                buttons.append(
                    PageShell.button(
                        c, path + "/undo", c.text(.pageUndo, ["change": undo.sentence]), fields: [("seq", seq)],
                        id: "undo"))
            }
        }
        buttons.append(
            .element(
                "a", [Attribute("href", c.link(path + "/history")), Attribute("id", "history")],
                [.text(c.text(.pageHistory))]))
        if live {
            buttons.append(
                .element(
                    "a", [Attribute("href", c.link(path, [("at", String(max(0, card.asOfSeq - 1)))]))],
                    [.text(c.text(.pageEarlier))]))
        }
        buttons.append(
            .element("a", [Attribute("href", c.link("/labels", [("ids", id.rawValue)]))], [.text(c.text(.pageLabel))]))
        return .element("div", [Attribute("class", "actions")], buttons)
    }

    /// The change the undo button takes back: the thing's last move, return or rename (an undo
    /// is a move too) that was applied, from its events as `plings log --object` reads them;
    /// nil when it was never moved, returned or renamed.
    static func lastChange(_ entries: [LogEntry], _ id: ObjectID) -> LogEntry? {
        entries.last { entry in
            guard !entry.skipped, entry.event.payload.object == id else { return false }
            switch entry.event.payload {
            case .placed, .returned, .renamed: return true
            default: return false
            }
        }
    }

    /// At a point: which point is shown, and links to the thing's event before and after it
    /// (`seqs`, its history's), and to now.
    static func stepper(_ c: PageContext, _ answer: PointAnswer, shown: Int64, seqs: [Int64], _ id: ObjectID)
        -> [Markup]
    {
        var links: [Markup] = []
        if let before = seqs.last(where: { $0 < shown }) {
            links.append(
                .element(
                    "a", [Attribute("href", c.card(id.rawValue, at: before)), Attribute("id", "earlier")],
                    [.text(c.text(.pageEarlier))]))
        }
        if let after = seqs.first(where: { $0 > shown }) {
            links.append(
                .element(
                    "a", [Attribute("href", c.card(id.rawValue, at: after)), Attribute("id", "later")],
                    [.text(c.text(.pageLater))]))
        }
        links.append(
            .element("a", [Attribute("href", c.card(id.rawValue)), Attribute("id", "now")], [.text(c.text(.pageNow))]))
        return [
            .element("p", [Attribute("class", "point"), Attribute("id", "point")], PageTime.header(c, answer)),
            .element("div", [Attribute("class", "actions")], links),
        ]
    }
}

/// How much a page lists before it says how many more there are (a page stays under 50 KB).
enum PageLimits {
    static let listed = 100
    /// Things away shown on the start page (the rest on `/away`).
    static let awayOnHome = 10
    /// Things handled last shown on the start page.
    static let latest = 8
    /// Things drawn in the picture inside a card (the picture page draws more).
    static let pictured = 40
    /// The tree page: a page of 100 things of a place, 300 rows in all, 25 below each thing.
    static let outline = TreeOutline.Limits(page: 100, rows: 300, perThing: 25)
}
