import PlingsKit
import PlingsText
import PlingsWeb

/// `GET /o/ID/picture` (a page with an SVG of what is in a place, laid out by the positional
/// relations) and `GET /labels?ids=A,B|in=C&layout=…` (a printable sheet of labels with QR codes
/// of the cards' addresses): the pieces PlingsWeb makes, for the browser, below the site's bar.
enum PicturePages {
    /// The label sheet keeps its own style in the document (written in the code, never from
    /// data); no script at all.
    static let documentPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"

    static func picture(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let asked = try PageWorld.asked(c)
        let axis: Axis = c.query["axis"] == "normal" ? .normal : .current
        let worldName = c.text(.pictureWorld)
        let id = try PageWorld.id(c)
        // What the container holds, read with its card (the head snapshot, the object timeline).
        let (read, answer) = try world.object(id, at: asked) { x, reading in
            PlaceContents(x, axis: axis, reading: reading, worldName: worldName)
        }
        // As of the point shown: its links keep it, as the card's picture does.
        let at = answer == nil ? nil : read.card.asOfSeq
        var content: [Markup] = [
            .element(
                "h1", [],
                [
                    .element("a", [Attribute("href", c.card(id.rawValue, at: at))], [.text(read.card.name)]),
                    .text(" — " + c.text(.pagePicture)),
                ])
        ]
        if let answer {
            content.append(
                .element("p", [Attribute("class", "point"), Attribute("id", "point")], PageTime.header(c, answer)))
        }
        // The other axis, as the tree page switches: the same page there, at the same point.
        let path = "/o/" + FormFields.encode(id.rawValue) + "/picture"
        let other: Axis = axis == .current ? .normal : .current
        content.append(
            PageShell.axisSwitch(
                c, to: other, href: c.link(path, [("axis", other == .normal ? other.token : nil), ("at", asked?.text)]))
        )
        content.append(
            .element(
                "div", [Attribute("class", "picture")],
                [PlacePicture(read.value).svg(c.text) { c.card($0, at: at) }]))
        return PageShell.page(c, path: path, title: read.card.name, content)
    }

    static func labels(_ c: PageContext, _ world: PageWorld) throws(WebFailure) -> WebResponse {
        let layoutName = c.query.nonEmpty("layout") ?? LabelLayout.l7160.name
        guard let layout = LabelLayout.named(layoutName) else {
            throw WebFailure(400, .labelsBadLayout, ["value": Printable.quote(layoutName, limit: 40)])
        }
        // Each thing's name from its card; what a container holds read with its card. More
        // things than a sheet takes are refused before any is read.
        let ids = (c.query["ids"] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        guard ids.count <= LabelSheet.maximumLabels else { throw tooMany(ids.count) }
        var things: [(id: String, name: String)] = []
        for text in ids {
            guard ObjectID.problem(with: text) == nil else { throw PageWorld.noSuchThing(text) }
            things.append((text, try world.card(ObjectID(unchecked: text)).name))
        }
        if let inside = c.query.nonEmpty("in") {
            guard ObjectID.problem(with: inside) == nil else { throw PageWorld.noSuchThing(inside) }
            let (worldName, room) = (c.text(.pictureWorld), LabelSheet.maximumLabels - things.count)
            let (count, contents) = try world.object(ObjectID(unchecked: inside)) { x, reading in
                let count = reading.children(of: x, .current).lazy.filter { !reading.isArchived($0) }.count
                return (
                    count, count > room ? nil : PlaceContents(x, axis: .current, reading: reading, worldName: worldName)
                )
            }.read.value
            guard let contents else { throw tooMany(things.count + count) }
            things += contents.things.map { ($0.id, $0.name) }
        }
        guard !things.isEmpty else { throw WebFailure(400, .pageNoLabels) }
        let base =
            (c.request.https ? "https://" : "http://") + (c.request.header("host") ?? "localhost") + c.request.base
        let items = things.map { LabelItem(id: $0.id, name: $0.name, url: LabelItem.cardURL(base: base, id: $0.id)) }
        let sheet: LabelSheet
        do {
            sheet = try LabelSheet(items: items, layout: layout)
        } catch .tooMany(let count, _) {
            throw tooMany(count)
        } catch .tooLong(let id, let url, _) {
            throw WebFailure(400, .labelsTooLong, ["id": id, "bytes": String(url.utf8.count)])
        } catch {
            throw WebFailure(400, .pageNoLabels)
        }
        return WebResponse(
            contentType: "text/html; charset=utf-8",
            body: Array(sheet.html(c.text, bar: PageShell.bar(c, path: "/labels")).utf8),
            headers: PageShell.headers(policy: documentPolicy))
    }

    /// 400: `count` labels are more than a sheet takes.
    static func tooMany(_ count: Int) -> WebFailure {
        WebFailure(400, .labelsTooMany, ["count": String(count), "max": String(LabelSheet.maximumLabels)])
    }
}
