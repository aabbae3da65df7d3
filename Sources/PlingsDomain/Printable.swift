/// Makes untrusted text safe to show on a terminal.
package enum Printable {
    /// Replaces control characters (including ESC, so no terminal escape
    /// sequence survives), bidirectional overrides, and the marks and
    /// separators that show as nothing (`isInvisible`) by `\u{…}` escapes, so
    /// two names that look alike are told apart; cuts text longer than
    /// `limit` characters with an ellipsis.
    package static func quote(_ text: String, limit: Int = 120) -> String {
        if text.utf8.count <= limit, isPlain(text.utf8) { return text }
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if TextRules.isControl(scalar) || isInvisible(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// Whether `bytes` are only printable ASCII and the letters U+00C0–U+00FF (two bytes
    /// each, lead byte C3): nothing `quote` would escape, so it keeps such a text as it is.
    static func isPlain(_ bytes: String.UTF8View) -> Bool {
        var continuation = false
        for b in bytes {
            if continuation {
                guard b & 0xC0 == 0x80 else { return false }
                continuation = false
            } else if b == 0xC3 {
                continuation = true
            } else if b < 0x20 || b >= 0x7F {
                return false
            }
        }
        return !continuation
    }

    /// Marks and separators a name may hold that show as nothing or break a line: the
    /// left-to-right, right-to-left and Arabic letter marks (U+200E, U+200F, U+061C), the zero
    /// width space (U+200B), the line and paragraph separators (U+2028, U+2029), the word joiner
    /// (U+2060) and the zero width no-break space (U+FEFF). The zero width joiner and non-joiner
    /// (U+200D, U+200C) are not among them: emoji sequences and Persian words need them.
    package static func isInvisible(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200B || v == 0x200E || v == 0x200F || v == 0x2028 || v == 0x2029 || v == 0x2060
            || v == 0xFEFF
    }
}
