/// The path changes of one object read from the object timeline: the events
/// where a container above it moved or was renamed, found by following its
/// chain of containers through time. The chain is kept as a replay keeps it
/// (`AncestorChain`); only the containers in it are watched, each for its
/// next parent change or rename, so the work goes with the changes above
/// the object, not with the log.
///
/// The rule is the replay's (`HistoryBuilder`): an event moving container
/// `y` on an axis, or renaming it, changes the path on that axis (on both,
/// for a rename) when `y` is above the object after the event. Only an
/// event's own object changes parent or name, so `y` is the event's object.
struct TimelinePathSweep {
    let tracks: TimelineTracks
    let x: ObjectIndex

    /// The path facts of `x` up to `limit`, each with its seq, in order (current before normal at one seq).
    func facts(upTo limit: Int64) -> [(seq: Int64, fact: HistoryFact)] {
        var found: [(seq: Int64, fact: HistoryFact)] = []
        for axis in Axis.allCases { found += facts(axis, upTo: limit) }
        // Stable: at one seq the current axis's fact stays before the normal one's.
        return found.enumerated().sorted { ($0.element.seq, $0.offset) < ($1.element.seq, $1.offset) }.map(\.element)
    }

    private func side(_ axis: Axis) -> Int { axis == .current ? 0 : 1 }

    private func facts(_ axis: Axis, upTo limit: Int64) -> [(seq: Int64, fact: HistoryFact)] {
        var found: [(seq: Int64, fact: HistoryFact)] = []
        var chain = AncestorChain()
        var queue = SeqQueue()
        let created = tracks.track(x).created
        queue.schedule(x, nextChange(x, axis, after: created))
        while let (seq, y) = queue.pop(), seq <= limit, !tracks.failed {
            let parentAt = { (z: ObjectIndex) in TimelineAt(tracks: tracks, seq: seq).edge(z, axis).parent }
            if y == x {
                for z in chain.rebuild(from: parentAt(x), limit: tracks.objects, parentAt) {
                    queue.schedule(z, nextChange(z, axis, after: seq))
                }
            } else if chain.contains(y) {
                let moved = changes(y, axis, at: seq)
                if moved {
                    for z in chain.moved(y, limit: tracks.objects, parentAt) {
                        queue.schedule(z, nextChange(z, axis, after: seq))
                    }
                }
                let (shown, elided) = HistoryText.shown(chain.chain)
                found.append((seq, .path(axis, mover: y, renamed: !moved, shown: shown, elided: elided)))
            } else {
                continue  // no longer above the object: not watched
            }
            queue.schedule(y, nextChange(y, axis, after: seq))
        }
        return found
    }

    /// Whether `y`'s parent on `axis` changed at `seq` (else its name did).
    private func changes(_ y: ObjectIndex, _ axis: Axis, at seq: Int64) -> Bool {
        let list = tracks.track(y).parents[side(axis)]
        return TimelineTracks.last(list.count, atOrBefore: seq, { list[$0].seq }).map { list[$0].seq == seq } ?? false
    }

    /// The first seq after `seq` at which `y`'s parent on `axis` changes, or (for a container, not the object
    /// itself) its name does; nil when none does.
    private func nextChange(_ y: ObjectIndex, _ axis: Axis, after seq: Int64) -> Int64? {
        let t = tracks.track(y)
        let parents = t.parents[side(axis)]
        let p = TimelineTracks.last(parents.count, atOrBefore: seq, { parents[$0].seq }).map { $0 + 1 } ?? 0
        var next = p < parents.count ? parents[p].seq : nil
        if y != x {
            // The first name is the creation, not a rename.
            let n = TimelineTracks.last(t.names.count, atOrBefore: seq, { t.names[$0].seq }).map { $0 + 1 } ?? 1
            if n < t.names.count, max(n, 1) < t.names.count {
                let rename = t.names[max(n, 1)].seq
                next = min(next ?? rename, rename)
            }
        }
        return next
    }
}

/// The containers watched by a `TimelinePathSweep`, each at the seq of its
/// next change: a binary heap, with one seq scheduled per object (an object
/// scheduled again replaces its earlier seq, which is then skipped).
struct SeqQueue {
    private var heap: [(seq: Int64, x: ObjectIndex)] = []
    private var scheduled: [ObjectIndex: Int64] = [:]

    mutating func schedule(_ x: ObjectIndex, _ seq: Int64?) {
        guard let seq else {
            scheduled[x] = nil
            return
        }
        scheduled[x] = seq
        heap.append((seq, x))
        var k = heap.count - 1
        while k > 0, heap[(k - 1) / 2].seq > heap[k].seq {
            heap.swapAt(k, (k - 1) / 2)
            k = (k - 1) / 2
        }
    }

    /// The earliest scheduled object and its seq, or nil when none is.
    mutating func pop() -> (Int64, ObjectIndex)? {
        while let top = heap.first {
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            var k = 0
            while true {
                let (l, r) = (2 * k + 1, 2 * k + 2)
                var m = k
                if l < heap.count, heap[l].seq < heap[m].seq { m = l }
                if r < heap.count, heap[r].seq < heap[m].seq { m = r }
                if m == k { break }
                heap.swapAt(k, m)
                k = m
            }
            if scheduled[top.x] == top.seq {
                scheduled[top.x] = nil
                return (top.seq, top.x)
            }
        }
        return nil
    }
}
