import Foundation
import PlingsKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPHub {
    /// The newest snapshot the hub published (`GET BASE/snapshot`), for a
    /// shallow clone; the device decodes and checks it whole before it uses it.
    /// - Throws: `SyncError.noSnapshot` when the hub has none to give (404);
    ///   others as `post`.
    public func publishedSnapshot() throws(SyncError) -> [UInt8] {
        // A snapshot is not a sync message: it is bounded by what the device decodes, not by 64 MiB.
        let (response, data) = try perform(request("snapshot"), limit: .max)
        if response.statusCode == 404 { throw .noSnapshot }
        guard response.statusCode == 200 else { throw Self.failure(response, data) }
        bytesOnWire += data.count
        return data
    }
}
