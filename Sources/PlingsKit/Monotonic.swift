import PlingsPlatform

/// A monotonic clock for measuring durations.
public enum Monotonic {
    /// Seconds from an arbitrary start; never goes back.
    public static func seconds() -> Double {
        Double(Platform.monotonicNanoseconds()) / 1e9
    }
}
