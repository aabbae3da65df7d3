import Foundation
import PlingsCLI
import PlingsPlatform

/// Writes all of `text` to a descriptor; a closed pipe or full disk loses the rest silently.
@Sendable func emit(_ fd: FileDescriptor, _ text: String) {
    try? fd.writeAll(Array(text.utf8))
}

// A write past the file size limit (ulimit -f) must fail with an error the
// log layer can roll back, not kill the process in the middle of a batch.
Platform.ignoreFileSizeLimitSignal()
Platform.ignoreBrokenPipeSignal()
// Large arrays freed while a replay grows its projections go back to the system (see the function).
Platform.returnLargeFreedBlocks()
let terminal = Terminal(
    out: { emit(.standardOutput, $0) }, err: { emit(.standardError, $0) },
    errIsTTY: FileDescriptor.standardError.isTerminal,
    outBytes: { try? FileDescriptor.standardOutput.writeAll(UnsafeRawBufferPointer($0)) })
// The arguments as bytes: one that is not UTF-8 is refused, not read with U+FFFD in it.
let status = CLI.run(
    rawArguments: Platform.argumentBytes(), environment: ProcessInfo.processInfo.environment,
    rawVariable: Platform.environmentBytes, terminal: terminal)
Platform.exit(status)
