import Foundation
import PlingsKit

/// Where the CLI writes: tests capture it, the executable passes the real streams.
public struct Terminal: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then).
    public var errIsTTY: Bool

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTTY: Bool = false
    ) {
        self.out = out
        self.err = err
        self.errIsTTY = errIsTTY
    }
}

/// Exit statuses.
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// A runtime failure: refused command, damaged log, failed check.
    public static let failure: Int32 = 1
    /// The command line itself is wrong.
    public static let usage: Int32 = 64
}

/// A failure the CLI reports as one line on stderr.
struct CLIError: Error {
    var message: String
    var status: Int32

    static func usage(_ message: String) -> CLIError { CLIError(message: message, status: ExitStatus.usage) }
    static func failure(_ message: String) -> CLIError { CLIError(message: message, status: ExitStatus.failure) }
}

/// The `plings` command line: parsing, dispatch and rendering.
public enum CLI {
    /// Runs one invocation.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: `PLINGS_LOG`, `PLINGS_ACTOR` and `PLINGS_LANG` are read from it.
    /// - Returns: the exit status.
    public static func run(_ arguments: [String], environment: [String: String], terminal: Terminal) -> Int32 {
        var language = Language(rawValue: environment["PLINGS_LANG"] ?? "") ?? .sv
        do {
            var args = try Arguments.parse(arguments)
            if let lang = args.global.lang {
                guard let parsed = Language(rawValue: lang) else {
                    throw CLIError.usage(
                        language == .sv
                            ? "okänt språk '\(Printable.quote(lang))'; använd --lang sv eller --lang en"
                            : "unknown language '\(Printable.quote(lang))'; use --lang sv or --lang en")
                }
                language = parsed
            }
            let context = Context(
                logPath: args.global.log ?? environment["PLINGS_LOG"] ?? "plings.jsonl",
                actor: args.global.actor ?? environment["PLINGS_ACTOR"],
                language: language, terminal: terminal)
            guard let name = args.command else {
                if args.global.version {
                    terminal.out("plings \(Version.string)\n")
                    return ExitStatus.ok
                }
                terminal.out(Help.overview)
                return args.global.help ? ExitStatus.ok : ExitStatus.usage
            }
            guard let command = Commands.all[name] else {
                throw CLIError.usage("unknown command '\(Printable.quote(name))'; run 'plings --help' for the list")
            }
            if args.global.help {
                terminal.out(command.help)
                return ExitStatus.ok
            }
            try args.check(command.spec)
            return try command.run(&args, context)
        } catch let error as CLIError {
            terminal.err("plings: \(error.message)\n")
            return error.status
        } catch let error as StoreError {
            terminal.err("plings: \(error.message(language))\n")
            return ExitStatus.failure
        } catch let error as DomainError {
            terminal.err("plings: \(error.message(language))\n")
            return ExitStatus.failure
        } catch let error as LogError {
            terminal.err("plings: \(error.message)\n")
            return ExitStatus.failure
        } catch {
            terminal.err("plings: \(error)\n")
            return ExitStatus.failure
        }
    }
}

/// What every command gets besides its arguments.
struct Context {
    var logPath: String
    var actor: String?
    var language: Language
    var terminal: Terminal

    func openStore() throws -> Store { try Store(path: logPath) }
}

public enum Version {
    public static let string = "0.1.0"
}
