/// The time zone a time written without one is read in (a person's `TZ`): its name, and its
/// offset from UTC at an instant. The library reads no zone database itself: the command line
/// makes one from `TZ` (Foundation's `TimeZone`), an app from the device's zone, a web page
/// from what the person chose; `utc` is the zone when none is known.
public struct LocalZone: Sendable {
    /// The zone's name, as the answer shows it (`Europe/Stockholm`, `UTC`).
    public let name: String
    /// The offset from UTC, in milliseconds, at an instant (milliseconds since 1970 UTC): local = UTC + offset.
    public let offset: @Sendable (_ instant: Int64) -> Int64

    /// A zone named `name` whose offset at an instant `offset` gives.
    public init(name: String, offset: @escaping @Sendable (_ instant: Int64) -> Int64) {
        self.name = name
        self.offset = offset
    }

    /// Coordinated Universal Time.
    public static let utc = LocalZone(name: "UTC") { _ in 0 }

    /// The instant a clock of this zone shows `local` at (milliseconds since 1970 as that
    /// clock counts them). Across a change of offset, the offset after the instant a first
    /// guess gives is used: a time that does not exist (clocks put forward) is read with the
    /// offset from before the change, an ambiguous one (clocks put back) as the earlier instant.
    public func instant(local: Int64) -> Timestamp {
        let guess = local - offset(local)
        return Timestamp(milliseconds: local - offset(guess))
    }
}
