import PlingsKit

/// What a picture of a place shows: a container's contents on one axis and their positional
/// relations to each other.
public struct PlaceContents: Sendable, Hashable {
    /// The container's id; nil for World.
    public var id: String?
    /// The container's name.
    public var name: String
    /// Whether the picture shows where things are (current) or where they belong (normal).
    public var axis: Axis
    /// The things, sorted by name and id; a reference is an index into this list.
    public var things: [PlaceThing]

    /// Contents put together by hand (tests, or a reader of another source).
    public init(id: String?, name: String, axis: Axis, things: [PlaceThing]) {
        self.id = id
        self.name = name
        self.axis = axis
        self.things = things
    }

    /// The contents of `container` on `axis` in `state`: what is in, on or attached to it,
    /// archived things left out. World's name is `worldName`.
    /// - Complexity: O(n) over all n objects to find the contents, O(k log k) to sort k of them.
    public init(_ container: ObjectIndex, axis: Axis, state: WorldState, worldName: String) {
        self.init(container, axis: axis, reading: StateReading(state), worldName: worldName)
    }

    /// The same, from any reader of the world (a whole state, or a snapshot read lazily).
    package init(_ container: ObjectIndex, axis: Axis, reading world: some CardReading, worldName: String) {
        id = container == .world ? nil : world.id(container)
        name = container == .world ? worldName : world.name(container)
        self.axis = axis
        let inside = world.children(of: container, axis).filter { !world.isArchived($0) }
            .map { (index: $0, id: world.id($0), name: world.name($0)) }
            .sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        var position: [ObjectIndex: Int] = [:]
        for (i, thing) in inside.enumerated() { position[thing.index] = i }
        things = inside.map { thing in
            let edge = world.outbound(thing.index, axis)
            let reference = edge.flatMap { position[$0.target] }
            return PlaceThing(
                id: thing.id, name: thing.name, relations: reference == nil ? [] : edge.map { [$0.relation] } ?? [],
                reference: reference)
        }
    }
}
