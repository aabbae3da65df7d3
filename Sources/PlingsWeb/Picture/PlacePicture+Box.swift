import PlingsKit
import PlingsText

extension PlacePicture {
    /// One thing's box: a rectangle with its name and id, and a tooltip saying where it sits.
    func thingBox(_ box: PictureLayout.Box, _ language: Language) -> Markup {
        let thing = contents.things[box.thing]
        let corner = origin(box)
        let depth = box.cell.z
        var rect = [
            Attribute("x", corner.x), Attribute("y", corner.y), Attribute("width", Self.box.width),
            Attribute("height", Self.box.height), Attribute("rx", 6),
            Attribute("fill", depth < 0 ? "#eef1f5" : (depth > 0 ? "#ffffff" : "#f6f8fa")),
            Attribute("stroke", depth < 0 ? "#a5adb6" : (depth > 0 ? "#24292f" : "#57606a")),
            Attribute("stroke-width", depth > 0 ? 1.5 : 1),
        ]
        if depth < 0 { rect.append(Attribute("stroke-dasharray", "4 3")) }
        var attributes = [Attribute("class", "thing"), Attribute("data-id", thing.id), Attribute("data-depth", depth)]
        let reference = layout.references[box.thing].map { contents.things[$0] }
        if let reference { attributes.append(Attribute("data-ref", reference.id)) }
        return .element(
            "g", attributes,
            [
                .element("title", [], [.text(caption(thing, reference, language))]),
                .leaf("rect", rect),
                label(
                    Self.shortened(thing.name, Self.nameLength), x: corner.x + 8, y: corner.y + 20, size: 13,
                    fill: depth < 0 ? "#57606a" : "#1f2328"),
                label(
                    Self.shortened(thing.id, Self.idLength), x: corner.x + 8, y: corner.y + 38, size: 11,
                    fill: "#6e7781", family: "ui-monospace, monospace"),
            ])
    }

    /// "Plastlåda (yTvK) — Under Bord", "Lampa (l1) — Bakom, vänster om Bord".
    func caption(_ thing: PlaceThing, _ reference: PlaceThing?, _ language: Language) -> String {
        let named = "\(thing.name) (\(thing.id))"
        guard let reference, !thing.relations.isEmpty else { return named }
        let words = thing.relations.enumerated().map { i, relation in
            i == 0 ? relation.sentenceLabel(language) : relation.label(language).lowercased()
        }
        return "\(named) — \(words.joined(separator: ", ")) \(reference.name)"
    }

    /// A line of text at (x, y), the baseline.
    func label(
        _ text: String, x: Double, y: Double, size: Double, fill: String, weight: String? = nil,
        family: String? = nil
    ) -> Markup {
        var attributes = [
            Attribute("x", x), Attribute("y", y), Attribute("font-size", size), Attribute("fill", fill),
        ]
        if let weight { attributes.append(Attribute("font-weight", weight)) }
        if let family { attributes.append(Attribute("font-family", family)) }
        return .element("text", attributes, [.text(text)])
    }

    /// `text` cut to about `limit` narrow characters (a wide one, such as a CJK character or an
    /// emoji, counts as two), ending in "…" when it is cut.
    static func shortened(_ text: String, _ limit: Int) -> String {
        func width(_ c: Character) -> Int { (c.unicodeScalars.first?.value ?? 0) >= 0x1100 ? 2 : 1 }
        guard text.reduce(0, { $0 + width($1) }) > limit else { return text }
        var out = ""
        var used = 1  // the ellipsis
        for c in text {
            used += width(c)
            if used > limit { break }
            out.append(c)
        }
        return out + "…"
    }
}
