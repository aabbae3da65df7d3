import PlingsKit
import PlingsText

extension CLI {
    /// The variables whose value becomes a path or a recorded value, checked as bytes like the arguments.
    static let bytesCheckedVariables = ["PLINGS_LOG", "PLINGS_ACTOR"]

    /// Runs one invocation from the bytes the process was given. An argument, or a
    /// variable that becomes a path or a recorded value (`PLINGS_LOG`, `PLINGS_ACTOR`),
    /// that is not valid UTF-8 is refused (exit 64, nothing read or written), as `apply`
    /// refuses such a line, instead of being read with its bad bytes replaced by U+FFFD.
    /// - Parameters:
    ///   - rawArguments: the arguments after the program name, as the process has them.
    ///   - environment: as for `run(_:environment:terminal:)`.
    ///   - rawVariable: a variable's bytes as the process has them (nil when unset).
    /// - Returns: the exit status, as `run(_:environment:terminal:)`.
    public static func run(
        rawArguments: [[UInt8]], environment: [String: String], rawVariable: (String) -> [UInt8]?,
        terminal: Terminal
    ) -> Int32 {
        var arguments: [String] = []
        var problem: (key: MessageKey, members: [String: String])?
        for (k, bytes) in rawArguments.enumerated() {
            if let argument = String(validating: bytes, as: UTF8.self) {
                arguments.append(argument)
            } else {
                arguments.append(String(decoding: bytes, as: UTF8.self))
                if problem == nil { problem = (.argumentNotUTF8, ["position": "\(k + 1)", "value": quoted(bytes)]) }
            }
        }
        for name in bytesCheckedVariables where problem == nil {
            if let bytes = rawVariable(name), String(validating: bytes, as: UTF8.self) == nil {
                problem = (.variableNotUTF8, ["variable": name, "value": quoted(bytes)])
            }
        }
        guard let problem else { return run(arguments, environment: environment, terminal: terminal) }
        let fallback = Catalog(LanguageChoice.fromLocale(environment))
        let text = Catalog((try? language(arguments, environment, fallback: fallback)) ?? fallback.language)
        terminal.err("plings: \(text(problem.key, problem.members))\n")
        return ExitStatus.usage
    }

    /// `bytes` for a message: each well-formed run as `Printable.quote` shows text, each byte
    /// that is not part of one as `\xHH`, at most `limit` characters of it.
    static func quoted(_ bytes: [UInt8], limit: Int = 80) -> String {
        var out = ""
        var run: [UInt8] = []
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        func flush() {
            out += Printable.quote(String(decoding: run, as: UTF8.self), limit: limit)
            run = []
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                run += encoded
                offset += encoded.count
            case .error(let length):
                flush()
                for byte in bytes[offset..<(offset + length)] {
                    out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                flush()
                return out.count > limit ? String(out.prefix(limit)) + "…" : out
            }
        }
    }
}
