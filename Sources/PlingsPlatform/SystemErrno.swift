/// A failed system call's `errno`, as a typed error.
///
/// The platform layer throws only this; the layers above add what was being
/// done and to which file (see `LogError.io`).
package struct SystemErrno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The raw `errno` value.
    package let code: Int32

    /// Wraps a raw `errno` value.
    package init(_ code: Int32) { self.code = code }

    /// The C library's text for the code, with the number: "No such file or directory (errno 2)".
    package var description: String { Platform.describe(code) }
}
