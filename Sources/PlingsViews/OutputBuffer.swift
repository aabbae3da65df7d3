/// Text on its way to a terminal or a file, handed on in pieces of about
/// 64 KiB so that a large view never exists as one string.
package struct OutputBuffer {
    /// Receives each full piece, and the rest on `flush()`.
    package let sink: (String) -> Void
    private var pending: String = ""
    private let limit: Int

    /// - Parameters:
    ///   - limit: the size in UTF-8 bytes at which a piece is handed on.
    ///   - sink: where the pieces go.
    package init(limit: Int = 1 << 16, sink: @escaping (String) -> Void) {
        self.limit = limit
        self.sink = sink
        pending.reserveCapacity(limit + 256)
    }

    /// Appends `text`, handing on a piece when the buffer is full.
    package mutating func write(_ text: String) {
        pending += text
        if pending.utf8.count >= limit { flush() }
    }

    /// Hands on whatever is pending.
    package mutating func flush() {
        guard !pending.isEmpty else { return }
        sink(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Collects everything written by `body` into one string (for tests and small outputs).
    package static func collect(_ body: (inout OutputBuffer) -> Void) -> String {
        final class Box { var text = "" }
        let box = Box()
        var buffer = OutputBuffer { box.text += $0 }
        body(&buffer)
        buffer.flush()
        return box.text
    }
}
