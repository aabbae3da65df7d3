import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A real XML parser's reading of markup: the text content, the first `title` attribute, and
/// every element's attributes (a parse error throws).
final class XMLRead: NSObject, XMLParserDelegate {
    private(set) var text = ""
    private(set) var title: String?
    private(set) var elements: [(name: String, attributes: [String: String], text: String)] = []
    private var open: [Int] = []

    static func textAndAttribute(_ markup: String) throws -> (text: String, title: String?) {
        let reader = try parse(markup)
        return (reader.text, reader.title)
    }

    static func parse(_ markup: String) throws -> XMLRead {
        let reader = XMLRead()
        let parser = XMLParser(data: Data(markup.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if title == nil { title = attributes["title"] }
        elements.append((name, attributes, ""))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if let last = open.last { elements[last].text += string }
    }
}
