import PlingsText

extension Catalog {
    /// "the cache folder '…' is not used: others can write to it; …", in this catalog's language.
    package func message(_ problem: CacheProblem) -> String {
        self(.cacheNotUsed, ["path": Printable.quote(problem.path), "why": self(Self.key(problem.flaw))])
    }
}
