import PlingsViews

extension Timeline {
    /// The card of `id` as it was at `limit` (the head when nil), or nil when
    /// no object had that id then.
    ///
    /// With snapshots allowed, a card at a past point is read from the object
    /// timeline `Rebuild` writes (a few objects' changes, not the world) when
    /// it covers the point; otherwise, and always without snapshots, it is the
    /// card of `state(at:)`. The answer is the same either way.
    /// - Throws: `StoreError.log` when the log is damaged or unreadable.
    public func card(of id: ObjectID, at limit: ReplayLimit? = nil) throws(StoreError) -> Card? {
        if useSnapshots, let limit, let card = PastCard.answer(id, logPath: path, at: limit) { return card }
        let world = try state(at: limit).state
        return world.registry.index(of: id).map { Card($0, state: world) }
    }
}
