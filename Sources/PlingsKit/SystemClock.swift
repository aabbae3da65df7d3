import PlingsPlatform

/// The wall clock, read once per append and passed into the pure code as a value.
public enum SystemClock {
    /// Now, in UTC milliseconds.
    public static func now() -> Timestamp {
        Timestamp(milliseconds: Platform.wallClockNanoseconds() / 1_000_000)
    }
}
