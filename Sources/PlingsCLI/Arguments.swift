import PlingsKit

/// Options every command takes.
struct GlobalOptions {
    var log: String?
    var actor: String?
    var lang: String?
    var help = false
    var version = false
}

/// What a command accepts.
struct CommandSpec: Sendable {
    /// Names of the positional arguments, for messages.
    var positionals: [String]
    /// How many of the trailing positionals may be left out.
    var optionalPositionals = 0
    /// Options that take a value (`--axes both`).
    var valued: Set<String> = []
    /// Options that are flags (`--json`).
    var flags: Set<String> = []
}

/// The parsed command line: the global options (accepted anywhere), the
/// command name, its positionals and its options.
struct Arguments {
    var global = GlobalOptions()
    var command: String?
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    static let globalValued: Set<String> = ["--log", "--actor", "--lang"]

    static func parse(_ raw: [String]) throws -> Arguments {
        var args = Arguments()
        var i = 0
        var onlyPositionals = false
        while i < raw.count {
            let token = raw[i]
            i += 1
            if onlyPositionals || !token.hasPrefix("-") || token == "-" {
                if args.command == nil { args.command = token } else { args.positionals.append(token) }
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inlineValue: String?
            if let eq = token.firstIndex(of: "="), token.hasPrefix("--") {
                name = String(token[..<eq])
                inlineValue = String(token[token.index(after: eq)...])
            }
            switch name {
            case "-h", "--help":
                args.global.help = true
                continue
            case "--version":
                args.global.version = true
                continue
            default:
                break
            }
            // Options with a value: global ones, and any other `--name value`
            // whose command spec says so (checked later).
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard i < raw.count else { throw CLIError.usage("option '\(name)' needs a value") }
                i += 1
                return raw[i - 1]
            }
            switch name {
            case "--log": args.global.log = try value()
            case "--actor": args.global.actor = try value()
            case "--lang": args.global.lang = try value()
            default:
                if CommandOptions.valued.contains(name) {
                    if args.values[name] != nil { throw CLIError.usage("option '\(name)' is given twice") }
                    args.values[name] = try value()
                } else if CommandOptions.flags.contains(name) {
                    if inlineValue != nil { throw CLIError.usage("option '\(name)' takes no value") }
                    args.flags.insert(name)
                } else {
                    throw CLIError.usage("unknown option '\(Printable.quote(name))'; run 'plings --help'")
                }
            }
        }
        return args
    }

    /// Checks the positionals and options against the command's spec.
    func check(_ spec: CommandSpec) throws {
        let usage = "usage: plings \(command ?? "") \(spec.positionals.joined(separator: " "))"
        let required = spec.positionals.count - spec.optionalPositionals
        if positionals.count < required {
            let missing = spec.positionals[positionals.count]
            throw CLIError.usage("missing \(missing); \(usage)")
        }
        if positionals.count > spec.positionals.count {
            throw CLIError.usage(
                "unexpected argument '\(Printable.quote(positionals[spec.positionals.count]))'; \(usage) "
                    + "(quote a name that has spaces)")
        }
        for name in values.keys where !spec.valued.contains(name) {
            throw CLIError.usage(
                "option '\(name)' does not apply to '\(command ?? "")'; run 'plings \(command ?? "") --help'")
        }
        for name in flags where !spec.flags.contains(name) {
            throw CLIError.usage(
                "option '\(name)' does not apply to '\(command ?? "")'; run 'plings \(command ?? "") --help'")
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// Every command-specific option, so the parser knows which take a value.
enum CommandOptions {
    static let valued: Set<String> = [
        "--axes", "--axis", "--expect", "--cid", "--expect-seq", "--at", "--from", "--to", "--object", "--on-error",
        "--batch",
    ]
    static let flags: Set<String> = ["--json", "--quiet", "--dry-run", "--full"]
}
