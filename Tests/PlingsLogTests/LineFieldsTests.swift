import PlingsKit
import Testing

/// `LineFields` stores its optional members packed (spans as one word,
/// integers with a sentinel); what is set is what is read back.
@Suite("Line fields read back what was stored")
struct LineFieldsTests {
    @Test("spans keep their bounds and escape flag up to the longest line")
    func spans() {
        let last = LineFormat.maxLineBytes - 1
        for (start, end) in [(0, 0), (1, 2), (0, last), (last, last), (8191, 8192), (1234, 16000)] {
            for escaped in [false, true] {
                let span = StringSpan(range: start..<end, escaped: escaped)
                #expect(span.range == start..<end)
                #expect(span.escaped == escaped)
                var f = LineFields()
                #expect(f.actor == nil && f.target == nil && f.name == nil)
                f.actor = span
                f.reason = span
                #expect(f.actor == span && f.reason == span && f.cid == nil)
                f.actor = nil
                #expect(f.actor == nil && f.reason == span)
            }
        }
    }

    @Test("optional integers and times are nil until set, and hold any scanned value")
    func integers() {
        var f = LineFields()
        #expect(f.batch == nil && f.dseq == nil && f.undoes == nil && f.dat == nil)
        for value: Int64 in [0, 1, 2, 999_999_999_999_999_999] {
            f.batch = value
            f.dseq = value
            f.undoes = value
            f.dat = Timestamp(milliseconds: -value)
            #expect(f.batch == value && f.dseq == value && f.undoes == value)
            #expect(f.dat == Timestamp(milliseconds: -value))
        }
        f.batch = nil
        f.dat = nil
        #expect(f.batch == nil && f.dat == nil && f.dseq != nil)
        f.bodyEnd = LineFormat.maxLineBytes
        #expect(f.bodyEnd == LineFormat.maxLineBytes)
    }
}
