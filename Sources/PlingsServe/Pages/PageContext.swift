import PlingsKit
import PlingsText
import PlingsWeb

/// What every page needs from its request: the language (`?lang=sv|en`, else `Accept-Language`),
/// the catalog and the views' words in it, the query's fields, links below the program's base
/// that keep an explicit language, and the CSRF token of the browser.
package struct PageContext: Sendable {
    package let request: WebRequest
    package let language: Language
    package let text: Catalog
    package let words: Texts
    /// The query string's fields.
    package let query: FormFields
    /// `sv` or `en` when the query chose the language; links carry it on.
    package let chosenLanguage: String?
    /// The browser's CSRF token (from its cookie), or a fresh one the page sets.
    package let csrf: CSRFToken

    package init(_ request: WebRequest) {
        self.request = request
        query = FormFields(request.query)
        let chosen = query["lang"].flatMap { Language(rawValue: $0.lowercased()) }
        chosenLanguage = chosen?.rawValue
        language = chosen ?? request.language
        text = Catalog(language)
        words = Texts(language)
        csrf = CSRFToken(request)
    }

    /// `BASE/PATH?…`: a link below the program's base, with `parameters` (those with a nil
    /// value left out) and the chosen language.
    package func link(_ path: String, _ parameters: [(String, String?)] = []) -> String {
        var all = parameters.compactMap { name, value in value.map { (name, $0) } }
        if let chosenLanguage { all.append(("lang", chosenLanguage)) }
        let query = all.map { "\($0.0)=\(FormFields.encode($0.1))" }.joined(separator: "&")
        return request.base + path + (query.isEmpty ? "" : "?" + query)
    }

    /// The link to the card of `id` (at `at`, a seq, when given).
    package func card(_ id: String, at: Int64? = nil) -> String {
        link("/o/" + FormFields.encode(id), [("at", at.map { String($0) })])
    }

    /// A link to the page `path` in the other language.
    package func otherLanguage(path: String) -> (label: String, href: String) {
        let other: Language = language == .sv ? .en : .sv
        var parameters: [(String, String?)] = []
        for pair in request.query.split(separator: "&") where !pair.hasPrefix("lang=") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercent
            let value = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercent : ""
            parameters.append((name, value))
        }
        parameters.append(("lang", other.rawValue))
        let query = parameters.compactMap { n, v in v.map { "\(FormFields.encode(n))=\(FormFields.encode($0))" } }
        return (Catalog(other)(.pageLanguageName), request.base + path + "?" + query.joined(separator: "&"))
    }
}

extension String {
    fileprivate var removingPercent: String { removingPercentEncoding ?? "" }
}
