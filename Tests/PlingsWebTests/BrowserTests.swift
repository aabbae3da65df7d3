import Foundation
import PlingsKit
import PlingsTestSupport
import PlingsText
import Testing

@testable import PlingsWeb

/// The pieces as a real browser draws them: Chromium (headless) renders a label sheet and a
/// picture to PNG; zbarimg reads the labels' codes from the screenshot. The screenshots are
/// kept under `plings-web/` in the artifacts' folder (`PLINGS_ARTIFACTS`, else `.build`) to look at.
/// Like the pages in a browser, it runs when `PLINGS_BROWSER=1` is set, as `.ci/run` does.
@Suite(
    "Labels and pictures in a real browser",
    .enabled(if: BrowserSwitch.enabled, "set PLINGS_BROWSER=1 to run the browser checks (.ci/run does)"),
    .enabled(
        if: ExternalTool.chromium != nil && ExternalTool.zbarimg != nil,
        "chromium or zbarimg is not installed (scripts/install-test-tools.sh)"))
struct BrowserTests {
    /// Where screenshots are kept: `plings-web/` in the artifacts' folder.
    static let artifacts = URL(fileURLWithPath: Artifacts.folder("plings-web"))

    /// Renders `file` with headless Chromium to a PNG of `width` × `height` CSS pixels at `scale`.
    static func screenshot(_ file: URL, to png: URL, width: Int, height: Int, scale: Double = 1) throws {
        guard let chromium = ExternalTool.chromium else { return }
        let profile = try ScratchFolder()
        let output = try chromium.run(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile.url.path)", "--force-device-scale-factor=\(scale)",
                "--window-size=\(width),\(height)", "--screenshot=\(png.path)", file.absoluteString,
            ], timeout: 180)
        guard FileManager.default.fileExists(atPath: png.path) else {
            throw ToolFailure(tool: "chromium (status \(output.status))", detail: output.err)
        }
    }

    @Test(
        "zbarimg reads every label of a sheet Chromium drew back to its card URL: 100 random ids and every id character"
    )
    func labelsDecode() throws {
        let alphabet = String(QRInputs.idAlphabet)
        let ids = QRInputs.randomIDs(100, seed: 2024) + [String(alphabet.prefix(64)), "." + alphabet.prefix(10)]
        let items = ids.map {
            LabelItem(
                id: $0, name: "Sak \($0.prefix(12))", url: LabelItem.cardURL(base: "https://example.org/plings", id: $0)
            )
        }
        let sheet = try LabelSheet(items: items, layout: .l7160, skip: 2)
        let folder = try ScratchFolder()
        let page = folder.file("labels.html")
        try sheet.html(Catalog(.en)).write(to: page, atomically: true, encoding: .utf8)
        let png = Self.artifacts.appendingPathComponent("labels-l7160.png")
        // A4 is 794 CSS pixels wide; each sheet 1123 high plus its margin.
        try Self.screenshot(page, to: png, width: 820, height: sheet.sheetCount * 1140 + 80, scale: 1.5)
        let decoded = try QRTools.zbarimg([png])[png.path] ?? []
        let got = decoded.map { String(decoding: $0, as: UTF8.self) }.sorted()
        #expect(got == items.map(\.url).sorted(), "decoded \(got.count) of \(items.count)")
        print(
            "labels: \(got.count) of \(items.count) labels on \(sheet.sheetCount) sheets decoded by zbarimg from Chromium's screenshot"
        )
    }

    @Test(
        "Chromium draws a picture of a room in both languages (screenshots kept under plings-web/ of the artifacts folder)"
    )
    func pictureScreenshots() throws {
        let contents = PlaceContents(
            id: "vardagsrummet", name: "Vardagsrummet", axis: .current,
            things: [
                PlaceThing(id: "5GgB", name: "Bord"),
                PlaceThing(id: "yTvK", name: "Plastlåda", relations: [.under], reference: 0),
                PlaceThing(id: "lampa", name: "Lampa <img src=x onerror=alert(1)>", relations: [.above], reference: 0),
                PlaceThing(id: "stol", name: "Stol", relations: [.leftOf], reference: 0),
                PlaceThing(id: "tv", name: "TV", relations: [.rightOf], reference: 0),
                PlaceThing(id: "hylla", name: "Bokhylla", relations: [.behind], reference: 0),
                PlaceThing(id: "matta", name: "Matta", relations: [.inFrontOf], reference: 0),
                PlaceThing(id: "fat", name: "Fruktfat", relations: [.nextTo], reference: 4),
                PlaceThing(id: "kruka", name: "Kruka"),
                PlaceThing(id: "mobil", name: "Mobilladdare med en väldigt lång sladd"),
            ])
        let folder = try ScratchFolder()
        for language in Language.allCases {
            let svg = folder.file("place-\(language.rawValue).svg")
            try PlacePicture(contents).document(Catalog(language)).write(to: svg, atomically: true, encoding: .utf8)
            let png = Self.artifacts.appendingPathComponent("picture-\(language.rawValue).png")
            try Self.screenshot(svg, to: png, width: 700, height: 480)
            let size = try Data(contentsOf: png).count
            #expect(size > 5_000, "\(png.lastPathComponent) is \(size) bytes")
        }
    }
}
