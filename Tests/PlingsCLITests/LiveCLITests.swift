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
            try? await Task.sleep(for: .seconds(20))
            reader.cancel()
        }
        let names = try await reader.value
        watchdog.cancel()
        #expect(names == ["Från terminalen", "Också från appen"])
        #expect(try await live.refresh().registry.count == 3)
    }
}
