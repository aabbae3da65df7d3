import PlingsPlatform

/// Where a log's lines start. A log starts from the empty world before seq 1;
/// a shallow device's mirror starts from its base, `<log>.base` beside it:
/// the hub's published snapshot it was cloned from, byte for byte as the hub
/// served it, the world at the hub's line #N. The mirror holds the hub's
/// lines after #N, the first chained to the base's hash, each checked as in
/// a full mirror. On a shallow device the base is part of the truth, not a
/// cache: it is never rewritten, and a damaged base stops every reader.
///
/// Every reader that walks a log from its start (replay, the chain check,
/// verify, rebuild, the log view) starts here.
package struct LogBase: Sendable {
    /// The world at the base.
    package var state: WorldState
    /// The base's line in the hub's log: its offset there, seq, time and hash.
    package var hubCursor: LogCursor

    /// Where reading the mirror starts: its first byte, after the base's seq, time and hash.
    package var cursor: LogCursor { Self.start(after: hubCursor) }

    /// The base's path for the log at `logPath`.
    package static func path(forLog logPath: String) -> String { logPath + ".base" }

    /// The start of a mirror whose base is the hub's line `hub`.
    package static func start(after hub: LogCursor) -> LogCursor {
        LogCursor(offset: 0, lines: 0, lastSeq: hub.lastSeq, lastAt: hub.lastAt, lastHash: hub.lastHash)
    }

    /// Whether the log at `logPath` has a base: a device's mirror with `<log>.base` beside it
    /// (a base beside a log that is not a device counts for nothing).
    package static func exists(forLog logPath: String) -> Bool {
        DeviceMark.isMirror(logPath: logPath) && SideFile(path(forLog: logPath), log: logPath).exists
    }

    /// The bytes of the base, nil for a log without one.
    private static func bytes(forLog logPath: String) throws(LogError) -> [UInt8]? {
        guard exists(forLog: logPath) else { return nil }
        let file = path(forLog: logPath)
        guard let bytes = try SideFile(file, log: logPath).read() else { throw .damagedBase(path: file) }
        return bytes
    }

    /// The base's line in the hub's log, every checksum of the base checked
    /// (the world it holds is not read); nil for a log without a base.
    /// - Throws: `LogError.damagedBase` when the base does not check out.
    package static func hubCursor(forLog logPath: String) throws(LogError) -> LogCursor? {
        guard let bytes = try bytes(forLog: logPath) else { return nil }
        guard let cursor = PublishedSnapshot.intactCursor(bytes) else { throw unreadable(bytes, forLog: logPath) }
        return cursor
    }

    /// Why a base's bytes do not read: in a snapshot format this build does not read
    /// (`LogError.baseFormat`: an older one after an upgrade, or a newer one), else damaged.
    static func unreadable(_ bytes: [UInt8], forLog logPath: String) -> LogError {
        let file = path(forLog: logPath)
        guard let version = PublishedSnapshot.formatVersion(bytes), !Snapshot.publishedVersions.contains(version)
        else { return .damagedBase(path: file) }
        return .baseFormat(path: file, version: Int(version), newest: Int(Snapshot.formatVersion))
    }

    /// The base a published snapshot's bytes hold, read whole and checked (every checksum, the
    /// world at the line it names), as `load` reads a base; nil when they do not check out.
    package static func decode(_ bytes: [UInt8]) -> LogBase? {
        guard let snapshot = PublishedSnapshot.snapshot(bytes), snapshot.cursor.lastSeq == snapshot.state.lastSeq else {
            return nil
        }
        return LogBase(state: snapshot.state, hubCursor: snapshot.cursor)
    }

    /// The base, read whole and checked; nil for a log without one.
    /// - Throws: `LogError.damagedBase` when it does not check out; `LogError.baseFormat` when it is in
    ///   a snapshot format this build does not read.
    package static func load(forLog logPath: String) throws(LogError) -> LogBase? {
        guard let bytes = try bytes(forLog: logPath) else { return nil }
        guard let base = decode(bytes) else { throw unreadable(bytes, forLog: logPath) }
        return base
    }

    /// The world and the cursor reading the log at `logPath` starts from: the empty world and the
    /// file's start, or on a shallow device the base's world and its cursor.
    /// - Throws: `LogError.damagedBase`.
    package static func start(forLog logPath: String) throws(LogError) -> (state: WorldState, cursor: LogCursor) {
        guard let base = try load(forLog: logPath) else { return (WorldState(), LogCursor()) }
        return (base.state, base.cursor)
    }

    /// The cursor reading the log at `logPath` starts from (the world is not read).
    /// - Throws: `LogError.damagedBase`.
    package static func startCursor(forLog logPath: String) throws(LogError) -> LogCursor {
        try hubCursor(forLog: logPath).map(start(after:)) ?? LogCursor()
    }

    /// Refuses a point before the base of the log at `logPath`: a seq before
    /// its seq, or a time before its line's time. The point at the base itself is its world.
    /// - Throws: `LogError.beforeBase` with the base's seq; `LogError.damagedBase`.
    package static func check(_ limit: ReplayLimit?, forLog logPath: String) throws(LogError) {
        guard let limit, exists(forLog: logPath), let hub = try hubCursor(forLog: logPath) else { return }
        switch limit {
        case .seq(let seq): if seq < hub.lastSeq { throw .beforeBase(seq: hub.lastSeq) }
        case .time(let time): if time < hub.lastAt { throw .beforeBase(seq: hub.lastSeq) }
        }
    }
}
