import PlingsViews

/// The ids and names of a registry read whole (`SnapshotView.Registry`, which
/// `fits`), as the bytes its arenas hold: what a view writes without making a
/// string of each. Valid only within `SnapshotView.Registry.withBytes`.
struct RegistryBytes {
    let registry: SnapshotView.Registry
    let ids: UnsafeBufferPointer<UInt8>
    let names: UnsafeBufferPointer<UInt8>

    /// The id of `x`, UTF-8.
    func id(_ x: ObjectIndex) -> UnsafeBufferPointer<UInt8> {
        let start = Int(registry.idStart[Int(x)])
        return UnsafeBufferPointer(rebasing: ids[start..<(start + Int(registry.idLength[Int(x)]))])
    }

    /// The name of `x`, UTF-8.
    func name(_ x: ObjectIndex) -> UnsafeBufferPointer<UInt8> {
        let start = registry.nameStart[Int(x)]
        return UnsafeBufferPointer(rebasing: names[start..<(start + Int(registry.nameLength[Int(x)]))])
    }

    /// Asks for the places of `x`'s id and name in memory (only a hint).
    func prefetch(_ x: ObjectIndex) {
        CacheHint.element(registry.idStart, Int(x))
        CacheHint.element(registry.idLength, Int(x))
        CacheHint.element(registry.nameStart, Int(x))
        CacheHint.element(registry.nameLength, Int(x))
    }

    /// Asks for the bytes of `x`'s id and name in memory (only a hint; their places read).
    func prefetchBytes(_ x: ObjectIndex) {
        CacheHint.all(id(x))
        CacheHint.all(name(x))
    }

    /// The id and name of `x`.
    func named(_ x: ObjectIndex) -> AwayRowBytes.Named {
        AwayRowBytes.Named(id: id(x), name: name(x))
    }
}

extension SnapshotView.Registry {
    /// What `body` makes of the registry's ids and names as bytes (the registry `fits`).
    func withBytes<T>(_ body: (RegistryBytes) throws -> T) rethrows -> T {
        try idBytes.withUnsafeBufferPointer { ids in
            try nameBytes.withUnsafeBufferPointer { names in
                try body(RegistryBytes(registry: self, ids: ids, names: names))
            }
        }
    }
}
