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

    /// Writes JSON text that goes on after a value of the current container (`,"name":`,
    /// `,"path":[`, `}]`…), given whole as a literal with its commas: what the calls it stands
    /// for would write there, appended as it is. `then` says what follows it: a value (after
    /// a key or an opening bracket: no comma first), or more members or elements (after a
    /// whole member or a closing bracket: a comma first).
    package mutating func after(encoded text: StaticString, then next: Next) {
        out.write(literal: text)
        needsComma = next == .more
    }

    /// Writes JSON text that starts a value where a value may go (`{"id":`), given whole as a
    /// literal: a comma first when one is needed, then the text, a value to follow.
    package mutating func start(encoded text: StaticString) {
        separate()
        out.write(literal: text)
        needsComma = false
    }

    /// What follows literal JSON text written by `after(encoded:then:)`.
    package enum Next {
        /// A value (the text ends with a key's colon or an opening bracket).
        case value
        /// More members or elements, or the container's end (the text ends a value).
        case more
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
        guard writeEscaped(value) else { return writeString(String(decoding: value, as: UTF8.self)) }
    }

    /// A member whose value is a string given as UTF-8 bytes (see `string(utf8:)`).
    package mutating func field(_ name: String, utf8 value: UnsafeBufferPointer<UInt8>?) {
        key(name)
        string(utf8: value)
    }

    private mutating func writeString(_ s: String) {
        var s = s
        // A string's UTF-8 is well-formed: it is always written.
        s.withUTF8 { _ = writeEscaped($0) }
    }

    /// Writes UTF-8 as a JSON string: quote, backslash and every control character below
    /// U+0020 escaped, every other byte as it is (in well-formed UTF-8 no byte below 0x80 is
    /// part of a longer character, so escaping bytes escapes characters). Checks that the
    /// bytes are well-formed as it goes (`TextBytes.sequenceEnd`), and writes nothing and
    /// returns false when they are not. Eight bytes at a time are copied while none of them
    /// `TextBytes.isJSONSpecial`.
    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        var wellFormed = true
        // At most six bytes out for one in (`\u001f`), and the quotes.
        out.write(capacity: 6 * n + 2) { to in
            to[0] = 0x22
            var (i, o) = (0, 1)
            if let from = bytes.baseAddress {
                while i < n {
                    if i + 8 <= n, !TextBytes.hasJSONSpecial(TextBytes.word(from + i)) {
                        (to + o).update(from: from + i, count: 8)
                        (i, o) = (i + 8, o + 8)
                        continue
                    }
                    let b = from[i]
                    if !TextBytes.isJSONSpecial(b) {
                        to[o] = b
                        (i, o) = (i + 1, o + 1)
                    } else if b >= 0x80 {
                        guard let end = TextBytes.sequenceEnd(from, i, n) else {
                            wellFormed = false
                            return nil
                        }
                        (to + o).update(from: from + i, count: end - i)
                        (i, o) = (end, o + end - i)
                    } else {
                        o += Self.escape(b, to: to + o)
                        i += 1
                    }
                }
            }
            to[o] = 0x22
            return o + 1
        }
        return wellFormed
    }

    /// Writes the escape of `b` (a control, the quote or the backslash) at `to`; returns its length.
    @inline(__always)
    private static func escape(_ b: UInt8, to: UnsafeMutablePointer<UInt8>) -> Int {
        to[0] = 0x5C
        switch b {
        case 0x22, 0x5C: to[1] = b
        case 0x0A: to[1] = 0x6E
        case 0x0D: to[1] = 0x72
        case 0x09: to[1] = 0x74
        case 0x08: to[1] = 0x62
        case 0x0C: to[1] = 0x66
        default:
            let hex: StaticString = "0123456789abcdef"
            (to[1], to[2], to[3]) = (0x75, 0x30, 0x30)
            (to[4], to[5]) = (hex.utf8Start[Int(b >> 4)], hex.utf8Start[Int(b & 0xF)])
            return 6
        }
        return 2
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
