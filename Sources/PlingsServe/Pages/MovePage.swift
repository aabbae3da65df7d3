import PlingsKit
import PlingsText
import PlingsWeb

/// `GET /o/ID/move` and `POST /o/ID/move`: the seed's move flow. The relation (the seed's
/// words), the target (search as you type; a plain GET form without a script), then Både / Ny
/// hemplats / Bara nuvarande; before anything is written the page shows what would be appended
/// and which positional relations would drop, decided by the store's own batch function on a
/// copy of the world (`Decided.batch`, as `apply --dry-run`); the POST appends the same command
/// as the signed-in user, if the log has not moved on since the page showed it.
enum MovePage {
    /// The choices the form carries.
    struct Choice {
        var relation: Relation?
        var target: ObjectID?
        var axes: AxisSet?

        init(_ fields: FormFields) {
            relation = fields.nonEmpty("rel").flatMap(Relation.init(token:))
            target = fields.nonEmpty("target").flatMap {
                ObjectID.problem(with: $0) == nil ? ObjectID(unchecked: $0) : nil
            }
            axes = fields.nonEmpty("axes").flatMap(AxisSet.init(choice:))
        }

        func command(_ id: ObjectID) -> Command? {
            guard let relation, let target, let axes else { return nil }
            return .place(Placement(object: id, relation: relation, target: target, axes: axes))
        }
    }

    /// The id of the prediction's heading, where the preview button's answer opens.
    static let wouldHappen = "would-happen"

    static let axisChoices: [(token: String, key: MessageKey)] = [
        ("both", .pageAxesBoth), ("normal", .pageAxesNormal), ("current", .pageAxesCurrent),
    ]

    /// A target the form offers: a thing and where it is now.
    struct Target {
        var id: String
        var name: String
        var place: String
    }

    /// The form alone reads as the command line's views read: the card (`Query.card`), the
    /// chosen target's card, and the search (`Query.find`); the prediction, once the choice is
    /// whole, decides on the world at the head as `apply --dry-run` does.
    static func page(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let id = try PageWorld.id(c)
        let choice = Choice(c.query)
        let query = c.query.nonEmpty("q") ?? ""
        if choice.command(id) != nil {
            let state = try world.world().state
            guard let x = state.registry.index(of: id) else { throw PageWorld.noSuchThing(id.rawValue) }
            return render(c, state, id, x, choice, query: query, problem: nil)
        }
        let card = try world.card(id)
        var targets: [Target] = []
        if let chosen = choice.target, let target = try? world.card(chosen) {
            targets.append(Target(id: target.id, name: target.name, place: target.current.onPage.pathText(c.language)))
        }
        if !query.isEmpty {
            let hits = try world.reading { try world.query.find(query, limit: 12) }.hits
            for hit in hits where !targets.contains(where: { $0.id == hit.id.rawValue }) {
                targets.append(
                    Target(id: hit.id.rawValue, name: hit.name, place: hit.current.onPage.pathText(c.language)))
            }
        }
        // The preview button pressed before the choice is whole: say what is missing, not nothing.
        let incomplete = c.query.nonEmpty("preview") == nil ? nil : c.text(.pageIncompleteForm)
        return render(c, card, targets, choice, query: query, problem: incomplete, preview: [])
    }

    /// The page from the world at the head: the form, and the prediction once the choice is whole.
    static func render(
        _ c: PageContext, _ state: WorldState, _ id: ObjectID, _ x: ObjectIndex, _ choice: Choice, query: String,
        problem: String?, status: Int = 200
    ) -> WebResponse {
        var found: [ObjectIndex] = []
        if let chosen = choice.target, let x = state.registry.index(of: chosen) { found.append(x) }
        if !query.isEmpty {
            let hits = SearchIndex(registry: state.registry).search(query, limit: 12) { !state.status.isArchived($0) }
            found += hits.map(\.object).filter { !found.contains($0) }
        }
        let targets = found.map { x in
            Target(
                id: state.registry.id(x).rawValue, name: state.registry.name(x),
                place: Location(x, axis: .current, state: state).onPage.pathText(c.language))
        }
        let path = "/o/" + FormFields.encode(id.rawValue) + "/move"
        let predicted = choice.command(id).map { preview(c, state, $0, path: path, choice) } ?? []
        return render(
            c, Card(x, state: state), targets, choice, query: query, problem: problem, preview: predicted,
            status: status)
    }

