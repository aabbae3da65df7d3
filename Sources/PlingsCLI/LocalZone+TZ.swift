import Foundation
import PlingsKit
import PlingsText

extension LocalZone {
    /// The zone `TZ` names in `environment` (a name of the zone database, such as
    /// `Europe/Stockholm`, with or without a leading `:`), or the system's zone when `TZ` is not
    /// set; nil when `TZ` names none this system knows.
    static func fromEnvironment(_ environment: [String: String]) -> LocalZone? {
        let zone: TimeZone
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            guard let named = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) else { return nil }
            zone = named
        } else {
            zone = TimeZone.current
        }
        return LocalZone(name: zone.identifier) { instant in
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant) / 1000))) * 1000
        }
    }
}

extension Context {
    /// The zone a time written without one is read in: `TZ`, else the system's.
    /// - Throws: a usage error when `TZ` names no zone this system knows.
    func localZone() throws -> LocalZone {
        guard let zone = LocalZone.fromEnvironment(environment) else {
            throw CLIError.usage(text(.badTimeZone, ["value": Printable.quote(environment["TZ"] ?? "")]))
        }
        return zone
    }
}
