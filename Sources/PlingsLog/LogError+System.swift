import PlingsPlatform

extension LogError {
    /// `LogError.io` for a failed system call on `path`.
    package static func io(path: String, operation: FileOperation, _ error: SystemErrno) -> LogError {
        .io(path: path, operation: operation, errno: error.code)
    }

    /// Runs `body`, turning a system error into `LogError.io` that names the
    /// file and what was being done: `try LogError.io(path, .syncing) { try fd.syncData() }`.
    package static func io<T>(
        _ path: String, _ operation: FileOperation, _ body: () throws(SystemErrno) -> T
    ) throws(LogError) -> T {
        do {
            return try body()
        } catch {
            throw .io(path: path, operation: operation, error)
        }
    }
}
