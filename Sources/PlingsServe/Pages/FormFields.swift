import Foundation

/// The fields of a query string or a form body (`application/x-www-form-urlencoded`): `+` is a
/// space, `%XX` a byte; a field that does not decode as UTF-8 is dropped. The first value of a
/// name counts.
package struct FormFields: Sendable {
    private var values: [String: String] = [:]

    /// The fields of `text` (a query string without its `?`, or a form body).
    package init(_ text: String) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if let value, values[name] == nil { values[name] = value }
        }
    }

    /// The value of `name`, or nil when it is absent.
    package subscript(_ name: String) -> String? { values[name] }

    /// The value of `name` with spaces trimmed, or nil when it is absent or blank.
    package func nonEmpty(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ part: Substring) -> String? {
        String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// `value` for a query string: everything but the unreserved characters percent-encoded.
    package static func encode(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
