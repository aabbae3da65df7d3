/// The login for a host from a `.netrc` file, as curl and git read it:
/// `machine HOST login USER password SECRET` entries (any white space
/// between the words), a `default` entry for any other host, and `macdef`
/// macros skipped up to the next empty line.
struct Netrc: Sendable, Hashable {
    struct Login: Sendable, Hashable {
        var user: String
        var password: String
    }

    private var machines: [String: Login] = [:]
    private var fallback: Login?

    /// Parses the text of a `.netrc` file; words it does not know are skipped.
    init(text: String) {
        var words = Self.words(text)[...]
        var current: String??  // nil: no entry open; .some(nil): `default`; .some(host): `machine host`
        var login = Login(user: "", password: "")
        func close() {
            guard let entry = current else { return }
            if let host = entry {
                if machines[host.lowercased()] == nil { machines[host.lowercased()] = login }
            } else if fallback == nil {
                fallback = login
            }
        }
        while let word = words.popFirst() {
            switch word {
            case "machine":
                close()
                current = .some(words.popFirst() ?? "")
                login = Login(user: "", password: "")
            case "default":
                close()
                current = .some(nil)
                login = Login(user: "", password: "")
            case "login": login.user = words.popFirst() ?? ""
            case "password": login.password = words.popFirst() ?? ""
            case "account": _ = words.popFirst()
            default: continue
            }
        }
        close()
    }

    /// The login for `host` (case-insensitive), or the `default` one, or nil.
    func login(for host: String) -> Login? {
        machines[host.lowercased()] ?? fallback
    }

    /// The words of the file, without `macdef` macros (a macro ends at an empty line).
    private static func words(_ text: String) -> [String] {
        var result: [String] = []
        var inMacro = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if inMacro {
                if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { inMacro = false }
                continue
            }
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            if let first = parts.firstIndex(of: "macdef") {
                result += parts[..<first]
                inMacro = true
                continue
            }
            result += parts
        }
        return result
    }
}
