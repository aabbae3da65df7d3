import Foundation
import PlingsDomain

/// One HTTP request as a CGI program receives it (RFC 3875), already checked
/// by `CGIGateway`: a method, the path below the program's base as segments,
/// the headers a route may read, the signed-in user, and a body that is read
/// only when a route asks for it, within the route's limit.
package struct WebRequest: Sendable {
    /// `GET`, `POST`, … (upper case).
    package var method: String
    /// The path below the base (`PATH_INFO`), split at `/`: `/o/yTvK` is `["o", "yTvK"]`, `/` is `[]`.
    package var path: [String]
    /// The query string as sent (`QUERY_STRING`), without the `?`.
    package var query: String
    /// The request headers, by lower-case name (`range`, `if-none-match`, `accept-language`, `cookie`, …).
    package var headers: [String: String]
    /// The user the web server signed in (`REMOTE_USER`), or nil.
    package var user: String?
    /// The path of the program itself (`SCRIPT_NAME`): links are made below it.
    package var base: String
    /// Whether the request came over TLS (`HTTPS=on`).
    package var https: Bool
    /// The values of a route's `{name}` segments, set by the router.
    package var parameters: [String: String] = [:]
    /// What the access list lets the user do on the route (set by the router; nil on a route for anyone).
    package var permission: Permission?
    /// The language of the reasons and pages: the first of `Accept-Language` that the catalog has.
    package var language: Language
    /// The body, read on demand.
    package var body: WebBody

    package init(
        method: String, path: [String], query: String = "", headers: [String: String] = [:], user: String? = nil,
        base: String = "", https: Bool = false, language: Language = .en, body: WebBody = WebBody(bytes: [])
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.user = user
        self.base = base
        self.https = https
        self.language = language
        self.body = body
    }

    /// The value of header `name` (any case), or nil.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The language a client asks for in `Accept-Language`: of `sv` and `en`, the one with the
    /// highest weight (`q`, 1 when not given; the first named of equal weights), never one it
    /// refuses with `q=0`; nil when it names neither.
    package static func language(accepting header: String?) -> Language? {
        guard let header else { return nil }
        var best: (language: Language, weight: Double)?
        for part in header.split(separator: ",") {
            let fields = part.split(separator: ";")
            let tag = fields.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let primary = tag.lowercased().split(separator: "-").first.map(String.init) ?? ""
            guard let language = Language(rawValue: primary) else { continue }
            var weight = 1.0
            for field in fields.dropFirst() {
                let pair = field.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q", let q = Double(pair[1]), !q.isNaN {
                    weight = min(max(q, 0), 1)
                }
            }
            if weight > (best?.weight ?? 0) { best = (language, weight) }
        }
        return best?.language
    }
}
