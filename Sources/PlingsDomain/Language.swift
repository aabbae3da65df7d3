/// The languages every human-facing text comes in (the words are the
/// catalog's, PlingsText; the domain only names the choice).
public enum Language: String, Sendable, CaseIterable {
    /// Swedish.
    case sv
    /// English.
    case en
}