    /// The page: the form (the thing's card says its name and where it is) and `preview`.
    static func render(
        _ c: PageContext, _ card: Card, _ targets: [Target], _ choice: Choice, query: String, problem: String?,
        preview: [Markup], status: Int = 200
    ) -> WebResponse {
        let path = "/o/" + FormFields.encode(card.id) + "/move"
        var content: [Markup] = [
            .element("h1", [], [.text(c.text(.pageMoveTitle, ["name": card.name]))]),
            .element(
                "p", [],
                [.element("a", [Attribute("href", c.card(card.id))], [.text(card.current.onPage.pathText(c.language))])]
            ),
        ]
        // Away from home, said as the card says it: a move may be what brings it back.
        if card.away { content.append(PageShell.awayBadge(c)) }
        if let problem {
            content.append(.element("p", [Attribute("class", "error"), Attribute("id", "problem")], [.text(problem)]))
        }
        content.append(form(c, path: path, choice, query: query, targets: targets))
        content += preview
        return PageShell.page(
            c, path: path, title: c.text(.pageMoveTitle, ["name": card.name]), status: status, content)
    }

    static func form(_ c: PageContext, path: String, _ choice: Choice, query: String, targets: [Target]) -> Markup {
        func relations(_ list: [Relation]) -> Markup {
            .element(
                "div", [Attribute("class", "choices")],
                list.map { relation in
                    radio(
                        name: "rel", value: relation.token, label: c.text.label(relation),
                        checked: choice.relation == relation)
                })
        }
        // The common move is short: the ten single relations shown, the twelve diagonals and the
        // choice of place (Både unless changed) folded, open when the choice is among them.
        let diagonal = choice.relation?.isDiagonal ?? false
        let moreRelations = Markup.element(
            "details", [Attribute("id", "more-relations")] + (diagonal ? [Attribute("open", "open")] : []),
            [.element("summary", [], [.text(c.text(.pageMoreRelations))]), relations(Relation.diagonals)])
        let chosenAxes = axisChoices.first { (choice.axes ?? .both) == AxisSet(choice: $0.token) } ?? axisChoices[0]
        let axes = Markup.element(
            "details", [Attribute("id", "axes")] + (chosenAxes.token == "both" ? [] : [Attribute("open", "open")]),
            [
                .element("summary", [], [.text(c.text(.pageAxesChosen, ["choice": c.text(chosenAxes.key)]))]),
                .element(
                    "div", [Attribute("class", "choices")],
                    axisChoices.map { token, key in
                        radio(name: "axes", value: token, label: c.text(key), checked: token == chosenAxes.token)
                    }),
            ])
        return PageShell.form(c, action: path, method: "get", [Attribute("data-live", "targets")]) {
            [
                fieldset(
                    c.text(.pageRelation), [relations(Relation.allCases.filter { !$0.isDiagonal }), moreRelations]),
                fieldset(
                    c.text(.pageTarget),
                    [
                        .element(
                            "div", [Attribute("class", "find")],
                            [
                                .leaf(
                                    "input",
                                    [
                                        Attribute("type", "search"), Attribute("name", "q"), Attribute("value", query),
                                        Attribute("id", "q"), Attribute("autocomplete", "off"),
                                        Attribute("placeholder", c.text(.pageFindPlaceholder)),
                                    ]),
                                .element(
                                    "button", [Attribute("type", "submit"), Attribute("id", "search")],
                                    [.text(c.text(.pageFind))]),
                            ]),
                        .element(
                            "div", [Attribute("id", "targets"), Attribute("class", "choices")],
                            targets.map { target in
                                radio(
                                    name: "target", value: target.id, label: target.name,
                                    checked: target.id == choice.target?.rawValue, sub: target.place)
                            }),
                    ]),
                axes,
                // The answer opens at what would happen (below the form, off a phone's first screen);
                // `preview` tells it from the search button.
                .element(
                    "button",
                    [
                        Attribute("type", "submit"), Attribute("id", "preview"), Attribute("class", "primary"),
                        Attribute("name", "preview"), Attribute("value", "1"),
                        Attribute("formaction", c.request.base + path + "#" + wouldHappen),
                    ], [.text(c.text(.pagePreview))]),
            ]
        }
    }

