import Foundation
import PlingsKit
import PlingsPlatform

/// A program run to completion: its wall time, the CPU time it used, and its output.
struct ProcessRun {
    var seconds: Double
    var cpuSeconds: Double
    var output: String
    var status: Int32
}

/// Runs `program` with `arguments` (searched in PATH when not a path), nil when it cannot start.
func runProcess(_ program: String, _ arguments: [String], environment: [String: String]? = nil) -> ProcessRun? {
    let child = Process()
    if program.contains("/") {
        child.executableURL = URL(fileURLWithPath: program)
        child.arguments = arguments
    } else {
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = [program] + arguments
    }
    if let environment { child.environment = environment }
    let pipe = Pipe()
    child.standardOutput = pipe
    child.standardError = FileHandle.nullDevice
    let before = Platform.childrenCPUSeconds()
    let t0 = Monotonic.seconds()
    guard (try? child.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let seconds = Monotonic.seconds() - t0
    let after = Platform.childrenCPUSeconds()
    return ProcessRun(seconds: seconds, cpuSeconds: after - before, output: output, status: child.terminationStatus)
}

/// The best of `runs` runs of a program (the least disturbed by other load).
func bestRun(_ runs: Int, _ program: String, _ arguments: [String], environment: [String: String]? = nil)
    -> ProcessRun?
{
    var best: ProcessRun?
    for _ in 0..<max(1, runs) {
        guard let run = runProcess(program, arguments, environment: environment), run.status == 0 else { return nil }
        if best.map({ run.seconds < $0.seconds }) ?? true { best = run }
    }
    return best
}

/// The Python peers: a pysimdjson parse of every line, and hashlib's SHA-256 of every line's body.
enum PythonPeer {
    static let parse = """
        import sys, simdjson
        parser = simdjson.Parser()
        n = 0
        with open(sys.argv[1], 'rb') as f:
            for line in f:
                parser.parse(line)
                n += 1
        print(n)
        """

    static let hashLines = """
        import sys, hashlib
        bad = 0
        with open(sys.argv[1], 'rb') as f:
            for line in f:
                line = line.rstrip(b'\\n')
                if hashlib.sha256(line[:-75]).hexdigest().encode() != line[-73:-9]:
                    bad += 1
        print(bad)
        """

    /// Whether `python` can import pysimdjson.
    static func hasSimdjson(_ python: String) -> Bool {
        runProcess(python, ["-c", "import simdjson"])?.status == 0
    }
}

/// The rows measured in fresh processes beside their peers: `plings card`
/// without a cache, `plings verify`, openssl, Python.
func peerRows(log: String, plings: String, python: String, runs: Int, report: (String, Double) -> Void) -> [String] {
    var notes: [String] = []
    let environment = ["PLINGS_LANG": "en", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
    let object = SyntheticLog.code(0)
    if let card = bestRun(runs, plings, ["card", object, "--log", log], environment: environment) {
        report("cardNoCacheSeconds", card.seconds)
        report("cardNoCacheCPUSeconds", card.cpuSeconds)
    } else {
        notes.append("plings card: could not run \(plings)")
    }
    if let verify = bestRun(runs, plings, ["verify", "--log", log], environment: environment) {
        report("verifySeconds", verify.seconds)
        report("verifyCPUSeconds", verify.cpuSeconds)
    }
    if let openssl = bestRun(runs, "openssl", ["dgst", "-sha256", log]) {
        report("opensslSeconds", openssl.seconds)
        report("opensslCPUSeconds", openssl.cpuSeconds)
    } else {
        notes.append("openssl: not found; its row is skipped")
    }
    if PythonPeer.hasSimdjson(python) {
        if let parse = bestRun(runs, python, ["-c", PythonPeer.parse, log]) {
            report("pysimdjsonSeconds", parse.seconds)
            report("pysimdjsonCPUSeconds", parse.cpuSeconds)
        }
    } else {
        notes.append(
            "pysimdjson: not importable by '\(python)'; its row is skipped (python3 -m venv V && V/bin/pip install pysimdjson, then --python V/bin/python)"
        )
    }
    if let hashes = bestRun(1, python, ["-c", PythonPeer.hashLines, log]) {
        report("pythonHashlibSeconds", hashes.seconds)
    }
    return notes
}
