/// Makes untrusted text safe to show on a terminal.
package enum Printable {
    /// Replaces control characters (including ESC, so no terminal escape
    /// sequence survives) and bidirectional overrides by `\u{…}` escapes, and
    /// cuts text longer than `limit` characters with an ellipsis.
    package static func quote(_ text: String, limit: Int = 120) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if TextRules.isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
