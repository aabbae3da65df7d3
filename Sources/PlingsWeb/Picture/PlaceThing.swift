import PlingsKit

/// One thing inside a place, as its picture needs it: what to write on its box and where it
/// sits relative to another thing in the same place.
public struct PlaceThing: Sendable, Hashable {
    /// The thing's id.
    public var id: String
    /// The thing's name.
    public var name: String
    /// Its positional relations to `reference`: none, one, or (a diagonal) two.
    public var relations: [Relation]
    /// The index in `PlaceContents.things` of the thing it is placed relative to.
    public var reference: Int?

    /// A thing with its relation to another thing in the same place.
    public init(id: String, name: String, relations: [Relation] = [], reference: Int? = nil) {
        self.id = id
        self.name = name
        self.relations = relations
        self.reference = reference
    }

    /// The way from the reference to this thing; nil when it has no positional relation.
    public var direction: PictureDirection? { PictureDirection(relations) }
}
