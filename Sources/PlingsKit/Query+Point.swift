import PlingsText
import PlingsViews

/// Where a point asked with `--at` (or `?at=`) falls in the log, for the line every view at a
/// point begins with (see `PointAnswer`).
extension Query {
    /// The answer for `asked`: the last event the views at that point show, its time, and whether
    /// the point is before the first event, within the log or after its last event. Read from the
    /// object timeline's times when the cache answers, else from the world at the point.
    /// - Throws: `QueryError.pastHead` for a seq past the log's last event (a seq names an event:
    ///   one the log does not have yet is an error, never the head without a word);
    ///   `StoreError.log` when the log is damaged or unreadable.
    public func point(_ asked: AskedPoint) throws -> PointAnswer {
        if useCache, let answer = PastCard.point(asked, logPath: path) { return answer }
        let world = try world(at: asked.limit)
        let head = world.lastSeq == 0 ? 0 : (lastLineSeq() ?? world.lastSeq)
        return try PointAnswer(asked, reached: world.lastSeq, at: world.lastAt, head: max(head, world.lastSeq))
    }
}
