import PlingsKit

extension Location {
    /// The location as a page shows it: a path deeper than five containers as its top two and
    /// nearest three (`elided`), as the tree page and the history show paths, so a page of a
    /// thing however deep stays small (a whole path of 100,000 names made a card of 9 MB).
    var onPage: Location {
        guard !elided, path.count > 5 else { return self }
        var short = self
        short.path = Array(path.prefix(2) + path.suffix(3))
        short.elided = true
        return short
    }
}
