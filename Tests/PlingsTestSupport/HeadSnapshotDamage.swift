import Foundation
import PlingsKit

/// How many questions a reader in place answered from a damaged head snapshot
/// (see `damagingHeadSnapshot`).
package struct HeadSnapshotDamage {
    /// Of the flips of one bit, those after which every question gave way.
    package var flipsAllGaveWay = 0
    /// Answered with the snapshot cut short by 4,096 bytes.
    package var cutShort = 0
    /// Answered with the good snapshot back.
    package var restored = 0
    /// Answered with the good snapshot but no identity record.
    package var noIdentity = 0
}

/// Damages the head snapshot of the log at `path` (rebuilt) every way a
/// reader in place must notice, and asks `answered` after each (it asks every
/// question, checks each answer it gets, and gives how many answered in place
/// rather than gave way): `flips` times one bit flipped where `rng` picks,
/// then the file cut short, then the good file back, then the log's identity
/// record removed.
package func damagingHeadSnapshot(
    _ path: String, flips: Int = 24, _ rng: inout SplitMix64, answered: () throws -> Int
) throws -> HeadSnapshotDamage {
    guard let head = SnapshotCache(logPath: path).entries().last?.path else { return HeadSnapshotDamage() }
    let good = fileBytes(head)
    var damage = HeadSnapshotDamage()
    for _ in 0..<flips {
        writeBytes(flippingOneBit(good, &rng), to: head)
        if try answered() == 0 { damage.flipsAllGaveWay += 1 }
    }
    writeBytes(Array(good.dropLast(4096)), to: head)
    damage.cutShort = try answered()
    writeBytes(good, to: head)
    damage.restored = try answered()
    try FileManager.default.removeItem(atPath: path + ".plings-cache/identity")
    damage.noIdentity = try answered()
    return damage
}
