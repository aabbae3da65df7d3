import Foundation
import PlingsKit
import PlingsText

/// Where the CLI writes: tests capture it, the executable passes the real streams.
public struct Terminal: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then).
    public var errIsTTY: Bool
    /// Standard output taking bytes (whole UTF-8 text), when it can: the large views (`tree`,
    /// `away`) write their pieces through it without making a string of each; else `out`.
    public var outBytes: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTTY: Bool = false,
        outBytes: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)? = nil
    ) {
        self.out = out
        self.err = err
        self.errIsTTY = errIsTTY
        self.outBytes = outBytes
    }

    /// A buffer for a large view's output to standard output: bytes when it takes them.
    package func output() -> OutputBuffer {
        if let outBytes { return OutputBuffer(bytes: outBytes) }
        return OutputBuffer(sink: out)
    }
}

/// Exit statuses.
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// A runtime failure: refused command, damaged log, failed check.
    public static let failure: Int32 = 1
    /// The command line itself is wrong (EX_USAGE).
    public static let usage: Int32 = 64
}

/// A failure the CLI reports as one line on stderr, already in the user's language.
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
    ///   - environment: `PLINGS_LOG`, `PLINGS_ACTOR`, `PLINGS_LANG`, `LC_ALL`, `LC_MESSAGES`, `LANG` and
    ///     `PLINGS_BASE_URL` are read from it.
    /// - Returns: the exit status: 0, 1 for a failure, 64 for a wrong command line.
    public static func run(_ arguments: [String], environment: [String: String], terminal: Terminal) -> Int32 {
        var text = Catalog(LanguageChoice.fromLocale(environment))
        do {
            text = Catalog(try language(arguments, environment, fallback: text))
            var args = try Arguments.parse(arguments, text)
            let context = Context(
                logPath: args.global.log ?? environment["PLINGS_LOG"] ?? "plings.jsonl",
                actor: try actor(args.global.actor ?? environment["PLINGS_ACTOR"], text),
                text: text, terminal: terminal, environment: environment)
            return try dispatch(&args, context)
        } catch {
            terminal.err("plings: \(text.message(anyError: error))\n")
            return (error as? CLIError)?.status ?? ExitStatus.failure
        }
    }

    static func dispatch(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let text = context.text
        guard let name = args.command else {
            if args.global.version {
                context.terminal.out("plings \(Version.string)\n")
                return ExitStatus.ok
            }
            context.terminal.out(Help.text(nil, text))
            return args.global.help ? ExitStatus.ok : ExitStatus.usage
        }
        guard let command = Commands.all[name] else { throw Commands.unknownCommand(name, text) }
        if args.global.help {
            context.terminal.out(Help.text(name, text))
            return ExitStatus.ok
        }
        try args.check(command.spec, text)
        if command.readsLog && !FileManager.default.fileExists(atPath: context.logPath) {
            throw CLIError.failure(text(.noLog, ["path": Printable.quote(context.logPath)]))
        }
        // Said once, before the command: a cache folder that is not used costs only time.
        if FileManager.default.fileExists(atPath: context.logPath),
            let problem = CacheProblem.of(logPath: context.logPath)
        {
            context.terminal.err("plings: \(text.message(problem))\n")
        }
        do {
            return try command.run(&args, context)
        } catch {
            throw IDHint.adding(to: error, context)
        }
    }

    /// The language: `--lang`, else `PLINGS_LANG`, else the locale. A bad value is a usage error,
    /// reported in the language the rest of the environment chose.
    static func language(_ raw: [String], _ environment: [String: String], fallback: Catalog) throws -> Language {
        var chosen: String?
        var i = 0
        while i < raw.count, raw[i] != "--" {
            if raw[i] == "--lang", i + 1 < raw.count { chosen = raw[i + 1] }
            if raw[i].hasPrefix("--lang=") { chosen = String(raw[i].dropFirst("--lang=".count)) }
            i += 1
        }
        var text = fallback
        if let env = environment["PLINGS_LANG"], !env.isEmpty {
            guard let language = LanguageChoice.parse(env) else {
                if let chosen, let language = LanguageChoice.parse(chosen) { return language }
                throw CLIError.usage(text(.unknownLanguage, ["value": Printable.quote(env)]))
            }
            text = Catalog(language)
        }
        guard let chosen else { return text.language }
        guard let language = LanguageChoice.parse(chosen) else {
            throw CLIError.usage(text(.unknownLanguage, ["value": Printable.quote(chosen)]))
        }
        return language
    }

    /// Checks `--actor` or `PLINGS_ACTOR` (set but empty counts as given) by the actor rule.
    static func actor(_ value: String?, _ text: Catalog) throws -> String? {
        guard let value else { return nil }
        switch Actor.problem(with: value) {
        case nil: return value
        case .empty: throw CLIError.usage(text(.actorEmpty))
        case .tooLong: throw CLIError.usage(text(.actorTooLong, ["value": Printable.quote(value, limit: 40)]))
        case .control(let scalar):
            throw CLIError.usage(text(.actorControl, ["value": Printable.quote(value), "code": Catalog.hex(scalar)]))
        }
    }
}

/// What every command gets besides its arguments.
struct Context {
    var logPath: String
    var actor: String?
    var text: Catalog
    var terminal: Terminal
    /// The process environment, for the commands that read a variable of their own.
    var environment: [String: String] = [:]

    var language: Language { text.language }

    func openStore() throws -> Store { try Store(path: logPath) }
}

/// The version `plings --version` prints; CHANGELOG.md has a section for it.
public enum Version {
    public static let string = "0.1.0"
}
