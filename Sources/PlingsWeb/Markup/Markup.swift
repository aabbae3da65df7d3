import PlingsKit

/// A piece of HTML or SVG built so that nothing from data can become markup.
///
/// Element and attribute names are `StaticString`s — literals in the code, never data;
/// text and attribute values are `String`s and enter only escaped; a style sheet is a literal
/// too; JSON inside a page is escaped so that it cannot end its script element. The output is
/// both HTML5 and XML (every element is closed, an empty one as `<x/>`), so the same pieces
/// make a page and a standalone `.svg` file.
///
/// ```swift
/// let name = "<img src=x onerror=alert(1)>"
/// let item = Markup.element("li", [Attribute("title", name)], [.text(name)])
/// item.rendered   // <li title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</li>
/// ```
public struct Markup: Sendable, Hashable {
    /// The markup as text, ready to write out.
    public let rendered: String

    private init(rendered: String) { self.rendered = rendered }

    /// Nothing.
    public static let empty = Markup(rendered: "")

    /// The HTML5 document type line.
    public static let doctype = Markup(rendered: "<!DOCTYPE html>\n")

    /// The XML declaration a standalone SVG file starts with.
    public static let xmlDeclaration = Markup(rendered: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")

    /// A line break between elements, for readable output.
    public static let newline = Markup(rendered: "\n")

    /// `text`, escaped: it shows as itself, whatever it contains.
    public static func text(_ text: String) -> Markup { Markup(rendered: Escape.text(text)) }

    /// An element with attributes and content: `<name a="v">…</name>`.
    public static func element(_ name: StaticString, _ attributes: [Attribute] = [], _ children: [Markup] = [])
        -> Markup
    {
        var out = "<" + name.description
        for attribute in attributes { out += attribute.rendered }
        out += ">"
        for child in children { out += child.rendered }
        return Markup(rendered: out + "</" + name.description + ">")
    }

    /// An element with no content, closed in the same tag: `<name a="v"/>` (an HTML void
    /// element such as `meta`, or an SVG shape).
    public static func leaf(_ name: StaticString, _ attributes: [Attribute] = []) -> Markup {
        var out = "<" + name.description
        for attribute in attributes { out += attribute.rendered }
        return Markup(rendered: out + "/>")
    }

    /// Several pieces, one after the other.
    public static func fragment(_ parts: [Markup]) -> Markup {
        Markup(rendered: parts.reduce(into: "") { $0 += $1.rendered })
    }

    /// A `<style>` element with style sheets written in the code (never from data), in order.
    public static func style(_ sheets: StaticString...) -> Markup {
        Markup(rendered: "<style>" + sheets.map { Escape.rawText($0.description) }.joined() + "</style>")
    }

    /// JSON data for a script to read (`<script type="application/json" id="…">`), written by
    /// `body`; `<`, `>`, `&`, U+2028 and U+2029 become `\u` escapes, so no string in it can end
    /// the element or be read as markup, and the data parses the same as JSON and as script.
    package static func json(id: StaticString, _ body: (inout JSONWriter) -> Void) -> Markup {
        let json = Escape.json(JSONWriter.text(body))
        return Markup(
            rendered: "<script type=\"application/json\" id=\"" + Escape.attribute(id.description) + "\">" + json
                + "</script>")
    }
}

/// One attribute: a name from the code and a value that is escaped when it is written.
public struct Attribute: Sendable, Hashable {
    /// ` name="value"`, escaped.
    let rendered: String

    /// An attribute with a text value.
    public init(_ name: StaticString, _ value: String) {
        rendered = " " + name.description + "=\"" + Escape.attribute(value) + "\""
    }

    /// An attribute with a number, written with at most two decimals and no exponent
    /// (`12`, `3.5`, `-0.25`): the same number gives the same bytes everywhere.
    public init(_ name: StaticString, _ value: Double) {
        self.init(name, Number.text(value))
    }

    /// An attribute with a whole number.
    public init(_ name: StaticString, _ value: Int) {
        self.init(name, String(value))
    }
}
