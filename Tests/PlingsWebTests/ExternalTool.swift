import Foundation

/// A program from the system (qrencode, zbarimg, chromium) that a test drives. Tests that need
/// one are skipped, visibly, where it is not installed; `scripts/install-test-tools.sh` installs
/// them and `.ci/run` calls it, so CI never skips.
struct ExternalTool: Sendable {
    let path: String

    /// The tool on `PATH` called `name`, or nil.
    static func find(_ name: String) -> ExternalTool? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(path: candidate) }
        }
        return nil
    }

    static let qrencode = find("qrencode")
    static let zbarimg = find("zbarimg")
    static let chromium = find("chromium") ?? find("chromium-browser") ?? find("google-chrome")

    struct Output {
        var status: Int32
        var out: Data
        var err: Data
        var text: String { String(decoding: out, as: UTF8.self) }
    }

    /// Runs the tool with `arguments` and waits for it, stopping it after `timeout` seconds.
    func run(_ arguments: [String], timeout: TimeInterval = 300) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stop = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: stop)
        defer { stop.cancel() }
        // Read both pipes while the tool runs, so a full pipe never stalls it.
        let errBox = DataBox()
        let errReader = Thread { errBox.data = errPipe.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errBox.done { usleep(1000) }
        return Output(status: process.terminationStatus, out: out, err: errBox.data)
    }
}

private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var finished = false
    var data: Data {
        get { lock.withLock { stored } }
        set {
            lock.withLock {
                stored = newValue; finished = true
            }
        }
    }
    var done: Bool { lock.withLock { finished } }
}

/// A temporary folder, removed when the test is done with it.
final class ScratchFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plings-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    deinit { try? FileManager.default.removeItem(at: url) }
}
