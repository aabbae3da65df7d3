import Foundation
import PlingsTestSupport
import Testing

@testable import PlingsKit

#if canImport(Glibc)
    import Glibc
#endif

/// The cache folder is opened once and worked in by its descriptor: exchanging the folder's name
/// for a symbolic link while Plings writes in it never puts a file in the link's target
/// (issue 20, item 12).
@Suite("Cache folder exchanged for a link while in use")
struct CacheExchangeTests {
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
        func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }
    }

    @Test("writes, scratch files and removals while the folder and a link keep trading places land in the folder only")
    func exchangedWhileWriting() throws {
        let dir = TemporaryDirectory()
        let log = dir.file("plings.jsonl")
        let target = dir.file("elsewhere")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        let folder = CacheFolder(logPath: log)
        try folder.ensure()
        let (path, aside) = (folder.path, dir.file("aside"))
        let stop = Flag()
        let done = Flag()
        let swaps = Counter()
        // The folder steps aside and a link to `target` takes its name, then the folder comes back.
        let swapper = Thread {
            while !stop.isSet {
                _ = rename(path, aside)
                _ = symlink(target, path)
                _ = unlink(path)
                _ = rename(aside, path)
                swaps.increment()
            }
            done.set()
        }
        swapper.start()
        // Rounds counted, not timed: a loaded machine runs the two threads as slowly as it must,
        // and the writes go on until the swapper has traded places as many times as they ran.
        var writes = 0
        while writes < Self.rounds || swaps.value < Self.rounds {
            try? folder.writeAtomically("identity", Array("record \(writes)".utf8), durable: false)
            if let fd = try? folder.scratchFile(for: "timeline") { fd.close() }
            _ = folder.overwriteInPlace("identity", Array("again".utf8))
            folder.sweepTemporaryFiles()
            writes += 1
        }
        stop.set()
        while !done.isSet { usleep(1000) }
        let planted = try FileManager.default.contentsOfDirectory(atPath: target)
        #expect(
            planted.isEmpty, "\(planted.count) files written through the link in \(writes) rounds: \(planted.prefix(3))"
        )
        #expect(writes >= Self.rounds && swaps.value >= Self.rounds)
    }

    /// Rounds of writes, and of the folder and the link trading places, at the least.
    static let rounds = 400
}
