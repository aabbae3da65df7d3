import PlingsDomain

/// What can go wrong reading or writing a log file: a value that names
/// where (file, line, byte offset) and what; the catalog (PlingsText) words it.
public enum LogError: Error, Sendable, Hashable {
    /// A system call failed.
    case io(path: String, operation: FileOperation, errno: Int32)
    /// A line could not be read.
    case damaged(path: String, line: Int, offset: Int64, problem: LineProblem)
    /// A line's seq is not the previous line's plus one.
    case seqOutOfOrder(path: String, line: Int, offset: Int64, expected: Int64, found: Int64)
    /// A line's `prev` is not the previous line's hash.
    case chainBroken(path: String, line: Int, offset: Int64, seq: Int64)
    /// A line's bytes do not hash to its `hash` member (checked by verify).
    case hashMismatch(path: String, line: Int, offset: Int64, seq: Int64)
    /// A line's time is earlier than the previous line's.
    case timeWentBack(path: String, line: Int, offset: Int64, seq: Int64)
    /// An append expected another last seq (optimistic concurrency).
    case conflict(expected: Int64, actual: Int64)
    /// The file is shorter than what was already read from it: it was cut or replaced.
    case shrunk(path: String, size: Int64, read: Int64)
    /// The file can be read but not written.
    case readOnly(path: String)
    /// The file is not a Plings log: it is never written.
    case notALog(path: String)
    /// The path names another file than the one read before.
    case replaced(path: String)
    /// A file beside the log (its quarantine, a device's queue or settings) is
    /// not a regular file: a symbolic link, a FIFO, a device or a folder. It is never opened through.
    case notRegular(path: String)
    /// The log is a device's mirror of a hub: it takes only the hub's lines
    /// (the device's sync appends them); commands are queued on the device or run on the hub.
    case mirror(path: String)
    /// An event would be a line longer than a reader takes (`LineFormat.maxLineBytes`, its length in
    /// bytes): the encoder never writes a line the reader refuses, so nothing of its batch was written.
    case lineTooLong(seq: Int64, bytes: Int)
    /// A point before the first line a shallow device's mirror holds was asked for: its copy begins
    /// at the hub's snapshot of #`seq` (its base); earlier points are the hub's to answer.
    case beforeBase(seq: Int64)
    /// A shallow device's base (the hub's snapshot its mirror starts from, at `path`) is missing or does not check out.
    case damagedBase(path: String)
    /// A shallow device's base (at `path`) is in snapshot format `version`, which this build does not
    /// read: an older one (written before an upgrade that changed the format; clone the hub again)
    /// or a newer one than `newest`, the newest this build reads (upgrade Plings).
    case baseFormat(path: String, version: Int, newest: Int)
    /// The cache folder beside the log (`path`) cannot be written for what it is, not for a
    /// system call that failed: a symbolic link, not a folder, another user's, or writable by others.
    case cacheFolder(path: String, flaw: CacheFolderFlaw)
    /// A folder sits at the name of a cache file (`path`) inside the cache folder: Plings never
    /// makes one there, so it is someone's, and it is left as it is; that cache is not written.
    case cacheNameTaken(path: String)

    /// Where the problem is, for `verify --json`.
    public var location: (line: Int, offset: Int64)? {
        switch self {
        case .damaged(_, let line, let offset, _), .seqOutOfOrder(_, let line, let offset, _, _),
            .chainBroken(_, let line, let offset, _), .hashMismatch(_, let line, let offset, _),
            .timeWentBack(_, let line, let offset, _):
            return (line, offset)
        case .io, .conflict, .shrunk, .readOnly, .notALog, .replaced, .notRegular, .mirror, .lineTooLong, .beforeBase,
            .damagedBase, .baseFormat, .cacheFolder, .cacheNameTaken:
            return nil
        }
    }
}

/// What makes a log's cache folder one Plings does not use (`LogError.cacheFolder`).
public enum CacheFolderFlaw: Sendable, Hashable {
    /// It is a symbolic link.
    case link
    /// It is not a folder.
    case notFolder
    /// It belongs to another user.
    case notOwned
    /// Others may write to it.
    case writableByOthers
}

/// What was being done to a file when a system call failed (`LogError.io`).
public enum FileOperation: Sendable, Hashable, CaseIterable {
    /// Opening the file.
    case opening
    /// Creating the file.
    case creating
    /// Reading from it.
    case reading
    /// Writing to it.
    case writing
    /// Syncing it to disk.
    case syncing
    /// Taking its lock.
    case locking
    /// Renaming a finished temporary file into the cache folder.
    case renamingInto
    /// Renaming a finished temporary file onto this path (replacing it).
    case renamingOnto
    /// Creating the cache folder.
    case creatingFolder
    /// Using the cache folder (it cannot be written).
    case usingCacheFolder
    /// Cutting a torn last line off the log (after keeping it in the quarantine file).
    case cuttingTornTail
    /// Reading the file's size and identity.
    case readingSize
    /// Opening the folder that holds the file.
    case openingDirectory
    /// Syncing that folder, so a new file's name is durable.
    case syncingDirectory
}
