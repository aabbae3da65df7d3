import Foundation
import PlingsCLI
import PlingsTestSupport
import Testing

/// An argument (or `PLINGS_LOG`, `PLINGS_ACTOR`) whose bytes are not UTF-8 is refused
/// with a clear message in the user's language, as `apply` refuses such a line: never
/// read with its bad bytes turned into U+FFFD and written to the log that way.
@Suite("Arguments that are not UTF-8")
struct ArgumentBytesTests {
    /// Runs the CLI in this process on raw arguments and raw variables.
    static func run(_ args: [[UInt8]], log: String, variables: [String: [UInt8]] = [:], lang: String = "en") -> Run {
        let out = Capture()
        let err = Capture()
        let status = CLI.run(
            rawArguments: args, environment: ["PLINGS_LOG": log, "PLINGS_LANG": lang, "PLINGS_ACTOR": "t"],
            rawVariable: { variables[$0] }, terminal: Terminal(out: out.add, err: err.add))
        return Run(status: status, out: out.value, err: err.value)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Names, ids and option values with bytes no UTF-8 text has: a lone continuation byte,
    /// 0xFF, an overlong encoding of '/', a surrogate's encoding, a cut-off character.
    static let bad: [[UInt8]] = [
        [0x42, 0xFF, 0x43], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x61, 0xC3], [0xF5, 0x80, 0x80, 0x80],
    ]

    @Test("a name, an id or a value that is not UTF-8 is refused in both languages, the log untouched")
    func refused() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("a.jsonl")
        #expect(Self.run([Self.bytes("create"), Self.bytes("box"), Self.bytes("Box")], log: log).status == 0)
        let before = fileBytes(log)
        for bad in Self.bad {
            let lines: [[[UInt8]]] = [
                [Self.bytes("create"), Self.bytes("q"), bad],
                [Self.bytes("create"), bad, Self.bytes("Q")],
                [Self.bytes("rename"), Self.bytes("box"), bad],
                [Self.bytes("card"), bad],
                [Self.bytes("find"), bad],
                [Self.bytes("archive"), Self.bytes("box"), Self.bytes("--note"), bad],
                [Self.bytes("--log"), bad, Self.bytes("card"), Self.bytes("box")],
            ]
            for args in lines {
                let position = (args.firstIndex(of: bad) ?? 0) + 1
                let en = Self.run(args, log: log)
                #expect(en.status == 64, "\(args)")
                #expect(en.out.isEmpty)
                #expect(en.err.hasPrefix("plings: argument \(position) is not valid UTF-8: '"), "\(en.err)")
                #expect(en.err.contains("\\x"), "\(en.err)")
                #expect(!en.err.contains("\u{FFFD}"))
                #expect(en.err.components(separatedBy: "\n").count == 2)
                let sv = Self.run(args, log: log, lang: "sv")
                #expect(sv.status == 64)
                #expect(sv.err.hasPrefix("plings: argument \(position) är inte giltig UTF-8: '"), "\(sv.err)")
            }
        }
        #expect(fileBytes(log) == before)
        #expect(Self.run([Self.bytes("find"), Self.bytes("Box")], log: log).out.contains("box"))
    }

    @Test("PLINGS_LOG or PLINGS_ACTOR that is not UTF-8 is refused; valid ones run")
    func variables() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("a.jsonl")
        let create = [Self.bytes("create"), Self.bytes("box"), Self.bytes("Box")]
        let actor = Self.run(create, log: log, variables: ["PLINGS_ACTOR": [0x6D, 0xE9]])
        #expect(actor.status == 64)
        #expect(
            actor.err
                == "plings: PLINGS_ACTOR is not valid UTF-8: 'm\\xE9' (each \\x.. is a byte that is not); set it to UTF-8 text\n"
        )
        let path = Self.run(
            create, log: log, variables: ["PLINGS_LOG": Self.bytes(dir.path + "/") + [0xFF]], lang: "sv")
        #expect(path.status == 64)
        #expect(path.err.hasPrefix("plings: PLINGS_LOG är inte giltig UTF-8: '"))
        #expect(!FileManager.default.fileExists(atPath: log))
        let fine = Self.run(
            [Self.bytes("create"), Self.bytes("box"), Self.bytes("Låda ✓")], log: log,
            variables: ["PLINGS_ACTOR": Self.bytes("mé")])
        #expect(fine.status == 0, "\(fine.err)")
        #expect(Self.run([Self.bytes("card"), Self.bytes("box")], log: log).out.hasPrefix("Låda ✓ (box)"))
    }

    @Test("the built executable refuses a name given as bytes that are not UTF-8")
    func executable() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("a.jsonl")
        // Foundation's Process passes only strings: the shell makes the bytes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" create q "$(printf 'x\377y')""#, plingsBinary]
        var environment = ProcessInfo.processInfo.environment
        environment["PLINGS_LOG"] = log
        environment["PLINGS_LANG"] = "en"
        environment["PLINGS_ACTOR"] = "t"
        process.environment = environment
        let errPipe = Pipe()
        process.standardError = errPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(err.hasPrefix("plings: argument 3 is not valid UTF-8: 'x\\xFFy'"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: log))
    }
}
