import PlingsDomain

/// One entry of the away list as the bytes a snapshot stores its names and ids
/// in, so a whole world's list is written without a string per entry
/// (`AwayText` and `AwayJSON` write it exactly as `AwayEntry` renders and
/// writes the entry it stands for). Its buffers are valid only during the
/// call it is handed to.
package struct AwayRowBytes {
    /// A thing's id and name, UTF-8.
    package struct Named {
        package var id: UnsafeBufferPointer<UInt8>
        package var name: UnsafeBufferPointer<UInt8>

        package init(id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>) {
            (self.id, self.name) = (id, name)
        }

        /// No id and no name (a row not yet made).
        package init() {
            self.init(id: UnsafeBufferPointer(start: nil, count: 0), name: UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// A thing placed relative to the entry's thing, and how.
    package struct Inbound {
        package var source: Named
        package var relation: Relation

        package init(source: Named, relation: Relation) {
            (self.source, self.relation) = (source, relation)
        }
    }

    /// Where the thing is on one axis, as `Location` holds it.
    package struct Place {
        /// The parent edge's relation and the parent, or nil at World.
        package var parent: (relation: Relation, parent: Named)?
        /// The containers the path shows, from the top down to the parent (`Location.path`).
        package var path: [Named] = []
        /// Whether containers between the top ones and the nearest ones are left out.
        package var elided = false
        /// The outbound positional relation, if any (at most one in v1).
        package var positional: (relation: Relation, target: Named)?
        /// What is placed relative to the thing, in the order `RelatedRef.inbound` lists it;
        /// empty when the writer does not show it (text never does).
        package var inbound: [Inbound] = []

        package init() {}
    }

    /// The thing away.
    package var thing: Named
    /// Where it is now.
    package var current = Place()
    /// Where it belongs.
    package var normal = Place()
    /// The event since which it has been away, and its time in milliseconds.
    package var sinceSeq: Int64 = 0
    package var sinceAt: Int64 = 0
    /// The loan it is on, when it is lent (it is then where the loan says).
    package var loan: LoanRef?

    package init(thing: Named = Named()) {
        self.thing = thing
    }

    /// Says the loan's days in `clock`'s zone and whether it is overdue on its today.
    package mutating func mark(_ clock: LoanClock) {
        loan?.mark(clock)
    }
}

extension AwayEntry {
    /// The entry `bytes` stands for, its names and ids made strings (`String(decoding:as:)`).
    package init(_ bytes: AwayRowBytes) {
        func text(_ b: UnsafeBufferPointer<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
        func location(_ place: AwayRowBytes.Place) -> Location {
            Location(
                parent: place.parent.map { text($0.parent.id) }, relation: place.parent?.relation.token,
                path: place.path.map { ObjectRef(id: text($0.id), name: text($0.name)) }, elided: place.elided,
                positional: place.positional.map {
                    [
                        PositionalRef(
                            relation: $0.relation.token, target: text($0.target.id), targetName: text($0.target.name))
                    ]
                } ?? [],
                inbound: place.inbound.map {
                    RelatedRef(id: text($0.source.id), name: text($0.source.name), relation: $0.relation.token)
                })
        }
        self.init(
            id: text(bytes.thing.id), name: text(bytes.thing.name), current: location(bytes.current),
            normal: location(bytes.normal), sinceSeq: bytes.sinceSeq,
            since: Timestamp(milliseconds: bytes.sinceAt).rfc3339, loan: bytes.loan)
    }
}
