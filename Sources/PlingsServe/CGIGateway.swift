import Foundation
import PlingsDomain
import PlingsText

/// The CGI/1.1 side of `plings serve --cgi` (RFC 3875): the request from the
/// environment the web server sets and the body on standard input; the
/// answer, a `Status:` line, headers and the body, on standard output.
package enum CGIGateway {
    /// The request the CGI variables describe, with its body read from `source`.
    /// - Throws: `WebFailure` 400 for a malformed request, 404 for a path that
    ///   could lead outside the routes: `.` or `..` segments, empty segments,
    ///   encoded slashes or backslashes, control characters.
    package static func request(
        _ environment: [String: String], language fallback: Language,
        body source: @escaping @Sendable (Int) -> [UInt8]
    ) throws(WebFailure) -> WebRequest {
        var headers: [String: String] = [:]
        for (name, value) in environment where name.hasPrefix("HTTP_") {
            headers[name.dropFirst(5).lowercased().replacingOccurrences(of: "_", with: "-")] = value
        }
        if let type = environment["CONTENT_TYPE"], !type.isEmpty { headers["content-type"] = type }
        let language = WebRequest.language(accepting: headers["accept-language"]) ?? fallback
        guard let method = environment["REQUEST_METHOD"], !method.isEmpty,
            method.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
        else { throw WebFailure(400, .webBadRequest) }
        var length: Int?
        if let text = environment["CONTENT_LENGTH"], !text.isEmpty {
            guard let n = Int(text), n >= 0, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw WebFailure(400, .webBadRequest)
            }
            length = n
        }
        let path = try segments(environment["PATH_INFO"] ?? "", requestURI: environment["REQUEST_URI"])
        let user = environment["REMOTE_USER"].flatMap { $0.isEmpty ? nil : $0 }
        var request = WebRequest(
            method: method, path: path, query: environment["QUERY_STRING"] ?? "", headers: headers, user: user,
            base: environment["SCRIPT_NAME"] ?? "", https: environment["HTTPS"]?.lowercased() == "on",
            language: language, body: WebBody(declaredLength: length, source: source))
        if method == "GET" || method == "HEAD" { request.body = WebBody(bytes: []) }
        return request
    }

    /// `PATH_INFO` as segments, after checking it and the raw `REQUEST_URI` it was decoded from.
    static func segments(_ pathInfo: String, requestURI: String?) throws(WebFailure) -> [String] {
        let notFound = WebFailure(404, .webNotFound)
        if let uri = requestURI {
            let rawPath = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let lower = rawPath.lowercased()
            // An encoded slash, backslash or NUL hides a segment boundary from the web server's own checks.
            for bad in ["%2f", "%5c", "%00", "\\"] where lower.contains(bad) { throw notFound }
            for part in lower.split(separator: "/", omittingEmptySubsequences: false) {
                let decoded = part.replacingOccurrences(of: "%2e", with: ".")
                if decoded == "." || decoded == ".." { throw notFound }
            }
        }
        if pathInfo.isEmpty || pathInfo == "/" { return [] }
        guard pathInfo.hasPrefix("/") else { throw notFound }
        let parts = pathInfo.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if part.isEmpty || part == "." || part == ".." { throw notFound }
            if part.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
                throw notFound
            }
        }
        return parts
    }

    /// The bytes a CGI program writes for `response`: the `Status:` line, the
    /// headers with `Content-Length`, a blank line, the body.
    package static func bytes(of response: WebResponse) -> [UInt8] {
        var head = "Status: \(response.status) \(WebResponse.phrase(response.status))\r\n"
        for (name, value) in response.headers {
            // A header never carries a line break: it would start another header.
            let clean = value.filter { $0 != "\r" && $0 != "\n" }
            head += "\(name): \(clean)\r\n"
        }
        if response.status != 304 { head += "Content-Length: \(response.body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + response.body
    }

    /// Answers the one request of this process: reads it from `environment`
    /// and `input`, routes it, writes the answer to `output`.
    package static func serve(
        _ router: WebRouter, environment: [String: String], input: FileHandle, output: FileHandle
    ) {
        let fallback = LanguageChoice.parse(environment["PLINGS_LANG"] ?? "") ?? LanguageChoice.fromLocale(environment)
        let response: WebResponse
        do throws(WebFailure) {
            let request = try request(environment, language: fallback) { count in
                (try? input.read(upToCount: count)).map { [UInt8]($0) } ?? []
            }
            response = router.respond(to: request)
        } catch {
            let language = WebRequest.language(accepting: environment["HTTP_ACCEPT_LANGUAGE"]) ?? fallback
            response = error.response(language)
        }
        try? output.write(contentsOf: Data(bytes(of: response)))
    }
}
