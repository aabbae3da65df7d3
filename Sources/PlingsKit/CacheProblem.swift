/// Why the cache folder beside a log is not used (everything still works, from the log alone,
/// only slower). Each holds the folder's path.
package enum CacheProblem: Sendable, Hashable {
    /// It is a symbolic link.
    case link(String)
    /// It is not a folder.
    case notFolder(String)
    /// It belongs to another user.
    case notOwned(String)
    /// Others may write to it.
    case writableByOthers(String)

    package var path: String {
        switch self {
        case .link(let p), .notFolder(let p), .notOwned(let p), .writableByOthers(let p): return p
        }
    }
}

extension CacheProblem {
    /// The problem `flaw` of the folder at `path`.
    init(path: String, flaw: CacheFolderFlaw) {
        switch flaw {
        case .link: self = .link(path)
        case .notFolder: self = .notFolder(path)
        case .notOwned: self = .notOwned(path)
        case .writableByOthers: self = .writableByOthers(path)
        }
    }

    /// What is wrong with the folder.
    package var flaw: CacheFolderFlaw {
        switch self {
        case .link: return .link
        case .notFolder: return .notFolder
        case .notOwned: return .notOwned
        case .writableByOthers: return .writableByOthers
        }
    }

    /// Why the cache folder beside `logPath`, which exists, is not used; nil when it is fine or missing.
    package static func of(logPath: String) -> CacheProblem? { CacheFolder.problem(logPath: logPath) }
}
