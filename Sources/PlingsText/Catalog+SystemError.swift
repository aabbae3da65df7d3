import PlingsPlatform

extension Catalog {
    /// A system error in this catalog's language ("permission denied", "åtkomst nekad"),
    /// never the C library's text, so one message stays in one language.
    public func systemError(_ code: Int32) -> String {
        switch SystemErrno(code) {
        case .noSuchFile: return self(.errNoEntry)
        case .accessDenied: return self(.errAccess)
        case .notPermitted: return self(.errNotPermitted)
        case .isDirectory: return self(.errIsDirectory)
        case .notDirectory: return self(.errNotDirectory)
        case .noSpace: return self(.errNoSpace)
        case .readOnlyFileSystem: return self(.errReadOnly)
        case .ioError: return self(.errIO)
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem: return self(.errTooManyFiles)
        case .nameTooLong: return self(.errNameTooLong)
        case .tooManyLinks: return self(.errLoop)
        case .quotaExceeded: return self(.errQuota)
        case .fileTooLarge: return self(.errFileTooBig)
        case .tryAgain, .wouldBlock: return self(.errAgain)
        case .invalidArgument: return self(.errInvalid)
        default: return self(.errOther, ["code": String(code)])
        }
    }
}
