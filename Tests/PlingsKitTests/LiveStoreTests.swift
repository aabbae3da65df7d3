import PlingsKit
import PlingsTestSupport
import Testing

/// Waits for `task` at most `seconds`; nil when it did not finish in time (the task is then cancelled).
func value<T: Sendable>(of task: Task<T, any Error>, within seconds: Double) async throws -> T? {
    let watchdog = Task {
        try? await Task.sleep(for: .seconds(seconds))
        task.cancel()
    }
    defer { watchdog.cancel() }
    let result = try await task.value
    return task.isCancelled ? nil : result
}

@Suite("LiveStore and EventStream: one store shared by tasks, events as they are appended")
struct LiveStoreTests {
    let dir = TemporaryDirectory()

    @Test("tasks appending through one LiveStore at once: every command once, seqs gapless, state as replayed")
    func concurrentTasks() async throws {
        let path = dir.file("live.jsonl")
        let live = try LiveStore(path: path)
        let (tasks, each) = (8, 25)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for t in 0..<tasks {
                group.addTask {
                    for k in 0..<each { try await live.execute(.create(oid("t\(t)-\(k)"), name: "Sak \(k)")) }
                }
            }
            try await group.waitForAll()
        }
        let lines = try ChainChecker.checkAll(fileBytes(path)).lines
        #expect(lines.map(\.event.seq) == Array(1...Int64(tasks * each)))
        #expect(Set(lines.map { $0.event.payload.object }).count == tasks * each)
        #expect(await live.cursor.lastSeq == Int64(tasks * each))
        #expect(try Store(path: path, useSnapshots: false).state == (await live.state))
    }

    @Test("the stream yields the events already in the log, then another store's appends as they land")
    func followsAnotherWriter() async throws {
        let path = dir.file("follow.jsonl")
        let live = try LiveStore(path: path)
        try await live.execute(.create(oid("first"), name: "Först"))
        let expected = 1 + Saltsjon.commands.count
        let reader = Task {
            var seen: [Int64] = []
            for try await event in live.events(every: .milliseconds(5)) {
                seen.append(event.seq)
                if seen.count == expected { break }
            }
            return seen
        }
        let other = try Store(path: path)
        for command in Saltsjon.commands {
            try other.execute(command, actor: "other")
            try await Task.sleep(for: .milliseconds(2))
        }
        let seen = try await value(of: reader, within: 120)
        #expect(seen == Array(1...Int64(expected)))
        #expect(try await live.refresh() == other.state)
    }

    @Test("a stream started at a cursor skips what came before it; cancelling its task ends it")
    func startAndCancel() async throws {
        let path = dir.file("cursor.jsonl")
        let store = try Store(path: path)
        for command in Saltsjon.commands { try store.execute(command) }
        let start = store.cursor
        // Each seq the reader sees is passed on as it comes, so that the test waits for the
        // event itself (a loaded machine may take seconds to run the reader), not for a time.
        let (yielded, seen) = AsyncStream.makeStream(of: Int64.self)
        let reader = Task {
            var all: [Int64] = []
            for try await event in EventStream(path: path, after: start, every: .milliseconds(5)) {
                all.append(event.seq)
                seen.yield(event.seq)
            }
            return all
        }
        try store.execute(.create(oid("late"), name: "Sen"))
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(120))
            seen.finish()
        }
        var first = yielded.makeAsyncIterator()
        let firstSeen = await first.next()
        watchdog.cancel()
        #expect(firstSeen == start.lastSeq + 1, "the reader saw nothing in 120 s, or an event before its cursor")
        reader.cancel()
        #expect(try await reader.value == [start.lastSeq + 1])
    }

    @Test("a stream over a log that does not exist yet waits for it")
    func missingLog() async throws {
        let path = dir.file("later.jsonl")
        let reader = Task {
            for try await event in EventStream(path: path, every: .milliseconds(5)) { return event.seq }
            return Int64(-1)
        }
        try await Task.sleep(for: .milliseconds(30))
        try Store(path: path).execute(.create(oid("a"), name: "A"))
        #expect(try await value(of: reader, within: 120) == 1)
    }
}
