import Foundation
import PlingsKit
import PlingsText
import Testing

@testable import PlingsWeb

@Suite("Label sheets")
struct LabelSheetTests {
    static let base = "https://example.org/plings"

    static func items(_ ids: [String]) -> [LabelItem] {
        ids.map { LabelItem(id: $0, name: "Name of \($0)", url: LabelItem.cardURL(base: base, id: $0)) }
    }

    @Test("every layout's labels lie on the paper, in a grid that does not overlap", arguments: LabelLayout.all)
    func layoutFits(_ layout: LabelLayout) {
        let (width, height) = layout.paper.size
        for n in 0..<layout.perSheet {
            let corner = layout.corner(n)
            #expect(corner.x >= 0 && corner.y >= 0)
            #expect(corner.x + layout.labelWidth <= width + 0.01 && corner.y + layout.labelHeight <= height + 0.01)
        }
        #expect(layout.columnPitch >= layout.labelWidth && layout.rowPitch >= layout.labelHeight)
        // The grid is centred on the paper (left and right margins equal, top and bottom too).
        let right = width - layout.corner(layout.columns - 1).x - layout.labelWidth
        let bottom = height - layout.corner(layout.perSheet - 1).y - layout.labelHeight
        #expect(abs(right - layout.left) < 0.1 && abs(bottom - layout.top) < 0.1)
    }

    @Test("the layouts are L7160 (3 × 7), 3 × 8 and Letter 5160 (3 × 10), by name")
    func layoutNames() {
        #expect(LabelLayout.named("l7160")?.perSheet == 21 && LabelLayout.named("L7160")?.labelHeight == 38.1)
        #expect(LabelLayout.named("3x8")?.perSheet == 24)
        #expect(LabelLayout.named("letter")?.perSheet == 30 && LabelLayout.named("5160")?.paper == .letter)
        #expect(LabelLayout.named("a5") == nil)
    }

    @Test(
        "each label's QR code: level M, a 4-module quiet zone, modules of at least 0.5 mm", arguments: LabelLayout.all)
    func codes(_ layout: LabelLayout) throws {
        // Letter's labels are 1 in high: a code of version 4 (62 bytes) at most, so ids of up to 33
        // characters under this base; A4's take any id.
        let longest = layout.paper == .letter ? 33 : ObjectID.maxLength
        let ids =
            QRInputs.randomIDs(30, seed: 7).map { String($0.prefix(longest)) } + [
                String(repeating: "x", count: longest), "yTvK",
            ]
        let sheet = try LabelSheet(items: Self.items(ids), layout: layout)
        for (item, code) in zip(sheet.items, sheet.codes) {
            #expect(code.level == .medium)
            #expect(LabelSheet.moduleSize(code, layout) >= 0.5)
            let svg = code.svg(moduleSize: LabelSheet.moduleSize(code, layout), unit: "mm").rendered
            #expect(svg.contains("viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
            #expect(try QRCode(item.url) == code)
        }
        // The design's example: a 33-byte URL is version 3.
        #expect(sheet.codes.last?.version == 3)
    }

    @Test("--skip leaves the first positions empty; labels run on to further sheets")
    func skipAndSheets() throws {
        let layout = LabelLayout.l7160
        let sheet = try LabelSheet(items: Self.items((0..<22).map { "id\($0)" }), layout: layout, skip: 5)
        #expect(sheet.sheetCount == 2)
        let page = try XMLRead.parse(sheet.html(Catalog(.en)))
        let sections = page.elements.filter { $0.name == "section" }
        #expect(sections.count == 2)
        let labels = page.elements.filter { $0.attributes["class"] == "label" }
        #expect(labels.count == 22)
        let first = layout.corner(5)
        #expect(
            labels.first?.attributes["style"]?.hasPrefix("left:\(Number.text(first.x))mm;top:\(Number.text(first.y))mm")
                == true)
        let many = Self.items((0...LabelSheet.maximumLabels).map { "id\($0)" })
        #expect(throws: LabelError.tooMany(count: 1001, maximum: 1000)) { try LabelSheet(items: many) }
        #expect(throws: LabelError.skipTooLarge(skip: 21, perSheet: 21)) {
            try LabelSheet(items: [], layout: layout, skip: 21)
        }
        #expect(throws: LabelError.skipTooLarge(skip: -1, perSheet: 21)) {
            try LabelSheet(items: [], layout: layout, skip: -1)
        }
    }

    @Test("a URL too long for the label's code is refused, with the id and the version it needs")
    func tooLong() throws {
        let url = LabelItem.cardURL(base: Self.base, id: String(repeating: "x", count: 34))
        #expect(try QRCode(url).version == 5)
        #expect(throws: LabelError.tooLong(id: "x", url: url, version: 5)) {
            try LabelSheet(items: [LabelItem(id: "x", name: "X", url: url)], layout: .letter5160)
        }
        _ = try LabelSheet(items: [LabelItem(id: "x", name: "X", url: url)], layout: .l7160)
        let huge = String(repeating: "p", count: 2400)
        #expect(throws: LabelError.tooLong(id: "y", url: huge, version: 41)) {
            try LabelSheet(items: [LabelItem(id: "y", name: "Y", url: huge)])
        }
    }

    @Test(
        "the page is self-contained: print CSS in mm, @page, and nothing from another site", arguments: LabelLayout.all)
    func selfContained(_ layout: LabelLayout) throws {
        let html = try LabelSheet(items: Self.items(["yTvK", "5GgB"]), layout: layout).html(Catalog(.sv))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"sv\">"))
        #expect(html.contains(layout.paper == .a4 ? "@page{size:A4;margin:0}" : "@page{size:letter;margin:0}"))
        for outside in ["src=", "href=", "<link", "url(", "@import", "<script", "<iframe", "<img"] {
            #expect(!html.contains(outside), "\(outside)")
        }
        #expect(html.contains("<title>Plings-etiketter</title>") && html.contains("Skriv ut i 100 %"))
        _ = try XMLRead.parse(html)
    }

    @Test("hostile names and ids show as text on the label")
    func hostile() throws {
        let evil = "<img src=x onerror=alert(1)>\"'&]]>\u{2028}"
        let sheet = try LabelSheet(items: [LabelItem(id: "a", name: evil, url: Self.base + "/o/a")])
        let html = sheet.html(Catalog(.en))
        #expect(!html.contains("<img"))
        let page = try XMLRead.parse(html)
        #expect(page.elements.first { $0.name == "bdi" }?.text == evil)
    }

    @Test("card URLs: BASE/o/ID, trailing slashes dropped; only http(s) bases without spaces or quotes")
    func cardURLs() {
        #expect(
            LabelItem.cardURL(base: "https://example.org/plings/", id: "yTvK") == "https://example.org/plings/o/yTvK")
        #expect(LabelItem.cardURL(base: "http://h", id: "a.b-c_d") == "http://h/o/a.b-c_d")
        #expect(LabelItem.cardURL(base: "http://h", id: "a b/ö") == "http://h/o/a%20b%2F%C3%B6")
        for good in ["https://example.org/plings", "http://192.168.1.2:8080/cgi-bin/plings", "HTTPS://X"] {
            #expect(LabelItem.isBaseURL(good), "\(good)")
        }
        for bad in [
            "javascript:alert(1)", "ftp://x", "https://", "https:///x", "https://a b", "https://x\"y", "//x", "x",
        ] {
            #expect(!LabelItem.isBaseURL(bad), "\(bad)")
        }
    }
}
