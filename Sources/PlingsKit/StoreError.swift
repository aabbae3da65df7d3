/// Why a store operation failed: the domain refused the command, or the log
/// could not be read or written.
public enum StoreError: Error, Sendable, Hashable {
    /// A command was refused by the rules (unknown object, cycle, ...).
    case domain(DomainError)
    /// The log could not be read or written.
    case log(LogError)

    /// A one-line message for a person.
    public func message(_ language: Language = .en) -> String {
        switch self {
        case .domain(let error): return error.message(language)
        case .log(let error): return error.message
        }
    }
}
