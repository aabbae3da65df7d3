/// Projector: which objects exist, their ids, names and dense indices.
public struct ObjectRegistry: Sendable, Equatable {
    public private(set) var ids: [ObjectID] = []
    public private(set) var names: [String] = []
    private var indexByID: [ObjectID: ObjectIndex] = [:]

    public init() {}

    /// Number of objects.
    public var count: Int { ids.count }

    /// The dense index of `id`, or nil when no such object exists.
    @inlinable
    public func index(of id: ObjectID) -> ObjectIndex? { lookup(id) }

    @usableFromInline
    func lookup(_ id: ObjectID) -> ObjectIndex? { indexByID[id] }

    /// The id at `index`.
    public func id(_ index: ObjectIndex) -> ObjectID { ids[Int(index)] }

    /// The name at `index`.
    public func name(_ index: ObjectIndex) -> String { names[Int(index)] }

    /// Every index, in creation order.
    public var indices: Range<ObjectIndex> { 0..<ObjectIndex(ids.count) }

    /// Adds a new object and returns its index. The caller has checked that
    /// the id is new.
    @discardableResult
    public mutating func create(_ id: ObjectID, name: String, effects: inout [Effect]) -> ObjectIndex {
        let index = ObjectIndex(ids.count)
        ids.append(id)
        names.append(name)
        indexByID[id] = index
        effects.append(.created(index, name: name))
        return index
    }

    /// Renames the object at `index`.
    public mutating func rename(_ index: ObjectIndex, to name: String, effects: inout [Effect]) {
        let old = names[Int(index)]
        guard old != name else { return }
        names[Int(index)] = name
        effects.append(.renamed(index, from: old, to: name))
    }

    /// Reserves room for `count` more objects (for bulk replay).
    public mutating func reserve(_ count: Int) {
        ids.reserveCapacity(ids.count + count)
        names.reserveCapacity(names.count + count)
        indexByID.reserveCapacity(indexByID.count + count)
    }
}
