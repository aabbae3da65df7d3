import PlingsKit
import PlingsText
import PlingsWeb

/// `GET /o/ID/history`: the thing's history, newest first, with who made each change, from
/// which device, and why a derived entry happened (its cause); each entry links to the card
/// as it was right after it.
enum HistoryPage {
    static func page(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let id = try PageWorld.id(c)
        // As `plings history` and `plings card` read them: the object timeline, the head snapshot.
        let history = try world.history(id, language: c.language)
        let name = try world.card(id).name
        let entries = history.entries.reversed().prefix(PageLimits.listed)
        // A derived entry's cause by its name (its card's, now), with its id as the sentences have it.
        var causes: [String: String] = [:]
        for cause in Set(entries.compactMap(\.cause)) where cause != id.rawValue {
            let name = ObjectID.problem(with: cause) == nil ? try? world.card(ObjectID(unchecked: cause)).name : nil
            causes[cause] = name ?? cause
        }
        let items: [Markup] = entries.map { entry in
            var sub = ""
            if let actor = entry.actor { sub += " · " + actor }
            if let device = entry.device {
                sub += " · " + c.text(.pageFromDevice, ["device": device, "at": PageTime.marked(entry.deviceAt ?? "")])
            }
            if let cause = entry.cause, cause != id.rawValue {
                sub += " · " + c.text(.pageCause, ["name": causes[cause] ?? cause, "id": cause])
            }
            return .element(
                "li", [],
                [
                    .element("a", [Attribute("href", c.card(id.rawValue, at: entry.seq))], [.text(entry.text)]),
                    .element(
                        "span", [Attribute("class", "sub")],
                        [.text("#\(entry.seq) "), PageTime.markup(entry.at)] + PageTime.sentence(sub)),
                ])
        }
        let path = "/o/" + FormFields.encode(id.rawValue)
        return PageShell.page(
            c, path: path + "/history", title: name,
            [
                .element(
                    "h1", [],
                    [
                        .element("a", [Attribute("href", c.card(id.rawValue))], [.text(name)]),
                        .text(" — " + c.text(.pageHistory)),
                    ]),
                .element("ul", [Attribute("class", "list"), Attribute("id", "history")], items),
            ])
    }
}
