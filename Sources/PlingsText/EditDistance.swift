/// "Did you mean …": the closest candidate by edit distance.
public enum EditDistance {
    /// The Levenshtein distance between two strings, counted in characters.
    /// - Complexity: O(a × b).
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `text`, when it is close enough to be a typo:
    /// at most 2 edits, and fewer than half of the text's length; ties go to
    /// the earlier candidate. A candidate that differs only in case (`PLACE`
    /// for `place`) is as close as can be.
    public static func suggestion(for text: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let d = between(text, candidate)
            if candidate == text { continue }
            if best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        guard let (candidate, d) = best, d <= 2, d * 2 < max(text.count, 2) + 1 else { return nil }
        return candidate
    }
}
