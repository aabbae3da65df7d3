import Foundation
import PlingsCLI
import PlingsTestSupport
import Testing

/// What one invocation printed and returned.
struct Run {
    var status: Int32
    var out: String
    var err: String
}

final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func add(_ more: String) {
        lock.lock()
        text += more
        lock.unlock()
    }
    var value: String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }
}

/// Runs the CLI in this process.
func plings(_ args: [String], log: String, env: [String: String] = [:]) -> Run {
    let out = Capture()
    let err = Capture()
    var environment = env
    environment["PLINGS_LOG"] = log
    let status = CLI.run(args, environment: environment, terminal: Terminal(out: out.add, err: err.add))
    return Run(status: status, out: out.value, err: err.value)
}

/// The built `plings` executable.
let plingsBinary: String = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("plings")
            .path,
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("plings").path,
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/plings").path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[2]
}()

/// Runs the built executable as a fresh process.
func plingsProcess(_ args: [String], log: String?, env: [String: String] = [:], input: String? = nil) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: plingsBinary)
    process.arguments = args
    var environment = ProcessInfo.processInfo.environment
    // The language must come from the test, never from the machine running it.
    for name in ["LC_ALL", "LC_MESSAGES", "LANG", "PLINGS_LANG", "PLINGS_ACTOR"] { environment[name] = nil }
    environment["PLINGS_LOG"] = log
    for (k, v) in env { environment[k] = v }
    process.environment = environment
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    let inPipe = Pipe()
    if input != nil { process.standardInput = inPipe }
    try process.run()
    if let input {
        inPipe.fileHandleForWriting.write(Data(input.utf8))
        try inPipe.fileHandleForWriting.close()
    }
    let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
    let errData = errPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
        status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
        err: String(decoding: errData, as: UTF8.self))
}

/// Decodes a card's JSON.
func cardJSON(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
}

/// Runs `writers` concurrent `plings` processes that each create `each`
/// objects in `log`; returns the ids whose create was acknowledged (exit 0).
func concurrentCreates(log: String, writers: Int, each: Int, prefix: String) async throws -> [String] {
    try await withThrowingTaskGroup(of: [String].self) { group in
        for w in 0..<writers {
            group.addTask {
                var ids: [String] = []
                for k in 0..<each {
                    let id = "\(prefix)\(w)-\(k)"
                    if try plingsProcess(["create", id, "Writer \(w) thing \(k)"], log: log).status == 0 {
                        ids.append(id)
                    }
                }
                return ids
            }
        }
        var all: [String] = []
        for try await ids in group { all += ids }
        return all
    }
}

/// The Saltsjön log as `plings` writes it (in English, a command a call), made once per test run:
/// tests of one command against it start from a copy of its bytes instead of writing it again.
let saltsjonLog: [UInt8] = {
    let dir = TemporaryDirectory()
    let log = dir.file("plings.jsonl")
    for a in Saltsjon.cliArguments { _ = plings(a, log: log, env: ["PLINGS_LANG": "en"]) }
    return fileBytes(log)
}()

/// Writes the Saltsjön log to `log` and checks that it is whole (every line read, none torn).
func writeSaltsjonLog(to log: String) throws {
    let checked = try ChainChecker.checkAll(saltsjonLog)
    #expect(checked.torn == nil && checked.lines.count == 11, "the Saltsjön log: \(checked.lines.count) lines")
    writeBytes(saltsjonLog, to: log)
}
