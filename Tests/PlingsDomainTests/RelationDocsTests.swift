import Foundation
import PlingsDomain
import Testing

/// The documents that list the relations list all of them (the diagonals are two of them joined by a comma).
@Suite("Relations in the docs")
struct RelationDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("docs/json.md names every relation's token")
    func jsonTokens() throws {
        let text = try Self.text("json.md")
        for relation in Relation.allCases where relation.diagonalParts == nil {
            #expect(text.contains("`\(relation.token)`"), "\(relation.token)")
        }
    }

    @Test("the move flow offers every relation")
    func flowOffersAll() throws {
        let text = try Self.text("flows/flytta.md").replacingOccurrences(of: "\n   ", with: " ")
        let step = text.split(separator: "\n").first { $0.hasPrefix("2. Pick the relation:") } ?? ""
        for relation in Relation.allCases where relation.diagonalParts == nil {
            let words = relation.token.replacingOccurrences(of: "-", with: " ")
            #expect(step.contains(words), "\(words)")
        }
    }
}
