import PlingsPlatform
import PlingsTestSupport
import Testing

@Suite("The platform layer: threads, conditions and temporary directories")
struct PlatformThreadTests {
    let dir = TemporaryDirectory()

    /// A counter handed back and forth between two threads under one condition.
    final class PingPong: @unchecked Sendable {
        let condition = Platform.Condition()
        var turn = 0
    }

    @Test("two threads take turns under a condition, and join sees the other thread's last write")
    func pingPong() throws {
        let shared = PingPong()
        let rounds = 1000
        let thread = try #require(
            Platform.startThread {
                for _ in 0..<rounds {
                    shared.condition.withLock {
                        while shared.turn % 2 == 0 { shared.condition.wait() }
                        shared.turn += 1
                        shared.condition.broadcast()
                    }
                }
            })
        for _ in 0..<rounds {
            shared.condition.withLock {
                while shared.turn % 2 == 1 { shared.condition.wait() }
                shared.turn += 1
                shared.condition.broadcast()
            }
        }
        thread.join()
        #expect(shared.condition.withLock { shared.turn } == 2 * rounds)
    }

    @Test("mkdtemp makes a fresh directory each time; exists sees it and not a missing name")
    func temporaryDirectory() throws {
        let a = try Platform.makeTemporaryDirectory(dir.file("t-XXXXXX"))
        let b = try Platform.makeTemporaryDirectory(dir.file("t-XXXXXX"))
        #expect(a != b)
        #expect(try Platform.status(a).kind == .directory)
        #expect(Platform.exists(a))
        #expect(!Platform.exists(dir.file("missing")))
        #expect(throws: SystemErrno.invalidArgument) { try Platform.makeTemporaryDirectory(dir.file("no-template")) }
    }

    @Test("the host name, load averages and children's CPU time are answered")
    func processFacts() {
        #expect(Platform.hostName() != nil)
        #expect(Platform.loadAverages()?.count == 3)
        #expect(Platform.childrenCPUSeconds() >= 0)
    }
}
