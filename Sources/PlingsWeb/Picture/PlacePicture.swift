import PlingsKit
import PlingsText

/// A picture of a place: an SVG sketch of a container's contents laid out by their positional
/// relations, with their names — under below, above above, left and right of beside, next to
/// adjacent, behind up and to the right in a lighter, dashed box, in front down and to the left
/// over it — and the things with no positional relation in a plain row below.
///
/// The same contents give the same bytes. At most `limit` things are drawn; a note says how
/// many more there are.
public struct PlacePicture: Sendable {
    /// What the picture shows.
    public let contents: PlaceContents
    let layout: PictureLayout

    /// Sizes in pixels: a grid cell, a box inside it, the margin, the heading.
    static let cell = (width: 160.0, height: 72.0)
    static let box = (width: 140.0, height: 48.0)
    static let margin = 16.0
    static let heading = 56.0
    static let footer = 28.0
    /// The longest name and id drawn in a box, in characters; longer ones end in "…".
    static let nameLength = 17
    static let idLength = 20

    /// Lays out `contents`, drawing at most `limit` things.
    public init(_ contents: PlaceContents, limit: Int = 120) {
        self.contents = contents
        layout = PictureLayout(contents, limit: max(1, limit))
    }

    /// A standalone SVG file of the picture, in `text`'s language.
    public func document(_ text: Catalog) -> String {
        Markup.fragment([.xmlDeclaration, svg(text), .newline]).rendered
    }

    /// The picture as an `<svg>` element, for a file or a page; with `link`, each thing's box is a
    /// link to the address `link` makes of its id (a page's card), so a tap on a thing opens it.
    public func svg(_ text: Catalog, link: ((String) -> String)? = nil) -> Markup {
        let width = max(Self.margin * 2 + layout.width * Self.cell.width, 360)
        let bodyHeight = layout.boxes.isEmpty ? 24 : layout.height * Self.cell.height
        let height = Self.heading + bodyHeight + (layout.hidden > 0 ? Self.footer : 0) + Self.margin
        var parts = [Markup.element("title", [], [.text(title)])] + heading(text) + relationLines()
        parts += layout.boxes.map { box in
            let drawn = thingBox(box, text.language)
            guard let link else { return drawn }
            return .element("a", [Attribute("href", link(contents.things[box.thing].id))], [drawn])
        }
        if layout.boxes.isEmpty {
            parts.append(label(text(.pictureEmpty), x: Self.margin, y: Self.heading + 16, size: 13, fill: "#57606a"))
        }
        if layout.hidden > 0 {
            let note = text.count(.pictureMore, layout.hidden)
            parts.append(label(note, x: Self.margin, y: height - Self.margin - 6, size: 13, fill: "#57606a"))
        }
        return .element(
            "svg",
            [
                Attribute("xmlns", "http://www.w3.org/2000/svg"),
                Attribute("viewBox", "0 0 \(Number.text(width)) \(Number.text(height))"),
                Attribute("width", width), Attribute("height", height), Attribute("role", "img"),
                Attribute("aria-label", title), Attribute("font-family", "system-ui, sans-serif"),
                Attribute("class", "plings-place"),
            ], parts.flatMap { [$0, .newline] })
    }

    /// "Vardagsrummet (vardagsrummet)", or the name alone for World.
    var title: String { contents.id.map { "\(contents.name) (\($0))" } ?? contents.name }

    private func heading(_ text: Catalog) -> [Markup] {
        let axis = text(contents.axis == .current ? .pictureCurrent : .pictureNormal)
        return [
            label(title, x: Self.margin, y: 24, size: 16, fill: "#1f2328", weight: "600"),
            label(axis, x: Self.margin, y: 44, size: 12, fill: "#57606a"),
        ]
    }

    /// The top-left corner of a box in pixels.
    func origin(_ box: PictureLayout.Box) -> (x: Double, y: Double) {
        (Self.margin + box.left * Self.cell.width, Self.heading + box.top * Self.cell.height)
    }

    /// A thin line from each thing to its reference, under the boxes.
    private func relationLines() -> [Markup] {
        var at: [Int: (x: Double, y: Double)] = [:]
        for box in layout.boxes {
            let corner = origin(box)
            at[box.thing] = (corner.x + Self.box.width / 2, corner.y + Self.box.height / 2)
        }
        return layout.boxes.compactMap { box in
            guard let r = layout.references[box.thing], let from = at[box.thing], let to = at[r] else {
                return nil
            }
            return .leaf(
                "line",
                [
                    Attribute("x1", from.x), Attribute("y1", from.y), Attribute("x2", to.x), Attribute("y2", to.y),
                    Attribute("stroke", "#c6ccd2"), Attribute("stroke-width", 2),
                ])
        }
    }
}