    static func radio(name: StaticString, value: String, label: String, checked: Bool, sub: String? = nil) -> Markup {
        var attributes = [Attribute("type", "radio"), Attribute("name", name.description), Attribute("value", value)]
        if checked { attributes.append(Attribute("checked", "checked")) }
        var parts: [Markup] = [.leaf("input", attributes), .element("span", [], [.text(label)])]
        if let sub { parts.append(.element("span", [Attribute("class", "sub")], [.text(sub)])) }
        return .element("label", [Attribute("data-value", value)], parts)
    }

    static func fieldset(_ legend: String, _ content: [Markup]) -> Markup {
        .element("fieldset", [], [.element("legend", [], [.text(legend)])] + content)
    }

    /// What the command would do, decided as the store decides it, and the button that does it.
    static func preview(_ c: PageContext, _ state: WorldState, _ command: Command, path: String, _ choice: Choice)
        -> [Markup]
    {
        var copy = state
        var effects = EffectLog(recording: true)
        var lines: [String] = []
        let item = Store.Item(command: command, actor: c.request.user, commandID: nil)
        let decided = Decided.batch(
            [item], in: &copy, at: SystemClock.now(), commandID: nil, policy: .stop, effects: &effects
        ) {
            item, events, effects, after in
            if item.decision?.isUnchanged ?? false { lines.append(Describe.unchanged(command, state: after, c.text)) }
            // A prediction, so in the conditional: "skulle placera …" / "would place …".
            for event in events {
                if case .placed = event.payload {
                    lines.append(EventSentence.of(event, state: after, c.text, placed: .pageWouldPlace))
                } else {
                    lines.append(c.text(.pageWouldAppend, ["event": Describe.event(event, state: after, c.text)]))
                }
            }
            for values in Describe.drops(Array(effects), of: Array(events), after, c.text) {
                lines.append(c.text(.pageWouldDrop, values))
            }
            for note in item.decision?.notes ?? [] { lines.append(c.text.message(note)) }
        }
        var out: [Markup] = [.element("h2", [Attribute("id", wouldHappen)], [.text(c.text(.pageWouldHappen))])]
        if let error = decided.rejected.first?.error {
            out.append(
                .element(
                    "p", [Attribute("class", "error"), Attribute("id", "refused")], [.text(c.text.message(error))]))
            return out
        }
        out.append(
            .element(
                "ul", [Attribute("class", "list"), Attribute("id", "prediction")],
                lines.map { .element("li", [], [.text($0)]) }))
        guard !decided.events.isEmpty, let relation = choice.relation, let target = choice.target else { return out }
        let axes = axisChoices.first { AxisSet(choice: $0.token) == choice.axes }?.token ?? "both"
        out.append(
            PageShell.form(c, action: path, method: "post") {
                [
                    PageShell.hiddenField("rel", relation.token), PageShell.hiddenField("target", target.rawValue),
                    PageShell.hiddenField("axes", axes), PageShell.hiddenField("expect", String(state.lastSeq)),
                    .element(
                        "button",
                        [Attribute("type", "submit"), Attribute("id", "confirm"), Attribute("class", "primary")],
                        [.text(c.text(.pageConfirm))]),
                ]
            })
        return out
    }

    /// `POST /o/ID/move`: appends the move as the signed-in user, then shows the card.
    static func post(_ c: PageContext, _ world: PageWorld, _ fields: FormFields) throws(WebFailure) -> WebResponse {
        let choice = Choice(fields)
        let text = c.request.parameters["id"] ?? ""
        guard ObjectID.problem(with: text) == nil, let command = choice.command(ObjectID(unchecked: text)) else {
            throw WebFailure(400, .pageIncompleteForm)
        }
        let expected = fields.nonEmpty("expect").flatMap { Int64($0) }
        return try VerbPosts.append(c, world, ObjectID(unchecked: text), command, expected: expected) {
            state, problem in
            let id = ObjectID(unchecked: text)
            guard let x = state.registry.index(of: id) else { return nil }
            return render(c, state, id, x, choice, query: "", problem: problem, status: 409)
        }
    }
}
