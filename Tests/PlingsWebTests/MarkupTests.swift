import Foundation
import PlingsKit
import Testing

@testable import PlingsWeb

@Suite("Markup escapes by construction")
struct MarkupTests {
    /// Names a person could type (names allow any text but control characters).
    static let hostile = [
        "<img src=x onerror=alert(1)>", "\"><script>alert(1)</script>", "' onmouseover='alert(1)", "]]>",
        "</script><script>alert(1)</script>", "&lt;already&gt; &amp;", "a\u{2028}b\u{2029}c", "<!-- x -->",
        "<![CDATA[x]]>", "javascript:alert(1)", "Plastlåda 🧰", "{{7*7}} ${7*7}", "\u{FEFF}bom",
        "a\u{0000}b\u{0001}\u{001B}c\u{FFFE}\u{FFFF}", "tab\tnew\nline\r\ncr",
    ]

    @Test("text and attribute values come out with no markup in them", arguments: hostile)
    func hostileName(_ name: String) throws {
        let markup = Markup.element(
            "p", [Attribute("title", name), Attribute("data-name", name)], [.text(name), .leaf("br"), .text(name)])
        let html = markup.rendered
        // Exactly the tags we built, and the value never leaves its quotes.
        #expect(tags(html) == ["p", "br", "/p"])
        #expect(html.filter { $0 == "\"" }.count == 4)
        for forbidden in ["<img", "<script", "<!--", "]]>", "\u{0}", "\u{1}", "\u{1B}", "\u{FFFE}", "\u{FFFF}"] {
            #expect(!html.contains(forbidden), "\(forbidden) in \(html)")
        }
        // What an HTML or XML parser reads back is the name (with the characters XML cannot
        // carry replaced by U+FFFD, and line breaks kept).
        let parsed = try XMLRead.textAndAttribute(html)
        let expected = Escape.text(name).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        #expect(parsed.text == expected + expected)
        #expect(parsed.title == expected)
    }

    @Test("JSON inside a page cannot end its script element and keeps the exact names")
    func jsonScript() throws {
        let markup = Markup.json(id: "things") { w in
            w.beginArray()
            for name in Self.hostile { w.string(name) }
            w.endArray()
        }
        let html = markup.rendered
        #expect(html.hasPrefix("<script type=\"application/json\" id=\"things\">"))
        let body = html.dropFirst("<script type=\"application/json\" id=\"things\">".count).dropLast("</script>".count)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\u{FEFF}"] { #expect(!body.contains(forbidden)) }
        let decoded = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String]
        #expect(decoded == Self.hostile)
    }

    @Test("what a Swift string can carry: bytes that were not UTF-8 arrive as U+FFFD and stay text")
    func invalidUTF8() throws {
        // A String cannot hold a lone surrogate or invalid UTF-8: decoding repairs each bad
        // sequence to U+FFFD. What it can hold and XML cannot (U+FFFE, U+FFFF, C0 controls —
        // a name may hold the first two) is replaced too.
        let decoded = String(decoding: [0x61, 0xFF, 0xFE, 0xC3, 0x3C, 0xED, 0xA0, 0x80, 0x62], as: UTF8.self)
        #expect(decoded.unicodeScalars.allSatisfy { $0 != "\u{0}" })
        let html = Markup.element("p", [Attribute("title", decoded)], [.text(decoded + "\u{FFFE}")]).rendered
        #expect(!html.dropFirst(3).dropLast(4).contains("<"))
        let parsed = try XMLRead.textAndAttribute(html)
        #expect(parsed.text.hasPrefix("a\u{FFFD}") && parsed.text.contains("<") && parsed.text.hasSuffix("b\u{FFFD}"))
        #expect(parsed.title == decoded)
    }

    @Test("a style sheet is a literal; a '<' in it cannot end the element")
    func style() {
        #expect(Markup.style("a>b{color:red}").rendered == "<style>a>b{color:red}</style>")
        let hostile = Markup.style("x</style><script>").rendered
        #expect(hostile.hasPrefix("<style>") && hostile.hasSuffix("</style>"))
        #expect(!hostile.dropFirst(7).dropLast(8).contains("<"))
    }

    @Test("numbers are written without locale or exponent, at most two decimals")
    func numbers() {
        let cases: [(Double, String)] = [
            (0, "0"), (12, "12"), (3.5, "3.5"), (-0.25, "-0.25"), (0.004, "0"), (-0.004, "0"), (1.006, "1.01"),
            (2.5, "2.5"),
            (66.04, "66.04"), (1e20, "0"), (.nan, "0"), (.infinity, "0"), (0.1, "0.1"), (2.999, "3"),
        ]
        for (value, text) in cases { #expect(Number.text(value) == text, "\(value)") }
    }

    @Test("a standalone SVG parses as XML whatever the names", arguments: hostile)
    func svgIsXML(_ name: String) throws {
        let doc = Markup.fragment([
            .xmlDeclaration,
            .element(
                "svg", [Attribute("xmlns", "http://www.w3.org/2000/svg")],
                [.element("title", [], [.text(name)]), .element("text", [Attribute("x", 1.5)], [.text(name)])]),
        ]).rendered
        #expect(throws: Never.self) { try XMLRead.textAndAttribute(doc) }
    }

    /// The tag names in `html`, in order (`/p` for an end tag).
    func tags(_ html: String) -> [String] {
        var names: [String] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            let after = rest[rest.index(after: open)...]
            let slash = after.first == "/" ? "/" : ""
            let name = slash + after.dropFirst(slash.count).prefix { $0.isLetter }
            names.append(String(name))
            rest = after
        }
        return names
    }
}
