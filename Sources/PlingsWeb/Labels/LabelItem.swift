/// One label: the thing's id, its name, and the URL its QR code holds.
public struct LabelItem: Sendable, Hashable {
    /// The id, printed large.
    public var id: String
    /// The name, printed under it.
    public var name: String
    /// The card URL in the QR code.
    public var url: String

    /// A label for a thing.
    public init(id: String, name: String, url: String) {
        self.id = id
        self.name = name
        self.url = url
    }

    /// The card URL of `id` under the web pages' base URL: `BASE/o/ID`, the id's bytes outside
    /// the URL's unreserved characters percent-encoded (ids never have any).
    public static func cardURL(base: String, id: String) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        var path = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                path.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                path += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return trimmed + "/o/" + path
    }

    /// Whether `base` can start a card URL: http or https, a host, and no spaces, quotes,
    /// angle brackets or control characters.
    public static func isBaseURL(_ base: String) -> Bool {
        let lower = base.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return false }
        guard base.count > scheme.count, !base.dropFirst(scheme.count).hasPrefix("/") else { return false }
        return base.unicodeScalars.allSatisfy { s in
            s.value > 0x20 && s.value != 0x7F && !"\"'<>\\^`{|}".unicodeScalars.contains(s)
        }
    }
}
