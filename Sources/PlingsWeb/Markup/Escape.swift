/// The escaping rules of `Markup`, one per context.
enum Escape {
    /// Text content: `&`, `<`, `>` and both quotes as character references, and every
    /// character XML 1.0 does not allow (C0 controls but tab and newline, carriage return,
    /// U+FFFE, U+FFFF) as U+FFFD, so the output is valid HTML and valid XML.
    static func text(_ text: String) -> String {
        guard text.utf8.contains(where: { needsWork($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(allowedInXML(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// An attribute value (always double-quoted): the same as text, and line breaks and tabs
    /// as character references, so they survive attribute-value normalisation.
    static func attribute(_ value: String) -> String {
        let out = text(value)
        guard out.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return out }
        return out.replacingCharacters("\n", with: "&#10;").replacingCharacters("\t", with: "&#9;")
    }

    /// A style sheet from the code, inside `<style>`: a `<` cannot end the element because none
    /// is kept (CSS written for these pages never needs one).
    static func rawText(_ css: String) -> String {
        css.replacingCharacters("<", with: "\\3C ")
    }

    /// JSON text inside `<script>`: the characters that could end the element or start markup
    /// (`<`, `>`, `&`), and the line terminators older script parsers refuse inside strings
    /// (U+2028, U+2029), and U+FEFF (which some readers drop as a byte order mark) as `\u`
    /// escapes. Outside strings JSON has none of these.
    static func json(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case "\u{FEFF}": out += "\\ufeff"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsWork(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xEF
    }

    private static func allowedInXML(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v == 0x09 || v == 0x0A }
        return v != 0xFFFE && v != 0xFFFF
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`.
    fileprivate func replacingCharacters(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
