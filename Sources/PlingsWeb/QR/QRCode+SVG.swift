extension QRCode {
    /// Modules per side with the quiet zone on both sides.
    public var sizeWithQuietZone: Int { size + 2 * QRCode.quietZone }

    /// The symbol as an `<svg>` element: a light square as wide as the symbol and its quiet
    /// zone, and one path of dark rectangles (one per horizontal run of dark modules), drawn
    /// with `shape-rendering="crispEdges"` so that module edges stay sharp.
    /// - Parameters:
    ///   - moduleSize: the width of one module, in `unit`s.
    ///   - unit: a CSS unit for the width and height (`mm`, `px`); empty for user units.
    ///   - label: the accessible name (`aria-label`), escaped like any text.
    public func svg(moduleSize: Double, unit: StaticString = "", label: String? = nil) -> Markup {
        let side = sizeWithQuietZone
        let length = Number.text(Double(side) * moduleSize) + unit.description
        var attributes = [
            Attribute("xmlns", "http://www.w3.org/2000/svg"), Attribute("viewBox", "0 0 \(side) \(side)"),
            Attribute("width", length), Attribute("height", length), Attribute("shape-rendering", "crispEdges"),
        ]
        if let label { attributes += [Attribute("role", "img"), Attribute("aria-label", label)] }
        return .element(
            "svg", attributes,
            [
                .leaf("rect", [Attribute("width", side), Attribute("height", side), Attribute("fill", "#fff")]),
                .leaf("path", [Attribute("fill", "#000"), Attribute("d", pathData)]),
            ])
    }

    /// A standalone SVG file of the symbol (XML declaration and `<svg>`).
    public func svgDocument(moduleSize: Double = 4, label: String? = nil) -> String {
        Markup.fragment([.xmlDeclaration, svg(moduleSize: moduleSize, label: label), .newline]).rendered
    }

    /// `M x,y h w v1 h-w z` for every horizontal run of dark modules, in the quiet zone's frame.
    var pathData: String {
        var d = ""
        let q = QRCode.quietZone
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var end = x
                while end < size && isDark(x: end, y: y) { end += 1 }
                d += "M\(x + q),\(y + q)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        return d
    }
}
