import PlingsKit

/// Why a sync, clone or serve failed. Nothing is written to the mirror or the
/// pending queue when one of these is thrown in the middle of a step.
public enum SyncError: Error, Sendable, Hashable {
    /// The peer broke the protocol: garbage, a missing member, an unexpected message.
    case protocolViolation(String)
    /// The stream ended before a whole message arrived.
    case truncated
    /// A line was longer than the protocol allows.
    case oversized(Int)
    /// The peer speaks a newer protocol.
    case newerProtocol(Int)
    /// The hub answered with an error.
    case hub(code: String, message: String)
    /// The device's mirror is not a prefix of the hub's log.
    case diverged(String)
    /// The transport failed (a process could not start, a pipe broke).
    case transport(String)
    /// A file could not be read or written.
    case store(StoreError)
    /// The log is not set up as a device (no config beside it), or is one already.
    case notADevice(String)
    case alreadyADevice(String)
    /// A command sync does not carry (`return --all`, `undo`); run it on the hub.
    case notCarried
    /// A device name that breaks the rules.
    case invalidDevice(String, String)

    /// A one-line message for a person.
    public func message(_ language: Language = .en) -> String {
        let sv = language == .sv
        switch self {
        case .protocolViolation(let why):
            return sv ? "motparten bröt protokollet: \(why)" : "the peer broke the protocol: \(why)"
        case .truncated:
            return sv
                ? "strömmen tog slut mitt i ett meddelande; försök igen"
                : "the stream ended in the middle of a message; try again"
        case .oversized(let n):
            return sv
                ? "ett meddelande är \(n) byte, över gränsen \(SyncProtocol.maxLineBytes)"
                : "a message is \(n) bytes, over the limit of \(SyncProtocol.maxLineBytes)"
        case .newerProtocol(let v):
            return sv
                ? "motparten talar synkprotokoll \(v), nyare än detta (\(SyncProtocol.version)); uppgradera Plings"
                : "the peer speaks sync protocol \(v), newer than this build (\(SyncProtocol.version)); upgrade Plings"
        case .hub(let code, let message):
            return sv
                ? "navet svarade med fel (\(code)): \(message)" : "the hub answered with an error (\(code)): \(message)"
        case .diverged(let why):
            return sv
                ? "spegeln är inte en början av navets logg (\(why)); klona på nytt till en ny fil"
                : "the mirror is not a prefix of the hub's log (\(why)); clone again into a new file"
        case .transport(let why):
            return sv ? "förbindelsen till navet misslyckades: \(why)" : "the connection to the hub failed: \(why)"
        case .store(let error):
            return error.message(language)
        case .notADevice(let path):
            return sv
                ? "'\(path)' är ingen enhet; gör den till en med 'plings clone KÄLLA'"
                : "'\(path)' is not a device; make it one with 'plings clone SOURCE'"
        case .alreadyADevice(let path):
            return sv
                ? "'\(path)' finns redan; klona till en ny fil" : "'\(path)' exists already; clone into a new file"
        case .notCarried:
            return sv
                ? "en enhet köar create, rename, place, return, seen, archive och restore; kör return --all och undo på navet"
                : "a device queues create, rename, place, return, seen, archive and restore; run return --all and undo on the hub"
        case .invalidDevice(let name, let why):
            return sv
                ? "ogiltigt enhetsnamn '\(Printable.quote(name))': \(why); använd 1–32 tecken A–Z a–z 0–9 - _"
                : "invalid device name '\(Printable.quote(name))': \(why); use 1–32 characters from A–Z a–z 0–9 - _"
        }
    }
}
