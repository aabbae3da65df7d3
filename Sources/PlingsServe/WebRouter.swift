/// Routes a request to the handler of its method and path, after the access
/// rules: the one dispatcher of `plings serve --cgi`, shared by the sync
/// routes and the web pages.
///
/// A path that no route has is 404; a path a route has for other methods is
/// 405 with `Allow`; `HEAD` is answered as `GET` without the body. A route
/// for readers or writers needs a signed-in user (401 without one) whom the
/// access list lets read or write (403 otherwise).
package struct WebRouter: Sendable {
    /// What a handler does with a request: its answer, or a failure with a status and a reason.
    package typealias Handler = @Sendable (WebRequest) throws(WebFailure) -> WebResponse

    /// Who may use a route.
    package enum Access: Sendable {
        /// Anyone, signed in or not (a stylesheet).
        case anyone
        /// A signed-in user allowed to read.
        case reader
        /// A signed-in user allowed to write.
        case writer
    }

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    private struct Route: Sendable {
        var method: String
        var pattern: [Segment]
        var access: Access
        var handler: Handler
    }

    private var routes: [Route] = []
    /// Who may read and who may write; nil lets every signed-in user write.
    package var accessList: AccessList?

    package init(accessList: AccessList? = nil) {
        self.accessList = accessList
    }

    /// Adds a route. `pattern` is a path below the base, its segments literal
    /// or `{name}` (one segment, handed to the handler in `parameters`).
    package mutating func add(_ method: String, _ pattern: String, access: Access, _ handler: @escaping Handler) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            part.hasPrefix("{") && part.hasSuffix("}")
                ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        routes.append(Route(method: method.uppercased(), pattern: segments, access: access, handler: handler))
    }

    /// The answer to `request`; failures become their status and one-line reason.
    package func respond(to request: WebRequest) -> WebResponse {
        let head = request.method == "HEAD"
        var request = request
        if head { request.method = "GET" }
        do throws(WebFailure) {
            var response = try dispatch(&request)
            if head { response.body = [] }
            return response
        } catch {
            return error.response(request.language)
        }
    }

    private func dispatch(_ request: inout WebRequest) throws(WebFailure) -> WebResponse {
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.match(route.pattern, request.path) else { continue }
            guard route.method == request.method else {
                if !allowed.contains(route.method) { allowed.append(route.method) }
                continue
            }
            request.parameters = parameters
            request.permission = try authorize(request.user, for: route.access)
            return try route.handler(request)
        }
        if allowed.isEmpty { throw WebFailure(404, .webNotFound) }
        if allowed.contains("GET") { allowed.append("HEAD") }
        let list = allowed.joined(separator: ", ")
        throw WebFailure(
            405, .webMethodNotAllowed, ["method": request.method, "allowed": list],
            headers: [(name: "Allow", value: list)])
    }

    /// What `user` may do on a route with `access`.
    /// - Throws: 401 without a user, 403 when the access list does not let them.
    private func authorize(_ user: String?, for access: Access) throws(WebFailure) -> Permission? {
        if access == .anyone, user == nil { return nil }
        guard let user, !user.isEmpty else {
            throw WebFailure(401, .webSignInRequired)
        }
        let permission = accessList.map { $0.permission(of: user) } ?? .write
        guard let permission else { throw WebFailure(403, .webNotListed, ["user": user]) }
        if access == .writer, permission != .write { throw WebFailure(403, .webReadOnly, ["user": user]) }
        return permission
    }

    private static func match(_ pattern: [Segment], _ path: [String]) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(pattern, path) {
            switch segment {
            case .literal(let text): if text != part { return nil }
            case .parameter(let name): parameters[name] = part
            }
        }
        return parameters
    }
}
