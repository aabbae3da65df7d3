import PlingsDomain
import PlingsText

/// A request the program will not answer with its content: an HTTP status
/// and a one-line reason from the catalog (never a stack, never a server path).
package struct WebFailure: Error, Sendable {
    /// The HTTP status: 400, 401, 403, 404, 405, 411, 413, 415, 416, 500, 503.
    package var status: Int
    /// The reason's catalog entry and its values.
    package var key: MessageKey
    package var values: [String: String]
    /// Headers the answer carries (`Allow` for 405, `WWW-Authenticate` for 401).
    package var headers: [(name: String, value: String)]

    package init(
        _ status: Int, _ key: MessageKey, _ values: [String: String] = [:],
        headers: [(name: String, value: String)] = []
    ) {
        self.status = status
        self.key = key
        self.values = values
        self.headers = headers
    }

    /// The answer: the reason as one line of plain text in `language`.
    package func response(_ language: Language) -> WebResponse {
        let reason = Catalog(language)(key, values)
        var response = WebResponse(
            status: status, contentType: "text/plain; charset=utf-8", body: Array((reason + "\n").utf8))
        response.headers += headers
        response.headers.append((name: "Cache-Control", value: "no-store"))
        return response
    }
}
