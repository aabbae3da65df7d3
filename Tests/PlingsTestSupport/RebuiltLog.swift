import Foundation
import PlingsKit

/// A log written and rebuilt once, held as bytes (the log and every file of its
/// cache folder) with its state by a replay without any cache, and written out
/// again into a test's own folder as often as asked: a suite whose tests each
/// ask the same generated log pays for its writing, rebuild and debug replay
/// once (keep it in a `static let`), and each test still damages or appends to
/// its own copy.
public struct RebuiltLog: Sendable {
    /// The log's bytes.
    public let log: [UInt8]
    /// The files the rebuild left beside the log (the published snapshot, the cache folder's
    /// files), each as its path after the log's path, and its bytes.
    public let beside: [(suffix: String, bytes: [UInt8])]
    /// The state at the head, by a replay of the log without any cache.
    public let state: WorldState

    /// Writes a log with `write` (given the path to write to), rebuilds its cache and replays it.
    public init(writing write: (String) throws -> Void) throws {
        let dir = TemporaryDirectory()
        let path = dir.file("log.jsonl")
        try write(path)
        _ = try Rebuild(path: path).run(dryRun: false)
        log = fileBytes(path)
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        beside = files.sorted().filter { $0.hasPrefix("log.jsonl.") }.compactMap { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: dir.file(name), isDirectory: &isFolder)
            return isFolder.boolValue ? nil : (String(name.dropFirst("log.jsonl".count)), fileBytes(dir.file(name)))
        }
        state = try Timeline(path: path, useSnapshots: false).state().state
    }

    /// A generated log (`SyntheticLog`), rebuilt.
    public init(events: Int, objects: Int, seed: UInt64) throws {
        try self.init { path in _ = try SyntheticLog(events: events, objects: objects, seed: seed).write(to: path) }
    }

    /// Writes the log as `name` in `dir` with the files beside it, and returns its path. A copy
    /// is a new file: its first read checks every line, as for any log Plings did not
    /// append to, and records its identity, so the cache answers as the rebuild's did.
    public func copy(into dir: TemporaryDirectory, as name: String = "log.jsonl") throws -> String {
        let path = dir.file(name)
        writeBytes(log, to: path)
        for file in beside {
            let to = path + file.suffix
            try FileManager.default.createDirectory(
                atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            writeBytes(file.bytes, to: to)
        }
        _ = try Timeline(path: path).state()
        return path
    }

    /// The generated log (`SyntheticLog`) of `events`, `objects` and `seed`, rebuilt, shared by every test
    /// of the run that asks it (`shared`).
    public static func generated(events: Int, objects: Int, seed: UInt64) throws -> RebuiltLog {
        try shared("generated \(events) \(objects) \(seed)") {
            try RebuiltLog(events: events, objects: objects, seed: seed)
        }
    }
}

extension RebuiltLog {
    /// The log named `key`, made by `make` the first time any test of the run asks it (`Shared`).
    public static func shared(_ key: String, _ make: () throws -> RebuiltLog) throws -> RebuiltLog {
        try Shared.value("RebuiltLog " + key, make)
    }
}

/// Fixtures made once per test run: the first test to ask `key` makes its value (the
/// others asking it meanwhile wait for that one), every later ask gets the same.
/// Two different keys are made at once. A failure to make one is the answer to every ask.
public enum Shared {
    /// The value named `key`, made by `make` on the first ask.
    public static func value<T: Sendable>(_ key: String, _ make: () throws -> T) throws -> T {
        let slot = Slots.all.slot(key)
        return try slot.lock.withLock {
            if slot.made == nil { slot.made = Result { try make() as any Sendable } }
            guard let made = try slot.made?.get() as? T else { throw Mismatch(key: key) }
            return made
        }
    }

    /// A key asked for values of two types.
    struct Mismatch: Error { let key: String }
}

/// The values `Shared` made, each behind its own lock.
private final class Slots: @unchecked Sendable {
    static let all = Slots()

    final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var made: Result<any Sendable, any Error>?
    }

    private let lock = NSLock()
    private var slots: [String: Slot] = [:]

    func slot(_ key: String) -> Slot {
        lock.withLock {
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
    }
}
