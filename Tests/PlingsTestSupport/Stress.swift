import Foundation
import PlingsKit

/// The one stress switch: `PLINGS_STRESS` (set, any value) runs the long
/// loops, read here and nowhere else. A suite or test that only makes sense
/// with it carries `.enabled(if: Stress.enabled)`, so the test runner reports
/// it as skipped, never as passed; a loop that runs either way takes its
/// length from `rounds(_:stress:)`.
public enum Stress {
    /// Whether the long loops run.
    public static let enabled: Bool = ProcessInfo.processInfo.environment["PLINGS_STRESS"] != nil

    /// How many rounds a loop takes: `normal`, or `stress` (ten times `normal` when not given)
    /// with the switch on.
    public static func rounds(_ normal: Int, stress: Int? = nil) -> Int {
        enabled ? stress ?? 10 * normal : normal
    }

    /// A stress loop's setting `PLINGS_STRESS_<name>` (a number), or `fallback`.
    public static func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment["PLINGS_STRESS_" + name].flatMap { Int($0) } ?? fallback
    }

    /// A stress test's text setting `PLINGS_STRESS_<name>` (a path), if given.
    public static func text(_ name: String) -> String? {
        ProcessInfo.processInfo.environment["PLINGS_STRESS_" + name]
    }
}

extension Stress {
    /// The offsets an every-byte loop over `count + 1` cuts (0...count) tries: all of them with the
    /// switch on; otherwise every offset within `near` bytes of 0, of `count` and of each of
    /// `boundaries` (line ends, batch starts — where a reader's decisions change), plus `random`
    /// more drawn from a generator seeded with `seed`. Sorted, each once.
    public static func cuts(
        _ count: Int, boundaries: [Int], near: Int = 2, random: Int = 48, seed: UInt64 = 1
    ) -> [Int] {
        if enabled || count <= 0 { return Array(0...max(count, 0)) }
        var picked = Set<Int>()
        for b in [0, count] + boundaries {
            for o in max(0, b - near)...min(count, b + near) { picked.insert(o) }
        }
        var rng = SplitMix64(seed: seed)
        for _ in 0..<random { picked.insert(Int.random(in: 0...count, using: &rng)) }
        return picked.sorted()
    }
}
