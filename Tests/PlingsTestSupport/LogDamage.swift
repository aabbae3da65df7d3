import PlingsKit

/// Lines of `created` events chained from the start, line `k` carrying `batches[k]` as its batch
/// member (any plan, whole batches or not, openers inside batches included).
package func batchedLog(_ batches: [Int?], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    var prev = Digest.zero
    var ms: Int64 = 1_700_000_000_000
    for (k, batch) in batches.enumerated() {
        if batch != nil || Bool.random(using: &rng) { ms += Int64.random(in: 0...5000, using: &rng) }
        let event = Event(
            seq: Int64(k + 1), at: Timestamp(milliseconds: ms),
            payload: .created(oid("o\(k)"), name: Generators.randomName(&rng)))
        prev = LineFormat.encode(event, prev: prev, batch: batch, appendingTo: &bytes)
    }
    return bytes
}

/// The log the damage tests start from: 40 lines, batches of 4 and 8 lines at lines 11 and 26.
package func damageBase(_ rng: inout SplitMix64) -> [UInt8] {
    var plan: [Int?] = Array(repeating: nil, count: 40)
    plan[10] = 4
    plan[25] = 8
    return batchedLog(plan, &rng)
}

/// One kind of damage to a log's bytes.
package enum LogDamage: CaseIterable, Sendable {
    /// A byte changed to any other.
    case byte
    /// A newline put in.
    case newline
    /// A byte taken out.
    case removal
    /// The end cut off (up to 400 bytes from a random place).
    case cut
    /// Up to 400 bytes of another log put in.
    case splice
}

/// `bytes` with one `damage` at a place `rng` picks (`splicing`: where a splice's bytes come from).
package func damaging(_ bytes: [UInt8], _ damage: LogDamage, splicing source: [UInt8], _ rng: inout SplitMix64)
    -> [UInt8]
{
    var m = bytes
    guard !m.isEmpty else { return m }
    let at = Int.random(in: 0..<m.count, using: &rng)
    switch damage {
    case .byte: m[at] = UInt8.random(in: 0...255, using: &rng)
    case .newline: m.insert(0x0A, at: at)
    case .removal: m.remove(at: at)
    case .cut: m.removeLast(Int.random(in: 1...min(m.count - at, 400), using: &rng))
    case .splice:
        guard !source.isEmpty else { return m }
        let from = Int.random(in: 0..<source.count, using: &rng)
        m.insert(contentsOf: source[from..<min(source.count, from + Int.random(in: 1...400, using: &rng))], at: at)
    }
    return m
}
