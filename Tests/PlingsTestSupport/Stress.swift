import Foundation

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
