import PlingsDomain

extension Replayer {
    /// How far ahead a fast replay hints the caches, stage by stage: a
    /// line's bytes and members 24 lines ahead, the table slots of its ids 10
    /// lines ahead, its objects' records 4 lines ahead (finding their indices,
    /// kept for the fold), and the records those point to (old parents, list
    /// neighbours) 2 lines ahead.
    static let lookahead = LineLookahead(distances: [24, 10, 4, 2])

    /// Hints the caches about the coming line at `offset` (see
    /// `LineLookahead`). Changes nothing the fold computes: it only records,
    /// in `resolvedAhead`, indices the fold would find itself. Mutating so
    /// that the closure that calls it borrows the state instead of copying it.
    mutating func peek(
        _ stage: Int, _ p: UnsafeBufferPointer<UInt8>, _ offset: Int64, _ fields: UnsafePointer<LineFields>
    ) {
        if stage == 0 {
            CacheHint.prefetch(UnsafeRawPointer(fields), count: MemoryLayout<LineFields>.size)
            if let base = p.baseAddress { CacheHint.prefetch(UnsafeRawPointer(base), count: p.count) }
            return
        }
        guard fields.pointee.version == 1 else { return }
        let object = UnsafeBufferPointer(rebasing: p[fields.pointee.object.range])
        let target = fields.pointee.target.map { UnsafeBufferPointer(rebasing: p[$0.range]) }
        if stage == 1 {
            state.prefetchSlots(object: object, target: target)
            return
        }
        guard fields.pointee.type == .placed else { return }
        if stage == 2 {
            let x = state.registry.index(paddedBytes: object)
            let y = target.flatMap { state.registry.index(paddedBytes: $0) }
            resolvedAhead.record(offset: offset, object: x, target: y)
            state.prefetchRecords(object: x, target: y)
        } else {
            let (x, y) = resolvedAhead.indices(at: offset)
            state.prefetchLinked(object: x, target: y)
        }
    }
}
