import Foundation
import PlingsCLI
import PlingsKit
import PlingsTestSupport
import Testing

@Suite("Live updates across processes")
struct LiveCLITests {
    let dir = TemporaryDirectory()

    @Test("an app's LiveStore, shared by tasks, sees another process's appends through its event stream")
    func anotherProcess() async throws {
        let path = dir.file("shared.jsonl")
        let live = try LiveStore(path: path)
        try await live.execute(.create(oid("app"), name: "Från appen"))
        let start = await live.cursor
        let reader = Task {
            var names: [String] = []
            for try await event in live.events(after: start, every: .milliseconds(5)) {
                if case .created(_, let name) = event.payload { names.append(name) }
                if names.count == 2 { break }
            }
            return names
        }
        #expect(try plingsProcess(["create", "cli1", "Från terminalen"], log: path).status == 0)
        try await live.execute(.create(oid("app2"), name: "Också från appen"))
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(120))
            reader.cancel()
        }
        let names = try await reader.value
        watchdog.cancel()
        #expect(names == ["Från terminalen", "Också från appen"])
        #expect(try await live.refresh().registry.count == 3)
    }
}

@Suite("plings log --follow")
struct FollowCLITests {
    let dir = TemporaryDirectory()

    @Test("--follow --json prints the stored lines, then each line another process appends, byte for byte")
    func followJSON() throws {
        let log = dir.file("follow.jsonl")
        for a in Saltsjon.cliArguments.prefix(2) { #expect(plings(a, log: log).status == 0) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: plingsBinary)
        process.arguments = ["log", "--follow", "--json", "--log", log]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        defer {
            // SIGKILL: the test runner's blocked signal mask is inherited, so SIGTERM would wait.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(plings(["create", "late", "Sen"], log: log).status == 0)
        let expected = fileBytes(log)
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(120)
        while received.count < expected.count && Date() < deadline {
            received += out.fileHandleForReading.availableData
        }
        #expect(received == expected)
    }

    @Test("--follow with --to stops once the log has passed that point")
    func followUntil() {
        let log = dir.file("until.jsonl")
        for a in Saltsjon.cliArguments { #expect(plings(a, log: log).status == 0) }
        let run = plings(["log", "--follow", "--to", "3", "--json"], log: log)
        #expect(run.status == ExitStatus.ok)
        let lines = fileBytes(log).split(separator: 0x0A).prefix(3).map { String(decoding: $0, as: UTF8.self) + "\n" }
        #expect(run.out == lines.joined())
    }
}
