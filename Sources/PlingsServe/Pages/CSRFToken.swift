import Foundation

/// The token that proves a form was sent from one of these pages (the double-submit rule):
/// each browser gets a random token in a cookie (`SameSite=Strict`, `HttpOnly`), every form
/// carries it in a hidden field, and a POST is taken only when both are there and equal, and
/// the request does not say it comes from another site (`Origin`, `Sec-Fetch-Site`).
package struct CSRFToken: Sendable, Hashable {
    /// The cookie's and the field's name.
    package static let name = "plings_csrf"
    /// The token.
    package let value: String
    /// Whether the browser has no token yet (the page sets the cookie).
    package let isNew: Bool

    /// The token of the request's cookie, or a fresh one.
    package init(_ request: WebRequest) {
        if let value = Self.cookie(request), Self.isWellFormed(value) {
            self.value = value
            isNew = false
        } else {
            var generator = SystemRandomNumberGenerator()
            value = (0..<4).map { _ in Self.hex(generator.next()) }.joined()
            isNew = true
        }
    }

    /// `Set-Cookie` for a new token, scoped to the program's path.
    package func header(_ request: WebRequest) -> (name: String, value: String)? {
        guard isNew else { return nil }
        let path = request.base.isEmpty ? "/" : request.base
        let secure = request.https ? "; Secure" : ""
        return ("Set-Cookie", "\(Self.name)=\(value); Path=\(path); HttpOnly; SameSite=Strict\(secure)")
    }

    /// Whether a POST with `fields` may change the log.
    /// - Throws: 403 when the form has no token, the browser's cookie none or another, or the
    ///   request comes from another site.
    package static func check(_ request: WebRequest, _ fields: FormFields) throws(WebFailure) {
        let refused = WebFailure(403, .pageFormRefused)
        if let site = request.header("sec-fetch-site")?.lowercased(), site != "same-origin", site != "none" {
            throw refused
        }
        if let origin = request.header("origin") {
            guard let host = request.header("host"), origin == (request.https ? "https://" : "http://") + host else {
                throw refused
            }
        }
        guard let cookie = Self.cookie(request), isWellFormed(cookie), let field = fields[name], field == cookie
        else { throw refused }
    }

    private static func cookie(_ request: WebRequest) -> String? {
        guard let header = request.header("cookie") else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == name {
                return pair[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func isWellFormed(_ value: String) -> Bool {
        value.utf8.count == 64 && value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
