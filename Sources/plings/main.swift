import Foundation
import PlingsCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes all of `text` to a file descriptor.
@Sendable func emit(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress.unsafelyUnwrapped + done, $0.count - done) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        done += n
    }
}

// A write past the file size limit (ulimit -f) must fail with an error the
// log layer can roll back, not kill the process in the middle of a batch.
signal(SIGXFSZ, SIG_IGN)
let terminal = Terminal(out: { emit(1, $0) }, err: { emit(2, $0) }, errIsTTY: isatty(2) != 0)
let status = CLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, terminal: terminal)
exit(status)
