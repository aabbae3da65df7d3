import PlingsKit

/// Where a positional relation puts a thing relative to the thing it names, one step per
/// dimension: `x` to the right, `y` down the picture, `z` toward the viewer.
///
/// The layout works on these vectors, not on relations, so a relation that combines two
/// directions (behind and to the left) is the sum of two vectors, and a new one needs a
/// vector here and nothing in the layout.
public struct PictureDirection: Sendable, Hashable {
    /// Steps to the right (negative: to the left).
    public var x: Int
    /// Steps down (negative: up).
    public var y: Int
    /// Steps toward the viewer (negative: away, behind).
    public var z: Int

    /// A direction from its three steps.
    public init(x: Int, y: Int, z: Int) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The direction of a positional relation; nil for a parent-creating one (in, on,
    /// attached to), which says what holds a thing, not where it sits beside another.
    public init?(_ relation: Relation) {
        switch relation {
        case .under: self.init(x: 0, y: 1, z: 0)
        case .above: self.init(x: 0, y: -1, z: 0)
        case .leftOf: self.init(x: -1, y: 0, z: 0)
        case .rightOf, .nextTo: self.init(x: 1, y: 0, z: 0)
        case .inFrontOf: self.init(x: 0, y: 0, z: 1)
        case .behind: self.init(x: 0, y: 0, z: -1)
        case .in, .on, .attachedTo: return nil
        default:
            // A diagonal: the sum of its two directions (behind and to the left is up-left, further back).
            guard let direction = PictureDirection(relation.directions) else { return nil }
            self = direction
        }
    }

    /// The combined direction of several relations (a diagonal: behind and to the left); nil
    /// when none of them is positional.
    public init?(_ relations: [Relation]) {
        let parts = relations.compactMap(PictureDirection.init)
        guard let first = parts.first else { return nil }
        self = parts.dropFirst().reduce(first, +)
    }

    /// Both steps added.
    public static func + (a: PictureDirection, b: PictureDirection) -> PictureDirection {
        PictureDirection(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z)
    }

    /// No step at all (two relations that cancel, such as left of and right of).
    public var isZero: Bool { x == 0 && y == 0 && z == 0 }

    /// Where to look next when the cell a thing should take is taken: sideways for a thing
    /// straight above, below, in front or behind (so several things under a table stand side
    /// by side under it), and further the same way for any direction with a sideways step.
    var spread: PictureDirection { x == 0 ? PictureDirection(x: 1, y: 0, z: 0) : self }
}
