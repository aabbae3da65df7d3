import PlingsKit
import PlingsPlatform

/// The hub's published snapshot as it arrives over the web for a shallow clone, written to a
/// file of ours beside the log (`<log>.base.tmp`, the name an atomic replace of the base uses,
/// made with `O_EXCL` and the log's permissions) instead of gathered in memory, so a hub that
/// sends without end costs a bounded file and a fixed buffer, never the device's memory.
///
/// It takes at most `limit` bytes (`SyncProtocol.maxSnapshotBytes`), and no more than the
/// snapshot's sealed header says the file has: a stream that does not begin with such a header
/// is refused as soon as its first bytes are in. Once it is whole it is read back and checked
/// as before; `keep` renames it over the base, and `discard` removes it, on every other way
/// out. A download stopped by a crash leaves the file under its name, which nothing reads: the
/// next clone into the path removes it before it begins.
final class SnapshotDownload {
    /// The download's path: `<log>.base.tmp`.
    let path: String
    private let logPath: String
    /// The most bytes it takes.
    let limit: Int
    private var file: FileDescriptor?
    /// The first bytes, until the header can be judged.
    private var prefix: [UInt8] = []
    /// The most bytes the file can have, by its header and the limit, once the header is judged.
    private var bound: Int?
    /// Bytes taken so far.
    private(set) var count = 0

    /// Starts a download beside the log at `logPath`, removing a leftover of a stopped one.
    /// - Throws: `SyncError.store` when the file cannot be made.
    init(logPath: String, limit: Int = SyncProtocol.maxSnapshotBytes) throws(SyncError) {
        self.logPath = logPath
        self.limit = limit
        path = Self.path(forLog: logPath)
        // A leftover holds nothing of value (unlink removes a link itself, never its target).
        try? Platform.remove(path)
        let path = self.path
        do throws(LogError) {
            file = try LogError.io(path, .creating) { () throws(SystemErrno) in
                try Platform.open(
                    path, .writeOnly, [.create, .exclusive, .noFollow],
                    permissions: SideFile.permissions(forLog: logPath))
            }
        } catch {
            throw .store(.log(error))
        }
    }

    deinit { discard() }

    /// The download's path beside the log at `logPath`.
    static func path(forLog logPath: String) -> String { LogBase.path(forLog: logPath) + ".tmp" }

    /// Takes the next piece of the snapshot.
    /// - Throws: `SyncError.snapshotTooLarge` past the limit (or a header that names more);
    ///   `SyncError.snapshotDamaged` for a stream that does not begin with a snapshot's header,
    ///   or goes on past the size its header names; `SyncError.store` when writing fails.
    func take(_ piece: UnsafeRawBufferPointer) throws(SyncError) {
        guard let file else { throw .protocolViolation(.snapshotAfterRefusal) }
        guard piece.count <= limit - count else { throw .snapshotTooLarge(limit: limit) }
        count += piece.count
        if bound == nil {
            prefix.append(contentsOf: piece.prefix(PublishedSnapshot.sealBytes - prefix.count))
            if prefix.count == PublishedSnapshot.sealBytes { try judgeHeader() }
        }
        if let bound, count > bound {
            throw .snapshotDamaged
        }
        let path = self.path
        do throws(LogError) {
            try LogError.io(path, .writing) { () throws(SystemErrno) in try file.writeAll(piece) }
        } catch {
            throw .store(.log(error))
        }
    }

    /// Sets the bound by the header in `prefix`.
    private func judgeHeader() throws(SyncError) {
        guard let size = PublishedSnapshot.sizeBound(prefix: prefix) else {
            throw .snapshotDamaged
        }
        guard size <= limit else { throw .snapshotTooLarge(limit: limit) }
        bound = size
        prefix = []
    }

    /// The whole snapshot, synced to its file and read back from it to be checked.
    /// - Throws: `SyncError.snapshotDamaged` when it is too short to be a snapshot; `SyncError.store`.
    func finish() throws(SyncError) -> [UInt8] {
        guard let file else { throw .protocolViolation(.snapshotAfterRefusal) }
        if bound == nil { try judgeHeader() }
        let (path, count) = (self.path, self.count)
        do throws(LogError) {
            try LogError.io(path, .syncing) { () throws(SystemErrno) in try file.sync() }
            guard let reader = try SideFile(path, log: logPath).open(.readOnly) else {
                throw LogError.io(path: path, operation: .opening, .noSuchFile)
            }
            return try reader.closeAfter { () throws(LogError) in
                try LogError.io(path, .reading) { () throws(SystemErrno) in try reader.pread(count: count, at: 0) }
            }
        } catch {
            throw .store(.log(error))
        }
    }

    /// Renames the finished download over `target` (the base) and syncs the folder.
    func keep(as target: String) throws(SyncError) {
        file?.close()
        file = nil
        let path = self.path
        do throws(LogError) {
            try LogError.io(target, .renamingOnto) { () throws(SystemErrno) in try Platform.rename(path, to: target) }
            try SideFile.syncDirectory(containing: target)
        } catch {
            try? Platform.remove(path)
            throw .store(.log(error))
        }
    }

    /// Closes and removes the download (nothing when it was kept or discarded already).
    func discard() {
        guard let file else { return }
        file.close()
        self.file = nil
        try? Platform.remove(path)
    }
}
