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

    static let axisChoices: [(token: String, key: MessageKey)] = [
        ("both", .pageAxesBoth), ("normal", .pageAxesNormal), ("current", .pageAxesCurrent),
    ]

    static func page(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let state = try world.state()
        let (id, x) = try PageWorld.object(c, state)
        return render(c, state, id, x, Choice(c.query), query: c.query.nonEmpty("q") ?? "", problem: nil)
    }

    /// The page: the form, and the prediction once the choice is whole.
    static func render(
        _ c: PageContext, _ state: WorldState, _ id: ObjectID, _ x: ObjectIndex, _ choice: Choice, query: String,
        problem: String?, status: Int = 200
    ) -> WebResponse {
        let name = state.registry.name(x)
        let path = "/o/" + FormFields.encode(id.rawValue) + "/move"
        var content: [Markup] = [
            .element("h1", [], [.text(c.text(.pageMoveTitle, ["name": name]))]),
            .element(
                "p", [],
                [
                    .element(
                        "a", [Attribute("href", c.card(id.rawValue))],
                        [.text(Card(x, state: state).current.pathText(c.language))])
                ]),
        ]
        if let problem {
            content.append(.element("p", [Attribute("class", "error"), Attribute("id", "problem")], [.text(problem)]))
        }
        content.append(form(c, state, path: path, choice, query: query))
        if let command = choice.command(id) { content += preview(c, state, command, path: path, choice) }
        return PageShell.page(c, path: path, title: c.text(.pageMoveTitle, ["name": name]), status: status, content)
    }

    static func form(_ c: PageContext, _ state: WorldState, path: String, _ choice: Choice, query: String) -> Markup {
        let relations = Relation.allCases.map { relation in
            radio(
                name: "rel", value: relation.token, label: c.text.label(relation), checked: choice.relation == relation)
        }
        let axes = axisChoices.map { token, key in
            radio(
                name: "axes", value: token, label: c.text(key),
                checked: (choice.axes ?? .both) == AxisSet(choice: token))
        }
        return PageShell.form(c, action: path, method: "get", [Attribute("data-live", "targets")]) {
            [
                fieldset(c.text(.pageRelation), [.element("div", [Attribute("class", "choices")], relations)]),
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
                        targets(c, state, query: query, chosen: choice.target),
                    ]),
                fieldset(c.text(.pageAxes), [.element("div", [Attribute("class", "choices")], axes)]),
                .element(
                    "button", [Attribute("type", "submit"), Attribute("id", "preview"), Attribute("class", "primary")],
                    [.text(c.text(.pagePreview))]),
            ]
        }
    }

    /// The targets the search finds (and the chosen one), as radio buttons.
    static func targets(_ c: PageContext, _ state: WorldState, query: String, chosen: ObjectID?) -> Markup {
        var found: [ObjectIndex] = []
        if let chosen, let x = state.registry.index(of: chosen) { found.append(x) }
        if !query.isEmpty {
            let hits = SearchIndex(registry: state.registry).search(query, limit: 12) { !state.status.isArchived($0) }
            found += hits.map(\.object).filter { !found.contains($0) }
        }
        let items = found.map { x in
            let id = state.registry.id(x)
            let place = Location(x, axis: .current, state: state).pathText(c.language)
            return radio(
                name: "target", value: id.rawValue, label: state.registry.name(x), checked: id == chosen, sub: place)
        }
        return .element("div", [Attribute("id", "targets"), Attribute("class", "choices")], items)
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
            for event in events { lines.append(Describe.event(event, state: after, c.text)) }
            for values in Describe.drops(Array(effects), of: Array(events), after, c.text) {
                lines.append(c.text(.pageWouldDrop, values))
            }
            for note in item.decision?.notes ?? [] { lines.append(c.text.message(note)) }
        }
        var out: [Markup] = [.element("h2", [], [.text(c.text(.pageWouldHappen))])]
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
