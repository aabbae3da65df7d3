import PlingsDomain

/// Chooses the language like any Unix tool: the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set and not empty decides (Swedish for
/// `sv…`, English for anything else, including `C` and `POSIX`); `PLINGS_LANG`
/// overrides the locale, and `--lang` overrides both.
public enum LanguageChoice {
    /// The language the locale variables ask for.
    public static func fromLocale(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("sv") ? .sv : .en
        }
        return .en
    }

    /// Parses an explicit choice (`sv`, `en`, case-insensitive, also as a
    /// locale name such as `sv_SE.UTF-8` or `en-GB`), or nil.
    public static func parse(_ text: String) -> Language? {
        let lower = text.lowercased()
        let language = lower.prefix { $0 != "_" && $0 != "-" && $0 != "." }
        guard language.count == lower.count || language.count == 2 else { return nil }
        return Language(rawValue: String(language))
    }
}
