/// What is wrong with a device name (`SyncError.invalidDevice`).
public enum DeviceNameProblem: Sendable, Hashable {
    /// It is empty or longer than 32 characters.
    case length
    /// It starts with '-'.
    case leadingDash
    /// It holds a character other than letters, digits, '-' and '_'.
    case characters
}
