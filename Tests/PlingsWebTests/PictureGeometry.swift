import Foundation
import PlingsKit
import PlingsText

@testable import PlingsWeb

/// The boxes of a picture as a real XML parser reads them from the SVG: each thing's rectangle,
/// its depth, and where it comes in the drawing order.
struct PictureGeometry {
    struct Box {
        var id: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var depth: Int
        var order: Int
        var fill: String
        var name: String
        var title: String

        var right: Double { x + width }
        var bottom: Double { y + height }

        func overlaps(_ other: Box) -> Bool {
            x < other.right && other.x < right && y < other.bottom && other.y < bottom
        }
    }

    var boxes: [String: Box] = [:]
    var texts: [String] = []
    var svg: String

    init(_ picture: PlacePicture, _ language: Language = .en) throws {
        svg = picture.document(Catalog(language))
        let read = try XMLRead.parse(svg)
        var current: Box?
        var order = 0
        for element in read.elements {
            switch element.name {
            case "g":
                if let box = current { boxes[box.id] = box }
                current = Box(
                    id: element.attributes["data-id"] ?? "", x: 0, y: 0, width: 0, height: 0,
                    depth: Int(element.attributes["data-depth"] ?? "") ?? 0, order: order, fill: "", name: "",
                    title: "")
                order += 1
            case "rect" where current != nil:
                current?.x = Double(element.attributes["x"] ?? "") ?? .nan
                current?.y = Double(element.attributes["y"] ?? "") ?? .nan
                current?.width = Double(element.attributes["width"] ?? "") ?? .nan
                current?.height = Double(element.attributes["height"] ?? "") ?? .nan
                current?.fill = element.attributes["fill"] ?? ""
            case "title" where current != nil: current?.title = element.text
            case "text" where current != nil && current?.name == "": current?.name = element.text
            case "text": texts.append(element.text)
            default: break
            }
        }
        if let box = current { boxes[box.id] = box }
    }

    /// Whether `x`'s box stands to `y`'s as `relation` says.
    func holds(_ x: String, _ relation: Relation, _ y: String) -> Bool {
        guard let a = boxes[x], let b = boxes[y] else { return false }
        switch relation {
        case .under: return a.y >= b.bottom
        case .above: return a.bottom <= b.y
        case .leftOf: return a.right <= b.x
        case .rightOf, .nextTo: return a.x >= b.right
        case .behind: return a.depth < b.depth && a.order < b.order && a.y < b.y
        case .inFrontOf: return a.depth > b.depth && a.order > b.order && a.y > b.y
        case .in, .on, .attachedTo: return false
        default:
            // A diagonal: each direction holds; its depth by the drawing order and depth alone,
            // since the other direction moves the box up or down as well.
            return relation.directions.allSatisfy { part in
                switch part {
                case .behind: return a.depth < b.depth && a.order < b.order
                case .inFrontOf: return a.depth > b.depth && a.order > b.order
                default: return holds(x, part, y)
                }
            }
        }
    }
}
