/// Why a store operation failed: the domain refused the command, or the log
/// could not be read or written.
public enum StoreError: Error, Sendable, Hashable {
    /// A command was refused by the rules (unknown object, cycle, ...).
    case domain(DomainError)
    /// The log could not be read or written.
    case log(LogError)
}
