import PlingsDomain

/// Text on its way to a terminal or a file, handed on in pieces of about
/// 64 KiB so that a large view never exists as one string.
///
/// The pieces are gathered as UTF-8 bytes, so a view may write the bytes of a
/// name or an id as a snapshot stores them, without a string for each; a
/// piece always ends where a write ended, so no character is cut in two.
package struct OutputBuffer {
    /// Where each full piece goes, and the rest on `flush()`: as a string, or as its bytes.
    private enum Sink {
        case text((String) -> Void)
        case bytes((UnsafeBufferPointer<UInt8>) -> Void)
    }

    private let sink: Sink
    private var pending: [UInt8] = []
    private let limit: Int

    /// - Parameters:
    ///   - limit: the size in UTF-8 bytes at which a piece is handed on.
    ///   - sink: where the pieces go.
    package init(limit: Int = 1 << 16, sink: @escaping (String) -> Void) {
        self.init(limit: limit, sink: .text(sink))
    }

    /// A buffer that hands on each piece as its bytes (whole UTF-8 text, as every write
    /// leaves it), without a string made of it: for output that goes to a file descriptor.
    package init(limit: Int = 1 << 16, bytes: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.init(limit: limit, sink: .bytes(bytes))
    }

    private init(limit: Int, sink: Sink) {
        self.limit = limit
        self.sink = sink
        pending.reserveCapacity(limit + 512)
    }

    /// Appends `text`, handing on a piece when the buffer is full.
    package mutating func write(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= limit { flush() }
    }

    /// Appends bytes that are whole UTF-8 text (see `TextBytes`), handing on a piece when the buffer is full.
    package mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        if pending.count >= limit { flush() }
    }

    /// Appends the bytes of `text`, a literal (punctuation and pre-encoded keys: no string is made).
    package mutating func write(literal text: StaticString) {
        pending.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        if pending.count >= limit { flush() }
    }

    /// Appends the decimal digits of `value` (as `String(value)` writes it).
    package mutating func write(decimal value: Int64) {
        if value < 0 { pending.append(0x2D) }
        // The digits pushed onto a second number in reverse (at most 19 of them: it does not
        // overflow), then taken off it in order.
        var (rest, reversed, count): (UInt64, UInt64, Int) = (value.magnitude, 0, 0)
        repeat {
            reversed = reversed * 10 + rest % 10
            rest /= 10
            count += 1
        } while rest > 0
        for _ in 0..<count {
            pending.append(0x30 + UInt8(reversed % 10))
            reversed /= 10
        }
        if pending.count >= limit { flush() }
    }

    /// Appends `time` as its RFC 3339 text (`Timestamp.rfc3339`), made without a string.
    package mutating func write(rfc3339 time: Timestamp) {
        time.appendCanonical(to: &pending)
        if pending.count >= limit { flush() }
    }

    /// Appends `text`, bytes of UTF-8 as a snapshot stores them, as a string made of them shows
    /// it: as they are when they are well-formed, else each ill-formed sequence as U+FFFD.
    package mutating func write(decoding text: UnsafeBufferPointer<UInt8>) {
        if TextBytes.isWellFormed(text) { return write(utf8: text) }
        write(String(decoding: text, as: UTF8.self))
    }

    /// Appends what `Printable.quote` makes of the string `name`'s bytes make: the bytes as
    /// they are when it keeps them (`TextBytes.keptAsIs`), else the quoted string.
    package mutating func write(quoting name: UnsafeBufferPointer<UInt8>) {
        if TextBytes.keptAsIs(name) { return write(utf8: name) }
        write(Printable.quote(String(decoding: name, as: UTF8.self)))
    }

    /// Hands on whatever is pending.
    package mutating func flush() {
        guard !pending.isEmpty else { return }
        switch sink {
        case .text(let sink): sink(String(decoding: pending, as: UTF8.self))
        case .bytes(let sink): pending.withUnsafeBufferPointer(sink)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Collects everything written by `body` into one string (for tests and small outputs),
    /// handed on in pieces of `limit` bytes.
    package static func collect(limit: Int = 1 << 16, _ body: (inout OutputBuffer) -> Void) -> String {
        final class Box { var text = "" }
        let box = Box()
        var buffer = OutputBuffer(limit: limit) { box.text += $0 }
        body(&buffer)
        buffer.flush()
        return box.text
    }
}
