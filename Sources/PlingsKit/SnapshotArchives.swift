/// The archive records at the start of a snapshot's last section, read in
/// place (format 6 puts them first, so the skipped events and command ids
/// after them are never read for a card).
enum SnapshotArchives {
    /// The records by index; nil when they are damaged or do not fit `count` objects.
    static func read(_ column: SnapshotColumn, _ blocks: SnapshotBlocks, count: Int) -> [ObjectIndex: ArchiveRecord]? {
        var position = 0
        func words(_ k: Int) -> [Int64]? {
            guard let bytes = column.bytes(from: position, count: 8 * k, blocks) else { return nil }
            position += 8 * k
            return bytes.withUnsafeBytes { raw in
                (0..<k).map { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * $0, as: Int64.self)) }
            }
        }
        guard let n = words(1)?.first, n >= 0, n <= count else { return nil }
        var archives: [ObjectIndex: ArchiveRecord] = [:]
        for _ in 0..<n {
            guard let w = words(5), let x = ObjectIndex(exactly: w[0]), x >= 0, Int(x) < count,
                let root = ObjectIndex(exactly: w[3]), root >= 0, Int(root) < count
            else { return nil }
            var note: String?
            if w[4] != 0 {
                guard let length = words(1)?.first, length >= 0, length < 1 << 20,
                    let text = column.bytes(from: position, count: Int(length), blocks)
                else { return nil }
                position += Int(length)
                note = String(decoding: text, as: UTF8.self)
            }
            archives[x] = ArchiveRecord(seq: w[1], at: Timestamp(milliseconds: w[2]), root: root, note: note)
        }
        return archives
    }
}
