/// What the program answers: a status, headers and a body.
package struct WebResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// The headers, in order (`Content-Type` among them; `Content-Length` is added when written).
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: [UInt8]

    package init(status: Int = 200, contentType: String, body: [UInt8], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = [(name: "Content-Type", value: contentType)] + headers
        self.body = body
    }

    /// A header's value (the first of that name, any case), or nil.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The reason phrase of the status line.
    package static func phrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 416: return "Range Not Satisfiable"
        case 503: return "Service Unavailable"
        default: return status >= 500 ? "Internal Server Error" : "Error"
        }
    }
}
