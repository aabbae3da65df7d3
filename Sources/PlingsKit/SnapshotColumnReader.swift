/// A snapshot section read in place from its start, a word or a string at
/// a time, every block checked (see `SnapshotBlocks`): how a card reads the
/// archive records at the start of the last section (format 6 puts them
/// first, so the skipped events and command ids after them are never read).
struct SnapshotColumnReader: SnapshotWordReader {
    let column: SnapshotColumn
    let blocks: SnapshotBlocks
    private var position = 0

    init(_ column: SnapshotColumn, _ blocks: SnapshotBlocks) {
        self.column = column
        self.blocks = blocks
    }

    mutating func bytes(_ n: Int) -> [UInt8]? {
        guard let bytes = column.bytes(from: position, count: n, blocks) else { return nil }
        position += n
        return bytes
    }
}
