/// What `stat`, `lstat` or `fstat` says about a file, in the fields the package uses.
package struct FileStatus: Hashable, Sendable {
    /// The device the file is on.
    package var device: UInt64
    /// The file's inode number on that device.
    package var inode: UInt64
    /// The size in bytes.
    package var size: Int64
    /// The last modification time, in nanoseconds since 1970.
    package var modificationNanoseconds: Int64
    /// The last status change time (`ctime`: contents, owner, mode or links), in nanoseconds since 1970.
    package var changeNanoseconds: Int64
    /// The owner's user id.
    package var userID: UInt32
    /// The owning group's id.
    package var groupID: UInt32
    /// The type and permission bits (`st_mode`).
    package var mode: UInt32
    /// How many names (hard links) the file has.
    package var linkCount: UInt64

    /// The file-type bits of `mode`.
    package var kind: Kind {
        switch mode & 0o170000 {
        case 0o100000: .regular
        case 0o040000: .directory
        case 0o120000: .symbolicLink
        default: .other
        }
    }

    /// Whether `other` describes the same file (same device and inode).
    package func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// The type of a file.
    package enum Kind: Sendable {
        case regular, directory, symbolicLink, other
    }
}
