import Foundation

/// Why a SOURCE beginning with `ssh://` is not one Plings will hand to ssh.
public enum SSHSourceProblem: Sendable, Hashable {
    /// It is not `ssh://[user@]host[:port]/path`.
    case notSSHURL
    /// The host or the user (`"host"`, `"user"`) begins with `-`, so ssh would read it as an option.
    case optionLike(String)
    /// The port is not a whole number from 1 to 65535.
    case badPort(String)
}

/// The parts of `ssh://[user@]host[:port]/path`, percent-decoded, with the rules that keep a
/// peer's URL from becoming an option of ssh: a host or user beginning with `-` is refused, and
/// control characters (which no host or user holds) make it no URL.
struct SSHSource: Sendable, Hashable {
    var user: String?
    var host: String
    var port: Int?
    var path: String

    /// `user@host` or `host`, as ssh takes its destination.
    var destination: String { user.map { "\($0)@\(host)" } ?? host }

    init(_ text: String) throws(SyncError) {
        func refuse(_ problem: SSHSourceProblem) -> SyncError { .sshSource(text, problem) }
        guard text.hasPrefix("ssh://") else { throw refuse(.notSSHURL) }
        let rest = text.dropFirst("ssh://".count)
        guard let slash = rest.firstIndex(of: "/") else { throw refuse(.notSSHURL) }
        var authority = Substring(rest[..<slash])
        guard let path = String(rest[slash...]).removingPercentEncoding, path.count > 1 else {
            throw refuse(.notSSHURL)
        }
        if let at = authority.lastIndex(of: "@") {
            guard let user = String(authority[..<at]).removingPercentEncoding, !user.isEmpty else {
                throw refuse(.notSSHURL)
            }
            self.user = user
            authority = authority[authority.index(after: at)...]
        }
        var hostPart = authority
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            hostPart = authority[authority.index(after: authority.startIndex)..<close]  // ssh takes ::1, not [::1]
            authority = authority[authority.index(after: close)...]
            if !authority.isEmpty && !authority.hasPrefix(":") { throw refuse(.notSSHURL) }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            authority = authority[colon...]
        } else {
            authority = ""
        }
        if authority.hasPrefix(":") {
            let digits = authority.dropFirst()
            guard digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits),
                (1...65535).contains(port)
            else { throw refuse(.badPort(String(digits))) }
            self.port = port
        }
        guard let host = String(hostPart).removingPercentEncoding, !host.isEmpty else { throw refuse(.notSSHURL) }
        self.host = host
        self.path = path
        let parts = [user ?? "", host, path]
        if parts.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) {
            throw refuse(.notSSHURL)
        }
        if user?.hasPrefix("-") ?? false { throw refuse(.optionLike("user")) }
        if host.hasPrefix("-") { throw refuse(.optionLike("host")) }
    }
}
