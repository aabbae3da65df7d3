import PlingsViews

extension Query {
    /// One object's card at a point, what `body` reads of the object in the
    /// same read, and the time of the last event the point comes to.
    package struct ObjectRead<Value> {
        /// The object's card (`asOfSeq` the last event the point comes to).
        package var card: Card
        /// What `body` made of the object.
        package var value: Value
        /// The time of the card's `asOfSeq` event.
        package var at: Timestamp
    }

    /// The card of `id` at `limit` (the head when nil), as `card(of:at:)`
    /// finds it (the object timeline at a past point, the head snapshot read
    /// in place, else the world at the point), with what `body` makes of the
    /// object through the same reader: a view of one object and its
    /// surroundings (the picture of what a container holds) at the cost of a
    /// card. `body` reads only through the reader it is given, and no other
    /// object's `seen`.
    /// - Throws: as `card(of:at:)`.
    package func object<Value>(
        _ id: ObjectID, at limit: ReplayLimit? = nil, _ body: (ObjectIndex, any CardReading) -> Value
    ) throws -> ObjectRead<Value> {
        if useCache, head == nil || limit != nil {
            if let limit,
                let read = PastCard.read(id, logPath: path, at: limit, { x, r in (Card(x, reading: r), body(x, r)) })
            {
                return ObjectRead(card: read.value.0, value: read.value.1, at: read.at)
            }
            switch HeadCard.read(id, logPath: path, at: limit, { x, r in (Card(x, reading: r), body(x, r)) }) {
            case .found(let read, let seq, let at):
                var card = read.0
                card.asOfSeq = seq
                return ObjectRead(card: card, value: read.1, at: at)
            case .unknown: throw try missing(id, at: limit)
            case nil: break
            }
        }
        let world = try world(at: limit)
        guard let x = world.registry.index(of: id) else { throw try missing(id, at: limit, world: world) }
        return ObjectRead(card: Card(x, state: world), value: body(x, StateReading(world)), at: world.lastAt)
    }
}
