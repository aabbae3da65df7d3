import PlingsPlatform

/// Text for an errno value.
package enum SystemError {
    /// The C library's text for `code`, with the number: "No such file or directory (errno 2)".
    package static func describe(_ code: Int32) -> String { Platform.describe(code) }
}
