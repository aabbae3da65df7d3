import PlingsKit
import PlingsText

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
    /// Whether the last positional may be repeated (`seen X [X…]`).
    var variadic = false
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
    static let globalFlags: Set<String> = ["--help", "-h", "--version"]

    static func parse(_ raw: [String], _ text: Catalog) throws -> Arguments {
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
            func value() throws -> String {
                if let inlineValue { return inlineValue }
                guard i < raw.count else { throw CLIError.usage(text(.optionNeedsValue, ["option": name])) }
                i += 1
                return raw[i - 1]
            }
            try args.take(name, inlineValue: inlineValue, value: value, text)
        }
        return args
    }

    /// Records one option.
    private mutating func take(
        _ name: String, inlineValue: String?, value: () throws -> String, _ text: Catalog
    ) throws {
        switch name {
        case "-h", "--help": global.help = true
        case "--version": global.version = true
        case "--log": global.log = try value()
        case "--actor": global.actor = try value()
        case "--lang": global.lang = try value()
        default:
            if CommandOptions.valued.contains(name) {
                if values[name] != nil { throw CLIError.usage(text(.optionTwice, ["option": name])) }
                values[name] = try value()
            } else if CommandOptions.flags.contains(name) {
                if inlineValue != nil { throw CLIError.usage(text(.optionTakesNoValue, ["option": name])) }
                flags.insert(name)
            } else {
                throw unknownOption(name, text)
            }
        }
    }

    private func unknownOption(_ name: String, _ text: Catalog) -> CLIError {
        let spec = command.flatMap { Commands.all[$0]?.spec }
        let known = (spec.map { $0.valued.union($0.flags) } ?? CommandOptions.valued.union(CommandOptions.flags))
            .union(Arguments.globalValued).union(Arguments.globalFlags).sorted()
        let quoted = Printable.quote(name)
        if let near = EditDistance.suggestion(for: name, among: known) {
            return .usage(text(.unknownOptionSuggest, ["option": quoted, "suggestion": near]))
        }
        let help = command.map { Commands.all[$0] == nil ? "plings help" : "plings help \($0)" } ?? "plings help"
        return .usage(text(.unknownOption, ["option": quoted, "help": help]))
    }

    /// Checks the positionals and options against the command's spec.
    func check(_ spec: CommandSpec, _ text: Catalog) throws {
        let name = command ?? ""
        let shown = spec.positionals.map { Arguments.metavariable($0, text) }
        let usage = (["plings", name] + shown).joined(separator: " ")
        let required = spec.positionals.count - spec.optionalPositionals
        if positionals.count < required {
            throw CLIError.usage(text(.missingArgument, ["name": shown[positionals.count], "usage": usage]))
        }
        if positionals.count > spec.positionals.count && !spec.variadic {
            let extra = Printable.quote(positionals[spec.positionals.count])
            throw CLIError.usage(text(.unexpectedArgument, ["value": extra, "usage": usage]))
        }
        for option in values.keys.sorted() + flags.sorted()
        where !spec.valued.contains(option) && !spec.flags.contains(option) {
            throw CLIError.usage(text(.optionNotForCommand, ["option": option, "command": name]))
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A positional's name as the help of this language writes it (NAME, NAMN).
    static func metavariable(_ name: String, _ text: Catalog) -> String {
        switch name {
        case "NAME": return text(.metaName)
        case "FILE": return text(.metaFile)
        case "SHELL": return text(.metaShell)
        case "SUBCOMMAND": return text(.metaCommand)
        default: return name
        }
    }
}

/// Every command-specific option, so the parser knows which take a value.
enum CommandOptions {
    static let valued: Set<String> = [
        "--axes", "--axis", "--expect", "--cid", "--expect-seq", "--at", "--from", "--to", "--object", "--on-error",
        "--batch", "--in", "--since", "--limit", "--note", "--relation", "--device", "--via", "--base-url", "--layout",
        "--skip", "--access", "--move-to", "--due",
    ]
    static let flags: Set<String> = [
        "--json", "--quiet", "--dry-run", "--full", "--follow", "--all", "--archived", "--with-contents", "--stdio",
        "--events", "--cgi", "--shallow", "--insecure-http", "--csv", "--overdue",
    ]
}
