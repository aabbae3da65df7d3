import PlingsKit
import PlingsSync
import PlingsText

extension Catalog {
    /// Any error the CLI can meet, as the text after `plings: ` (each worded by the catalog where its type is).
    func message(anyError error: any Error) -> String {
        switch error {
        case let error as CLIError: return error.message
        case let error as DomainError: return message(error)
        case let error as StoreError: return message(error)
        case let error as LogError: return message(error)
        case let error as SyncError: return message(error)
        default: return self(.errOther, ["code": String(describing: error)])
        }
    }
}
