import PlingsText

extension Catalog {
    /// "the cache folder '…' is not used: others can write to it; …", in this catalog's language.
    package func message(_ problem: CacheProblem) -> String {
        let why: MessageKey
        switch problem {
        case .link: why = .cacheIsLink
        case .notFolder: why = .cacheNotFolder
        case .notOwned: why = .cacheNotOwned
        case .writableByOthers: why = .cacheWritableByOthers
        }
        return self(.cacheNotUsed, ["path": Printable.quote(problem.path), "why": self(why)])
    }
}
