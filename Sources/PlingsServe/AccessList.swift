/// What a signed-in user may do.
package enum Permission: String, Sendable, Hashable {
    /// Pull the log and read the pages.
    case read
    /// Also push commands and use the forms (write includes read).
    case write
}

/// The access list of `plings serve --cgi --access FILE`: one `USER read` or
/// `USER write` a line; blank lines and lines starting with `#` are skipped.
/// A user not listed may do nothing (403).
package struct AccessList: Sendable, Hashable {
    private var users: [String: Permission] = [:]

    /// Parses the file's text.
    /// - Throws: `WebFailure` 500 naming the first line that is not `USER read|write`
    ///   (the file's path is never told to the client).
    package init(text: String) throws(WebFailure) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if line.isEmpty || line[0].hasPrefix("#") { continue }
            guard line.count == 2, let permission = Permission(rawValue: String(line[1])) else {
                throw WebFailure(500, .webAccessListDamaged, ["line": String(index + 1)])
            }
            let user = String(line[0])
            // Listed twice: the stronger permission counts.
            if users[user] != .write { users[user] = permission }
        }
    }

    /// What `user` may do, or nil when the list does not name them.
    package func permission(of user: String) -> Permission? { users[user] }
}
