#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Catalog {
    /// A system error in this catalog's language ("permission denied", "åtkomst nekad"),
    /// never the C library's text, so one message stays in one language.
    public func systemError(_ code: Int32) -> String {
        switch code {
        case ENOENT: return self(.errNoEntry)
        case EACCES: return self(.errAccess)
        case EPERM: return self(.errNotPermitted)
        case EISDIR: return self(.errIsDirectory)
        case ENOTDIR: return self(.errNotDirectory)
        case ENOSPC: return self(.errNoSpace)
        case EROFS: return self(.errReadOnly)
        case EIO: return self(.errIO)
        case EMFILE, ENFILE: return self(.errTooManyFiles)
        case ENAMETOOLONG: return self(.errNameTooLong)
        case ELOOP: return self(.errLoop)
        case EDQUOT: return self(.errQuota)
        case EFBIG: return self(.errFileTooBig)
        case EAGAIN, EWOULDBLOCK: return self(.errAgain)
        case EINVAL: return self(.errInvalid)
        default: return self(.errOther, ["code": String(code)])
        }
    }

    /// An operation as `LogError.io` names it ("opening"), as a verb for "cannot … 'path'".
    public func operation(_ name: String) -> String {
        let keys: [String: MessageKey] = [
            "opening": .opOpen, "creating": .opCreate, "reading": .opRead, "writing": .opWrite,
            "syncing": .opSync, "locking": .opLock, "renaming into": .opRename,
            "creating the folder": .opCreateFolder, "cutting the torn tail of": .opCutTail,
            "reading the size of": .opSize, "opening the directory": .opOpenDirectory,
            "syncing the directory": .opSyncDirectory, "rebuilding": .opRebuild,
        ]
        return self(keys[name] ?? .opUse)
    }
}
