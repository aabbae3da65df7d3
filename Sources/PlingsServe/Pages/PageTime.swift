import PlingsKit
import PlingsText
import PlingsWeb

/// A time as the pages show it: `2026-12-01 21:07 UTC` (minutes, not milliseconds), inside a
/// `<time>` element whose `datetime` keeps the exact instant, so the page's script can show it
/// in the reader's own zone and words. Without the script the UTC text stays.
package enum PageTime {
    /// `2026-12-01T21:07:08.691Z` as `2026-12-01 21:07 UTC`; any other text as it is.
    package static func text(_ rfc3339: String) -> String {
        let bytes = Array(rfc3339.utf8)
        guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T"), bytes.last == UInt8(ascii: "Z") else {
            return rfc3339
        }
        return String(decoding: bytes[0..<10], as: UTF8.self) + " " + String(decoding: bytes[11..<16], as: UTF8.self)
            + " UTC"
    }

    /// The `<time>` element of an RFC 3339 instant.
    package static func markup(_ rfc3339: String) -> Markup {
        .element("time", [Attribute("datetime", rfc3339)], [.text(text(rfc3339))])
    }

    /// The mark around an instant put into a sentence of the catalog (a control character,
    /// which no name, borrower or catalog text holds), so the page can show it as a `<time>`.
    static let mark: Character = "\u{1}"

    /// `rfc3339` marked for `sentence(_:)`.
    package static func marked(_ rfc3339: String) -> String { "\(mark)\(rfc3339)\(mark)" }

    /// A sentence with instants `marked` in it, each shown as its `<time>` element.
    package static func sentence(_ text: String) -> [Markup] {
        text.split(separator: mark, omittingEmptySubsequences: false).enumerated().compactMap { k, part in
            if k % 2 == 1 { return markup(String(part)) }
            return part.isEmpty ? nil : .text(String(part))
        }
    }

    /// The line a view at a point begins with ("Per #20 (…)"), its times as `<time>` elements.
    static func header(_ c: PageContext, _ answer: PointAnswer) -> [Markup] {
        sentence(c.text.header(answer, time: marked))
    }
}
