import PlingsDomain

/// A streaming JSON writer: values go out as they are written, in the order
/// the caller writes them, without building a tree in memory, so any nesting
/// depth and any size work in bounded stack and memory.
///
/// The output is compact JSON on one line: `null` is written explicitly, an
/// empty array is `[]`, strings are escaped as RFC 8259 asks (quote,
/// backslash and every control character below U+0020) and stay valid UTF-8.
/// Key order is the caller's: every view writes its fields in one fixed
/// order, documented in docs/json.md.
package struct JSONWriter {
    private var out: OutputBuffer
    /// Whether the next value in the current container needs a comma first.
    private var needsComma = false

    /// A writer that hands its output to `sink` in pieces.
    package init(sink: @escaping (String) -> Void) {
        out = OutputBuffer(sink: sink)
    }

    /// A writer that writes to `out` (an `OutputBuffer` of either kind of sink).
    package init(_ out: OutputBuffer) {
        self.out = out
    }

    /// Writes one value with `body` and returns it as a string (for tests and small outputs).
    package static func text(_ body: (inout JSONWriter) -> Void) -> String {
        final class Box { var text = "" }
        let box = Box()
        var writer = JSONWriter { box.text += $0 }
        body(&writer)
        writer.flush()
        return box.text
    }

    /// Ends the document with a newline and hands on what is pending.
    package mutating func finish() {
        out.write(literal: "\n")
        out.flush()
    }

    /// Hands on what is pending.
    package mutating func flush() { out.flush() }

    private mutating func separate() {
        if needsComma { out.write(literal: ",") }
        needsComma = true
    }

    // MARK: - Containers

    package mutating func beginObject() {
        separate()
        out.write(literal: "{")
        needsComma = false
    }

    package mutating func endObject() {
        out.write(literal: "}")
        needsComma = true
    }

    package mutating func beginArray() {
        separate()
        out.write(literal: "[")
        needsComma = false
    }

    package mutating func endArray() {
        out.write(literal: "]")
        needsComma = true
    }

    /// Writes a member name; the next call writes its value.
    package mutating func key(_ name: String) {
        separate()
        writeString(name)
        out.write(literal: ":")
        needsComma = false
    }

    /// Writes a member name given as its JSON text and colon (`"id":`), as `key` would write it:
    /// a literal of ASCII with nothing to escape, appended as it is (no string made).
    package mutating func key(encoded name: StaticString) {
        separate()
        out.write(literal: name)
        needsComma = false
    }

    // MARK: - Scalars

    package mutating func null() {
        separate()
        out.write(literal: "null")
    }

    package mutating func string(_ value: String?) {
        separate()
        if let value { writeString(value) } else { out.write(literal: "null") }
    }

    package mutating func int(_ value: Int64?) {
        separate()
        guard let value else { return out.write(literal: "null") }
        out.write(decimal: value)
    }

    /// A time as a string of its RFC 3339 text (`Timestamp.rfc3339`: nothing in it to escape).
    package mutating func string(rfc3339 time: Timestamp) {
        separate()
        out.write(literal: "\"")
        out.write(rfc3339: time)
        out.write(literal: "\"")
    }

    /// A value given as its JSON text (`null`, `[]`, `true`), written as it is.
    package mutating func encoded(_ value: StaticString) {
        separate()
        out.write(literal: value)
    }

    package mutating func bool(_ value: Bool?) {
        separate()
        out.write(value.map { $0 ? "true" : "false" } ?? "null")
    }

    /// A finite number; NaN and infinities are written as `null`.
    package mutating func double(_ value: Double?) {
        separate()
        guard let value, value.isFinite else { return out.write(literal: "null") }
        out.write(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)")
    }

    // MARK: - Members

    package mutating func field(_ name: String, _ value: String?) {
        key(name)
        string(value)
    }

    package mutating func field(_ name: String, _ value: Int64?) {
        key(name)
        int(value)
    }

    package mutating func field(_ name: String, _ value: Int?) {
        key(name)
        int(value.map(Int64.init))
    }

    package mutating func field(_ name: String, _ value: Bool?) {
        key(name)
        bool(value)
    }

    package mutating func field(_ name: String, _ value: Double?) {
        key(name)
        double(value)
    }

    /// A member whose value is an array of strings.
    package mutating func field(_ name: String, strings: [String]) {
        key(name)
        beginArray()
        for s in strings { string(s) }
        endArray()
    }

    /// A member whose value is an array written element by element with `element`.
    package mutating func field<S: Sequence>(_ name: String, array: S, _ element: (inout JSONWriter, S.Element) -> Void)
    {
        key(name)
        beginArray()
        for e in array { element(&self, e) }
        endArray()
    }

    /// A member whose value is an object written by `body`.
    package mutating func field(_ name: String, object body: (inout JSONWriter) -> Void) {
        key(name)
        beginObject()
        body(&self)
        endObject()
    }

    /// An object written by `body`, as an array element or a top-level value.
    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    // MARK: - Strings

    /// A string value given as UTF-8 bytes (a name or an id as a snapshot stores it): written
    /// as `string` writes the string they make (`String(decoding:as:)`), without making it
    /// when they are well-formed.
    package mutating func string(utf8 value: UnsafeBufferPointer<UInt8>?) {
        separate()
        guard let value else { return out.write(literal: "null") }
        guard TextBytes.isWellFormed(value) else { return writeString(String(decoding: value, as: UTF8.self)) }
        writeEscaped(value)
    }

    /// A member whose value is a string given as UTF-8 bytes (see `string(utf8:)`).
    package mutating func field(_ name: String, utf8 value: UnsafeBufferPointer<UInt8>?) {
        key(name)
        string(utf8: value)
    }

    private mutating func writeString(_ s: String) {
        var s = s
        s.withUTF8 { writeEscaped($0) }
    }

    /// Writes well-formed UTF-8 as a JSON string: quote, backslash and every control
    /// character below U+0020 escaped, every other byte as it is (in well-formed UTF-8 no
    /// byte below 0x80 is part of a longer character, so escaping bytes escapes characters).
    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        out.write(literal: "\"")
        var from = 0
        for (k, b) in bytes.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C {
            out.write(utf8: UnsafeBufferPointer(rebasing: bytes[from..<k]))
            from = k + 1
            switch b {
            case 0x22: out.write(literal: "\\\"")
            case 0x5C: out.write(literal: "\\\\")
            case 0x0A: out.write(literal: "\\n")
            case 0x0D: out.write(literal: "\\r")
            case 0x09: out.write(literal: "\\t")
            case 0x08: out.write(literal: "\\b")
            case 0x0C: out.write(literal: "\\f")
            default: out.write("\\u00" + String(b >> 4, radix: 16) + String(b & 0xF, radix: 16))
            }
        }
        out.write(utf8: UnsafeBufferPointer(rebasing: bytes[from...]))
        out.write(literal: "\"")
    }
}

/// A value that writes itself as JSON.
package protocol JSONWritable {
    /// Writes the value (one JSON value) to `writer`.
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value as one line of compact JSON, with a final newline.
    package var jsonLine: String {
        JSONWriter.text {
            write(to: &$0)
            $0.finish()
        }
    }
}
