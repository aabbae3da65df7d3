import PlingsPlatform

/// What the system says about a log file, enough to tell that nothing but
/// Plings's own appends happened to it since: device, inode, size, and the
/// modification and change times (the change time cannot be set back by a
/// user, unlike the modification time). Like git's index.
package struct LogIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var changed: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The identity `fstat` or `stat` gave.
    package init(_ status: FileStatus) {
        self.init(
            device: status.device, inode: status.inode, size: status.size,
            modified: status.modificationNanoseconds, changed: status.changeNanoseconds)
    }

    /// One line of text: `plings-identity 1 DEV INO SIZE MTIME CTIME`.
    package var text: String { "plings-identity 1 \(device) \(inode) \(size) \(modified) \(changed)\n" }

    /// Parses `text`; nil when it is not exactly that form.
    package init?(text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 7, parts[0] == "plings-identity", parts[1] == "1", text.hasSuffix("\n"),
            let d = UInt64(parts[2]), let i = UInt64(parts[3]), let s = Int64(parts[4]), let m = Int64(parts[5]),
            let c = Int64(parts[6].dropLast())
        else { return nil }
        self.init(device: d, inode: i, size: s, modified: m, changed: c)
    }
}
