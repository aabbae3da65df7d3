import PlingsKit
import PlingsText

/// A printable page of labels: each with a QR code of the thing's card URL (level M, a quiet
/// zone of 4 modules, modules of at least 0.5 mm), the id in large text and the name. Plain
/// HTML and print CSS in millimetres, nothing from another site.
public struct LabelSheet: Sendable {
    /// The labels, in order.
    public let items: [LabelItem]
    /// The paper and grid.
    public let layout: LabelLayout
    /// Positions left empty at the start of the first sheet (already used).
    public let skip: Int
    /// Each label's QR code.
    public let codes: [QRCode]

    /// The most labels one page holds (48 sheets of L7160): a page stays a few megabytes and is
    /// made in well under a second.
    public static let maximumLabels = 1000

    /// The smallest module printed, in millimetres.
    public static let minimumModule = 0.5
    /// Space inside a label's edge, in millimetres.
    static let padding = 2.0

    /// Encodes every label's URL.
    /// - Throws: `LabelError.tooLong` when a URL needs a QR code too large for the labels with
    ///   modules of at least 0.5 mm; `.skipTooLarge` when `skip` is not less than a sheet's labels;
    ///   `.tooMany` for more than `maximumLabels` items.
    public init(items: [LabelItem], layout: LabelLayout = .l7160, skip: Int = 0) throws(LabelError) {
        guard skip >= 0, skip < layout.perSheet else { throw .skipTooLarge(skip: skip, perSheet: layout.perSheet) }
        guard items.count <= LabelSheet.maximumLabels else {
            throw .tooMany(count: items.count, maximum: LabelSheet.maximumLabels)
        }
        var codes: [QRCode] = []
        for item in items {
            let code: QRCode
            do { code = try QRCode(item.url, level: .medium) } catch {
                throw .tooLong(id: item.id, url: item.url, version: 41)
            }
            if LabelSheet.moduleSize(code, layout) < LabelSheet.minimumModule {
                throw .tooLong(id: item.id, url: item.url, version: code.version)
            }
            codes.append(code)
        }
        self.items = items
        self.layout = layout
        self.skip = skip
        self.codes = codes
    }

    /// The side of the square a label gives its QR code, in millimetres.
    static func codeSide(_ layout: LabelLayout) -> Double {
        min(layout.labelHeight - 2 * padding, layout.labelWidth / 2)
    }

    /// The module size `code` gets on `layout`'s labels, quiet zone included in the square.
    static func moduleSize(_ code: QRCode, _ layout: LabelLayout) -> Double {
        codeSide(layout) / Double(code.sizeWithQuietZone)
    }

    /// Sheets needed.
    public var sheetCount: Int { items.isEmpty ? 1 : (skip + items.count + layout.perSheet - 1) / layout.perSheet }

    /// The whole page, in `text`'s language; with `bar`, that first (a site's navigation, styled
    /// by `SiteBar.css` and left out of print).
    public func html(_ text: Catalog, bar: Markup? = nil) -> String {
        let page = layout.paper == .a4 ? LabelSheet.a4Page : LabelSheet.letterPage
        let document = Markup.element(
            "html", [Attribute("lang", text.language.rawValue)],
            [
                .newline,
                .element(
                    "head", [],
                    [
                        .leaf("meta", [Attribute("charset", "utf-8")]),
                        .leaf(
                            "meta",
                            [
                                Attribute("name", "viewport"),
                                Attribute("content", "width=device-width, initial-scale=1"),
                            ]),
                        .element("title", [], [.text(text(.labelsTitle))]),
                        bar == nil
                            ? Markup.style(LabelSheet.css, page) : Markup.style(LabelSheet.css, page, SiteBar.css),
                    ]),
                .newline,
                .element(
                    "body", [],
                    (bar.map { [$0] } ?? [])
                        + [.element("p", [Attribute("class", "hint")], [.text(text(.labelsPrintHint))])] + sheets()),
                .newline,
            ])
        return Markup.fragment([.doctype, document, .newline]).rendered
    }

    /// One `<section>` per sheet, each label placed absolutely in millimetres.
    private func sheets() -> [Markup] {
        let (width, height) = layout.paper.size
        return (0..<sheetCount).map { sheet in
            let first = sheet * layout.perSheet
            let labels = (first..<first + layout.perSheet).compactMap { position -> Markup? in
                let n = position - skip
                guard n >= 0, n < items.count else { return nil }
                return label(n, at: layout.corner(position))
            }
            return .element(
                "section",
                [
                    Attribute("class", "sheet"),
                    Attribute("style", "width:\(Number.text(width))mm;height:\(Number.text(height))mm"),
                ],
                [.newline] + labels.flatMap { [$0, .newline] })
        }
    }

    /// Label `n` with its top-left corner at `corner` (millimetres).
    private func label(_ n: Int, at corner: (x: Double, y: Double)) -> Markup {
        let item = items[n]
        let side = LabelSheet.codeSide(layout)
        let module = LabelSheet.moduleSize(codes[n], layout)
        let pad = LabelSheet.padding
        let textWidth = layout.labelWidth - side - 3 * pad
        // The id as large as fits: 8 mm high at most, its characters about 0.6 of that wide.
        let idSize = min(8, max(2.5, textWidth / (0.62 * Double(max(item.id.count, 1)))))
        let box =
            "left:\(Number.text(corner.x))mm;top:\(Number.text(corner.y))mm;"
            + "width:\(Number.text(layout.labelWidth))mm;height:\(Number.text(layout.labelHeight))mm"
        return .element(
            "div", [Attribute("class", "label"), Attribute("style", box)],
            [
                .element(
                    "div",
                    [
                        Attribute("class", "code"),
                        Attribute(
                            "style", "left:\(Number.text(pad))mm;top:\(Number.text((layout.labelHeight - side) / 2))mm"),
                    ],
                    [codes[n].svg(moduleSize: module, unit: "mm", label: item.url)]),
                .element(
                    "div",
                    [
                        Attribute("class", "text"),
                        Attribute("style", "left:\(Number.text(side + 2 * pad))mm;width:\(Number.text(textWidth))mm"),
                    ],
                    [
                        .element(
                            "p", [Attribute("class", "id"), Attribute("style", "font-size:\(Number.text(idSize))mm")],
                            [.text(item.id)]),
                        .element("p", [Attribute("class", "name")], [.element("bdi", [], [.text(item.name)])]),
                    ]),
            ])
    }
}
