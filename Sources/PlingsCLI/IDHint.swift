import PlingsKit
import PlingsSync
import PlingsText

/// "Did you mean 'box'?" for an id that differs from a known one only in the case of its
/// letters. Ids are case-sensitive short codes, so 'BOX' is another object, one that does not
/// exist: a person who types it almost always means 'box'.
enum IDHint {
    /// The first known id (in the order of creation) equal to `id` but for the case of its
    /// ASCII letters; nil when there is none.
    /// - Complexity: O(n) in the registry's ids; for an error path only.
    static func caseOnly(_ id: ObjectID, in registry: ObjectRegistry) -> ObjectID? {
        let wanted = Array(id.rawValue.utf8)
        for x in registry.indices where differsInCaseOnly(registry.idSlice(x), wanted) { return registry.id(x) }
        return nil
    }

    /// Whether `known` and `wanted` are the same bytes but for the case of ASCII letters, and not equal.
    static func differsInCaseOnly<C: Collection<UInt8>>(_ known: ArraySlice<UInt8>, _ wanted: C) -> Bool {
        known.count == wanted.count && zip(known, wanted).allSatisfy { lower($0) == lower($1) }
            && !known.elementsEqual(wanted)
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// A hash of an id with its ASCII letters in lower case (FNV-1a).
    static func foldedHash<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64(lower($1))) &* 0x100_0000_01b3 }
    }

    /// The known ids by their folded hash, for many look-ups in one run (`apply`): made on the
    /// first look-up and extended as objects are created, so each id is hashed once.
    struct Index {
        private var first: [UInt64: ObjectIndex] = [:]
        private var covered = 0

        /// As `IDHint.caseOnly`; an id whose folded hash another id took first gets no hint.
        mutating func caseOnly(_ id: ObjectID, in registry: ObjectRegistry) -> ObjectID? {
            // A state read from the log again (a batch not appended) may hold fewer ids: start over.
            if covered > registry.count { self = Index() }
            while covered < registry.count {
                let x = ObjectIndex(covered)
                let key = foldedHash(registry.idSlice(x))
                if first[key] == nil { first[key] = x }
                covered += 1
            }
            // The id's own bytes, not a copy: apply asks this of every object it creates.
            let wanted = id.rawValue.utf8
            guard let x = first[foldedHash(wanted)], differsInCaseOnly(registry.idSlice(x), wanted) else { return nil }
            return registry.id(x)
        }
    }

    /// For each object `events` create whose id differs from a known one only in case (`BOX`
    /// beside `box`): the note that these are two objects. Ids are case-sensitive by design, so
    /// such a create is not refused; the note is for the person who meant the other one.
    /// - Complexity: O(n) in the registry's ids for each created object (one, from a command).
    static func caseTwinNotes(_ events: [Event], in registry: ObjectRegistry, _ text: Catalog) -> [String] {
        events.compactMap { event in
            guard case .created(let id, _) = event.payload, let twin = caseOnly(id, in: registry) else { return nil }
            return text(.noteCaseTwin, ["id": id.rawValue, "existing": twin.rawValue])
        }
    }

    /// The id an "unknown object" error names, however it is wrapped; nil for any other error.
    static func unknownID(_ error: any Error) -> ObjectID? {
        switch error {
        case DomainError.unknownObject(let id): return id
        case StoreError.domain(.unknownObject(let id)): return id
        default: return nil
        }
    }

    /// `error`, or, when it is about an unknown id that differs from a known one only in case,
    /// the same error with "did you mean" in the user's language. The known ids are `registry`'s,
    /// the world at the head a command has in hand; without one, the head is read for them
    /// (a device's world as it shows it; from the newest snapshot when there is one), and a log
    /// that cannot be read gives no hint.
    /// Either way an "unknown object" error comes back said (a `CLIError`), so it is looked at once.
    static func adding(to error: any Error, registry: ObjectRegistry? = nil, _ context: Context) -> any Error {
        guard let id = unknownID(error) else { return error }
        guard let known = registry ?? headState(context)?.registry, let near = caseOnly(id, in: known) else {
            return CLIError.failure(context.text.message(anyError: error))
        }
        return CLIError.failure(context.text(.unknownObjectSuggest, ["id": id.rawValue, "suggestion": near.rawValue]))
    }

    /// The world at the head, for a hint: a device's with its pending commands; nil when unreadable.
    static func headState(_ context: Context) -> WorldState? {
        if let optimistic = try? SyncCommands.optimisticState(context) { return optimistic }
        return try? Timeline(path: context.logPath).state().state
    }
}
