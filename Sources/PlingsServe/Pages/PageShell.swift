import PlingsKit
import PlingsText
import PlingsWeb

/// The frame of every page: the document head (the one stylesheet and the one script, both
/// served by the program), a bar with the way home, the tree, what is away, the other language
/// and a find box, then the page's content; and the headers every page carries.
package enum PageShell {
    /// No script but the program's own file, no style but its own sheet, no other site; forms
    /// post only here; the page is never framed.
    package static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// The bar at the top of every page (`path` the page's own, for the link to the other
    /// language): the way home, the tree, what is away, the other language and the find box
    /// (holding `searched`, the find page's text), the only one on any page.
    package static func bar(_ c: PageContext, path: String, searched: String = "") -> Markup {
        let other = c.otherLanguage(path: path)
        var field = [Attribute("type", "search"), Attribute("name", "q")]
        if !searched.isEmpty { field.append(Attribute("value", searched)) }
        field += [
            Attribute("placeholder", c.text(.pageFindPlaceholder)), Attribute("aria-label", c.text(.pageFind)),
        ]
        return Markup.element(
            "nav", [Attribute("class", "bar")],
            [
                .element("a", [Attribute("href", c.link("/")), Attribute("class", "home")], [.text("Plings")]),
                .element("a", [Attribute("href", c.link("/tree"))], [.text(c.text(.pageTree))]),
                .element("a", [Attribute("href", c.link("/away"))], [.text(c.text(.pageAway))]),
                .element(
                    "a", [Attribute("href", other.href), Attribute("lang", c.language == .sv ? "en" : "sv")],
                    [.text(other.label)]),
                form(c, action: "/find", method: "get", [Attribute("class", "bar-find"), Attribute("role", "search")]) {
                    [
                        .leaf("input", field),
                        .element("button", [Attribute("type", "submit")], [.text(c.text(.pageFind))]),
                    ]
                },
            ])
    }

    /// A whole page as the answer (`searched`: the text the bar's find box holds).
    package static func page(
        _ c: PageContext, path: String, title: String, status: Int = 200, searched: String = "",
        _ content: [Markup]
    ) -> WebResponse {
        let bar = bar(c, path: path, searched: searched)
        let head = Markup.element(
            "head", [],
            [
                .leaf("meta", [Attribute("charset", "utf-8")]),
                .leaf(
                    "meta",
                    [Attribute("name", "viewport"), Attribute("content", "width=device-width, initial-scale=1")]),
                .element("title", [], [.text(title == "Plings" ? title : title + " · Plings")]),
                .leaf(
                    "link", [Attribute("rel", "stylesheet"), Attribute("href", c.request.base + "/static/style.css")]),
                .element("script", [Attribute("src", c.request.base + "/static/app.js"), Attribute("defer", "defer")]),
            ])
        let body = Markup.element(
            "body", [], [bar, .newline, .element("main", [], content.flatMap { [$0, .newline] })])
        let document = Markup.fragment([
            .doctype, .element("html", [Attribute("lang", c.language.rawValue)], [head, .newline, body]), .newline,
        ])
        var response = WebResponse(
            status: status, contentType: "text/html; charset=utf-8", body: Array(document.rendered.utf8),
            headers: headers(policy: policy))
        if let cookie = c.csrf.header(c.request) { response.headers.append(cookie) }
        return response
    }

    /// The headers of a page: its policy, no caching (pages show the log as it is), no sniffing.
    package static func headers(policy: String) -> [(name: String, value: String)] {
        [
            (name: "Content-Security-Policy", value: policy), (name: "Cache-Control", value: "no-store"),
            (name: "X-Content-Type-Options", value: "nosniff"), (name: "Referrer-Policy", value: "same-origin"),
            (name: "Vary", value: "Accept-Language, Cookie"),
        ]
    }

    /// The switch to the other axis of a page that shows one (the tree, the picture of a place):
    /// a link to `href`, the same page on `other`, named by that axis.
    package static func axisSwitch(_ c: PageContext, to other: Axis, href: String) -> Markup {
        .element(
            "p", [Attribute("id", "other-axis")],
            [.element("a", [Attribute("href", href)], [.text(c.words.axisName(other))])])
    }

    /// The mark of a thing away from home (the card, the move page).
    package static func awayBadge(_ c: PageContext) -> Markup {
        .element(
            "p", [],
            [.element("span", [Attribute("class", "badge"), Attribute("id", "away")], [.text(c.text(.pageAwayBadge))])])
    }

    /// A form to `path` below the base; a GET form carries the chosen language, a POST form the CSRF token.
    package static func form(
        _ c: PageContext, action path: String, method: StaticString, _ attributes: [Attribute] = [],
        _ content: () -> [Markup]
    ) -> Markup {
        // A GET form's fields make the query: the chosen language is one of them. A POST's
        // query is its action's, so the language goes there, and its answer keeps it.
        var hidden: [Markup] = []
        var action = c.request.base + path
        if method.description == "post" {
            hidden.append(hiddenField(CSRFToken.name, c.csrf.value))
            action = c.link(path)
        } else if let chosen = c.chosenLanguage {
            hidden.append(hiddenField("lang", chosen))
        }
        let all = [Attribute("action", action), Attribute("method", method.description)] + attributes
        return .element("form", all, hidden + content())
    }

    /// `<input type="hidden">` for the field `name`.
    package static func hiddenField(_ name: String, _ value: String) -> Markup {
        .leaf("input", [Attribute("type", "hidden"), Attribute("name", name), Attribute("value", value)])
    }

    /// A form of one button that posts to `path` (return, seen, undo).
    package static func button(
        _ c: PageContext, _ path: String, _ label: String, fields: [(String, String)] = [], id: String
    ) -> Markup {
        form(c, action: path, method: "post", [Attribute("class", "inline")]) {
            fields.map { hiddenField($0.0, $0.1) } + [
                .element(
                    "button", [Attribute("type", "submit"), Attribute("id", id)], [.text(label)])
            ]
        }
    }
}
