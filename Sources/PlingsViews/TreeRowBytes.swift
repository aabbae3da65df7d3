import PlingsDomain

/// One row of a tree as the bytes a snapshot stores its names and ids in, so a
/// whole world's tree is written without a string per row (`TreeText` and
/// `TreeJSON` write it exactly as they write the `TreeRow` it stands for).
/// Its buffers are valid only during the call it is handed to.
package struct TreeRowBytes {
    /// The outbound positional relation of a row, its target's id and name.
    package struct Positional {
        package var relation: Relation
        package var target: UnsafeBufferPointer<UInt8>
        package var targetName: UnsafeBufferPointer<UInt8>

        package init(relation: Relation, target: UnsafeBufferPointer<UInt8>, targetName: UnsafeBufferPointer<UInt8>) {
            (self.relation, self.target, self.targetName) = (relation, target, targetName)
        }
    }

    /// 0 for the objects at World.
    package var depth: Int
    /// The object's id, UTF-8.
    package var id: UnsafeBufferPointer<UInt8>
    /// The object's name, UTF-8.
    package var name: UnsafeBufferPointer<UInt8>
    /// The parent's id, or nil at World.
    package var parent: UnsafeBufferPointer<UInt8>?
    /// The parent edge's relation, or nil at World.
    package var relation: Relation?
    /// The outbound positional relation, if any (at most one in v1).
    package var positional: Positional?
    /// Whether it is the last of its siblings.
    package var isLast: Bool

    package init(
        depth: Int, id: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>,
        parent: UnsafeBufferPointer<UInt8>?, relation: Relation?, positional: Positional?, isLast: Bool
    ) {
        (self.depth, self.id, self.name, self.parent) = (depth, id, name, parent)
        (self.relation, self.positional, self.isLast) = (relation, positional, isLast)
    }
}

extension TreeRow {
    /// The row `bytes` stands for, its names and ids made strings (`String(decoding:as:)`).
    package init(_ bytes: TreeRowBytes) {
        func text(_ b: UnsafeBufferPointer<UInt8>) -> String { String(decoding: b, as: UTF8.self) }
        self.init(
            depth: bytes.depth, id: text(bytes.id), name: text(bytes.name), parent: bytes.parent.map(text),
            relation: bytes.relation?.token,
            positional: bytes.positional.map {
                [PositionalRef(relation: $0.relation.token, target: text($0.target), targetName: text($0.targetName))]
            } ?? [], isLast: bytes.isLast)
    }
}
