import Foundation
import PlingsKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPHub {
    /// The newest snapshot the hub published (`GET BASE/snapshot`), in memory; the device decodes
    /// and checks it whole before it uses it. (A shallow clone writes it to a file as it arrives instead.)
    /// - Throws: `SyncError.noSnapshot` when the hub has none to give (404);
    ///   `SyncError.snapshotTooLarge` past `SyncProtocol.maxSnapshotBytes`; others as `post`.
    public func publishedSnapshot() throws(SyncError) -> [UInt8] {
        // A snapshot is not a sync message: it is bounded by what a real snapshot can be, not by 64 MiB.
        let limit = SyncProtocol.maxSnapshotBytes
        let response: HTTPURLResponse
        let data: [UInt8]
        do throws(SyncError) {
            (response, data) = try perform(request("snapshot"), limit: limit)
        } catch .messageTooLarge(let bound) where bound == limit {
            throw .snapshotTooLarge(limit: limit)
        }
        if response.statusCode == 404 { throw .noSnapshot }
        guard response.statusCode == 200 else { throw Self.failure(response, data) }
        bytesOnWire += data.count
        return data
    }

    /// The newest snapshot the hub published, written to `download` as it arrives (a shallow
    /// clone): held neither here nor in the session's queue, and bounded by the download's limit
    /// (an answer that announces more is refused at its head).
    /// - Throws: `SyncError.noSnapshot` when the hub has none to give (404);
    ///   `SyncError.snapshotTooLarge` when it carries or announces more than the limit; what
    ///   `SnapshotDownload.take` throws; others as `post`.
    func download(snapshotInto download: SnapshotDownload) throws(SyncError) {
        let limit = download.limit
        let response: HTTPURLResponse
        let data: [UInt8]
        do throws(SyncError) {
            let sink = PlainHTTP.BodySink(limit: limit) { piece throws(SyncError) in try download.take(piece) }
            (response, data) = try perform(request("snapshot"), sink: sink)
        } catch .messageTooLarge(let bound) where bound == limit {
            throw .snapshotTooLarge(limit: limit)
        }
        if response.statusCode == 404 { throw .noSnapshot }
        guard response.statusCode == 200 else { throw Self.failure(response, data) }
        bytesOnWire += download.count
    }
}
