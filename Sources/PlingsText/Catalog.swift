import PlingsDomain

/// Every sentence a person reads, in one language: the CLI's output, errors,
/// help, progress and labels come from here, looked up by key.
///
/// Each language has one table (`Catalog+English.swift`,
/// `Catalog+Swedish.swift`) with the same keys. A template names its values
/// in braces (`{path}`); a plural entry has a form for one and a form for any
/// other count, and `{count}` is the count.
public struct Catalog: Sendable {
    /// A template, or a pair of templates chosen by a count.
    public enum Entry: Sendable, Hashable {
        case text(String)
        case plural(one: String, other: String)
    }

    /// The language of every string this catalog returns.
    public let language: Language

    /// The catalog for `language`.
    public init(_ language: Language) { self.language = language }

    /// The table of a language.
    public static func entries(_ language: Language) -> [MessageKey: Entry] {
        switch language {
        case .en: return english
        case .sv: return swedish
        }
    }

    /// The text for `key` with its `{name}` placeholders filled from `values`.
    public func callAsFunction(_ key: MessageKey, _ values: [String: String] = [:]) -> String {
        switch Catalog.entries(language)[key] {
        case .text(let template): return Catalog.fill(template, values)
        case .plural(_, let other): return Catalog.fill(other, values)
        case nil: return key.rawValue
        }
    }

    /// The form of a plural entry for `count` ("1 batch", "2 batches"), with `{count}` filled in.
    public func count(_ key: MessageKey, _ count: Int, _ values: [String: String] = [:]) -> String {
        var all = values
        all["count"] = String(count)
        switch Catalog.entries(language)[key] {
        case .plural(let one, let other): return Catalog.fill(count == 1 ? one : other, all)
        case .text(let template): return Catalog.fill(template, all)
        case nil: return key.rawValue
        }
    }

    /// Replaces each `{name}` (letters only) that `values` holds; leaves other braces alone.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{"), !values.isEmpty else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest.index(after: open)
            if let close = rest[after...].firstIndex(of: "}"), let value = values[String(rest[after..<close])] {
                out += value
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[after...]
            }
        }
        return out + rest
    }

    /// The placeholder names a template uses, for the catalogs' consistency test.
    public static func placeholders(_ template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "}") else { break }
            let name = rest[after..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isLetter }) { names.insert(String(name)) }
            rest = rest[after...]
        }
        return names
    }
}
