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
    /// The bytes not yet handed on: the first `count` of `storage`.
    private var storage: Storage
    private var count = 0
    private let limit: Int

    /// Memory the buffer owns, written in place. A buffer is written through one copy only
    /// (each is passed `inout`): copies would share it (a debug build checks).
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }
    }

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
        storage = Storage(capacity: max(limit, 0) + 512)
    }

    /// Room for `n` more bytes after the pending ones, where they are to be written (then
    /// counted with `commit`).
    @inline(__always)
    private mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        assert(isKnownUniquelyReferenced(&storage), "an OutputBuffer written through two copies")
        if _slowPath(count + n > storage.capacity) { grow(n) }
        return storage.base + count
    }

    /// Counts `n` bytes written where `reserve` said, handing on a piece when the buffer is full.
    @inline(__always)
    private mutating func commit(_ n: Int) {
        count += n
        if count >= limit { flush() }
    }

    /// Storage with room for `n` more bytes, the pending ones copied into it.
    private mutating func grow(_ n: Int) {
        let bigger = Storage(capacity: max(storage.capacity, count + n))
        bigger.base.update(from: storage.base, count: count)
        storage = bigger
    }

    /// Appends `count` bytes from `bytes`.
    @inline(__always)
    private mutating func append(_ bytes: UnsafePointer<UInt8>?, _ n: Int) {
        guard let bytes, n > 0 else { return }
        reserve(n).update(from: bytes, count: n)
        commit(n)
    }

    /// Appends `text`, handing on a piece when the buffer is full.
    package mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(utf8: $0) }
    }

    /// Appends bytes that are whole UTF-8 text (see `TextBytes`), handing on a piece when the buffer is full.
    package mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes.baseAddress, bytes.count)
    }

    /// Appends the bytes of `text`, a literal (punctuation and pre-encoded keys: no string is made).
    package mutating func write(literal text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Appends what `body` writes at the pointer it is given, in room for at most `capacity`
    /// bytes: the number of bytes it wrote, or nil to write nothing (what it wrote is dropped).
    /// What it writes must be whole UTF-8 text.
    package mutating func write(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int?) {
        guard let n = body(reserve(capacity)) else { return }
        commit(n)
    }

    /// Appends the decimal digits of `value` (as `String(value)` writes it).
    package mutating func write(decimal value: Int64) {
        let p = reserve(20)
        var n = 0
        if value < 0 {
            p[0] = 0x2D
            n = 1
        }
        // The digits written from the right end of their room, then counted from the left.
        var (rest, digits): (UInt64, Int) = (value.magnitude, 0)
        var probe = rest
        repeat {
            digits += 1
            probe /= 10
        } while probe > 0
        for k in (0..<digits).reversed() {
            p[n + k] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        commit(n + digits)
    }

    /// Appends `time` as its RFC 3339 text (`Timestamp.rfc3339`), made without a string.
    package mutating func write(rfc3339 time: Timestamp) {
        guard let (a, b, c) = time.canonicalWords else { return write(time.rfc3339) }
        let to = UnsafeMutableRawPointer(reserve(Timestamp.canonicalCount))
        to.storeBytes(of: a.littleEndian, as: UInt64.self)
        to.storeBytes(of: b.littleEndian, toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: c.littleEndian, toByteOffset: 16, as: UInt64.self)
        commit(Timestamp.canonicalCount)
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
        guard count > 0 else { return }
        let pending = UnsafeBufferPointer(start: storage.base, count: count)
        count = 0
        switch sink {
        case .text(let sink): sink(String(decoding: pending, as: UTF8.self))
        case .bytes(let sink): sink(pending)
        }
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
