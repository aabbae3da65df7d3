import PlingsDomain

extension Replayer {
    /// How far ahead a fast replay hints the caches, stage by stage: a
    /// line's bytes and members 24 lines ahead, the table slots of its ids 10
    /// lines ahead, its objects' records 4 lines ahead (finding their indices,
    /// kept for the fold), and the records those point to (old parents, list
    /// neighbours) 2 lines ahead.
    static let lookahead = LineLookahead(distances: [24, 10, 4, 2])

    /// Hints the caches about the coming line at `offset` (see
    /// `LineLookahead`). A placement's fold reads its members, not its
    /// bytes (the scan made the ids' keys), so the bytes are hinted only for
    /// the other lines, once their members are in cache. Changes nothing the fold computes: it only records,
    /// in `resolvedAhead`, indices the fold would find itself. Mutating so
    /// that the closure that calls it borrows the state instead of copying it.
    mutating func peek(
        _ stage: Int, _ p: UnsafeBufferPointer<UInt8>, _ offset: Int64, _ fields: UnsafePointer<LineFields>
    ) {
        if stage == 0 {
            Prefetch.bytes(UnsafeRawPointer(fields), count: MemoryLayout<LineFields>.size)
            return
        }
        let placement = fields.pointee.version == 1 && fields.pointee.type == .placed
        if stage == 1, !placement || fields.pointee.cid != nil, let base = p.baseAddress {
            Prefetch.bytes(UnsafeRawPointer(base), count: p.count)
        }
        guard fields.pointee.version == 1 else { return }
        let object = UnsafeBufferPointer(rebasing: p[fields.pointee.object.range])
        let target = fields.pointee.target.map { UnsafeBufferPointer(rebasing: p[$0.range]) }
        let objectKey = fields.pointee.objectKey
        let targetKey = fields.pointee.targetKey
        if stage == 1 {
            state.prefetchSlots(
                object: (objectKey, object.count), target: target.map { (targetKey, $0.count) }, Prefetch())
            return
        }
        guard fields.pointee.type == .placed else { return }
        if stage == 2 {
            let x = state.registry.index(key: objectKey, bytes: object)
            let y = target.flatMap { state.registry.index(key: targetKey, bytes: $0) }
            resolvedAhead.record(offset: offset, object: x, target: y)
            state.prefetchRecords(object: x, target: y, Prefetch())
        } else {
            let (x, y) = resolvedAhead.indices(at: offset)
            state.prefetchLinked(object: x, target: y, Prefetch())
        }
    }
}
