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
        case .exists: return self(.errExists)
        case .badDescriptor: return self(.errBadDescriptor)
        case .noDevice: return self(.errNoDevice)
        case .noSuchDevice: return self(.errNoSuchDevice)
        case .busy: return self(.errBusy)
        case .textBusy: return self(.errTextBusy)
        case .crossDevice: return self(.errCrossDevice)
        case .notEmpty: return self(.errNotEmpty)
        case .interrupted: return self(.errInterrupted)
        case .brokenPipe: return self(.errBrokenPipe)
        case .noMemory: return self(.errNoMemory)
        case .noLocks: return self(.errNoLocks)
        case .deadlock: return self(.errDeadlock)
        case .tooManyHardLinks: return self(.errTooManyHardLinks)
        case .overflow: return self(.errOverflow)
        case .notSeekable: return self(.errNotSeekable)
        case .noChild: return self(.errNoChild)
        case .noProcess: return self(.errNoProcess)
        case .argumentsTooLong: return self(.errArgumentsTooLong)
        case .notExecutable: return self(.errNotExecutable)
        case .outOfRange: return self(.errRange)
        case .notSupported, .operationNotSupported: return self(.errNotSupported)
        case .noAttribute: return self(.errNoAttribute)
        case .stale: return self(.errStale)
        case .notTerminal: return self(.errNotTerminal)
        case .timedOut: return self(.errTimedOut)
        case .notImplemented: return self(.errNotImplemented)
        default: return self(.errOther, ["code": String(code)])
        }
    }
}
