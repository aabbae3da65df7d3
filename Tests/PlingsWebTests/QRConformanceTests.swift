import Foundation
import PlingsKit
import PlingsTestSupport
import Testing

@testable import PlingsWeb

/// Our symbols against the real tools: the module matrix equals `qrencode`'s for the same
/// bytes and settings, and `zbarimg` reads our images back to the exact bytes.
@Suite("QR codes against qrencode and zbarimg")
struct QRConformanceTests {
    /// One comparison: the input, the level, the smallest version asked for.
    struct Case: CustomStringConvertible {
        var text: String
        var level: QRLevel = .medium
        var minimumVersion = 1
        var description: String { "\(level.letter) v≥\(minimumVersion) \(text.utf8.count) bytes '\(text.prefix(40))'" }
    }

    /// Ids, URLs, names and texts at the edge of every version at every level.
    static let cases: [Case] = {
        var cases = (QRInputs.randomIDs(100) + QRInputs.everyIDCharacter + QRInputs.cardURLs).map { Case(text: $0) }
        cases += ["Plastlåda", "Köksbordet › Vardagsrummet", "🧰 låda\u{2028}ett", "<img src=x onerror=alert(1)>"]
            .map { Case(text: $0) }
        // Every level at the last byte a version holds and the first byte that needs the next one.
        for level in QRLevel.allCases {
            for version in boundaryVersions {
                let capacity = QRInputs.capacity(version: version, level: level)
                for length in [capacity, capacity + 1] {
                    cases.append(Case(text: QRInputs.text(length: length, seed: version), level: level))
                }
            }
        }
        // A short URL forced into every version (qrencode -v).
        for version in forcedVersions {
            cases.append(Case(text: "https://example.org/plings/o/yTvK", minimumVersion: version))
        }
        return cases
    }()

    /// Versions whose boundaries are checked at every level: all under PLINGS_STRESS; else the
    /// small ones labels use, 7 (version information starts), 10 (the count takes 16 bits), and
    /// one for each number of alignment patterns, 32 (its spacing is the exception) among them.
    static var boundaryVersions: [Int] { stress ? Array(1...39) : [1, 2, 3, 4, 5, 6, 7, 9, 10, 14, 21, 32] }

    /// Versions a short URL is forced into (`qrencode -v`): all under PLINGS_STRESS, else a spread.
    static var forcedVersions: [Int] { stress ? Array(1...40) : [1, 2, 3, 5, 7, 8, 10, 13, 14, 21, 28, 32, 35, 40] }

    /// Every case with our symbol, encoded once for both tests.
    static let encoded: [(Case, QRCode?)] = cases.map { c in
        (c, try? QRCode(c.text, level: c.level, minimumVersion: c.minimumVersion))
    }

    static var stress: Bool { Stress.enabled }

    @Test(
        "the module matrix equals qrencode's (byte mode, same level and version)",
        .enabled(if: ExternalTool.qrencode != nil, "qrencode is not installed (scripts/install-test-tools.sh)"))
    func matchesQrencode() throws {
        var compared = 0
        var mismatches: [String] = []
        for (c, code) in Self.encoded {
            let ours = try #require(code, "\(c)")
            let theirs = try QRTools.qrencode(Array(c.text.utf8), level: c.level, minimumVersion: c.minimumVersion)
            compared += 1
            if QRTools.rows(ours) != theirs {
                mismatches.append(
                    "\(c) (ours: version \(ours.version) mask \(ours.mask); theirs: \(theirs.count) wide)")
            }
        }
        print("QR: \(compared) inputs compared with qrencode, \(mismatches.count) differ")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
        #expect(compared >= 300)
        // The comparison exercises the penalty score: qrencode chose every one of the eight masks.
        #expect(Set(Self.encoded.compactMap { $0.1?.mask }).count == 8)
    }

    @Test(
        "zbarimg reads every symbol back to the exact bytes",
        .enabled(if: ExternalTool.zbarimg != nil, "zbarimg is not installed (scripts/install-test-tools.sh)"))
    func decodesWithZbar() throws {
        let folder = try ScratchFolder()
        var expected: [String: Data] = [:]
        var files: [URL] = []
        for (i, (c, code)) in Self.encoded.enumerated()
        where c.text.utf8.count <= 800 && c.text.unicodeScalars.allSatisfy(\.isASCII) {
            let code = try #require(code, "\(c)")
            let file = folder.file("\(i).pgm")
            try QRTools.pgm(code).write(to: file)
            expected[file.path] = Data(c.text.utf8)
            files.append(file)
        }
        let decoded = try QRTools.zbarimg(files)
        var failures: [String] = []
        for file in files where decoded[file.path] != [expected[file.path] ?? Data()] {
            failures.append("\(file.lastPathComponent): \(decoded[file.path] ?? [])")
        }
        print("QR: \(files.count) symbols decoded by zbarimg, \(failures.count) failed")
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        #expect(files.count >= 250)
    }
}
