import PlingsPlatform

/// The log's identity record as one store rewrites it after each of its
/// appends: the record file is opened and checked once (a regular file of the
/// user's, one link, in a usable cache folder: `CacheFolder.openOwnFile`) and
/// kept open, so an append costs one `fstat` and one `pwrite` instead of a
/// look at the folder, an open and a close. Each rewrite checks again that the
/// file is still the user's and still the one file of its name (a file
/// renamed over or removed has no link left); otherwise it is let go and the
/// record written by name as before (`LogIdentityRecord.write`).
final class IdentityRecordWriter {
    private let record: LogIdentityRecord
    private var open: FileDescriptor?
    /// The user the file was found to belong to when it was opened.
    private var user: UInt32 = 0

    init(logPath: String) {
        record = LogIdentityRecord(logPath: logPath)
    }

    deinit { open?.close() }

    /// Records `identity`; a failure only costs a full check next time (see `LogIdentityRecord`).
    func write(_ identity: LogIdentity) {
        let bytes = Array(identity.text.utf8)
        if let fd = open {
            if let status = try? fd.status(), CacheFolder.isOwn(status, user: user),
                CacheFolder.overwrite(fd, size: status.size, with: bytes)
            {
                return
            }
            fd.close()
            open = nil
        }
        record.write(identity)
        if let (fd, status) = record.folder.openOwnFile("identity") { (open, user) = (fd, status.userID) }
    }
}
