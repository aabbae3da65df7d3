import PlingsPlatform

/// A monotonic clock for measuring durations.
package enum Monotonic {
    /// Seconds from an arbitrary start; never goes back.
    package static func seconds() -> Double {
        Double(Platform.monotonicNanoseconds()) / 1e9
    }
}
