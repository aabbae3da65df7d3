/// Where projectors report their effects. Replay that does not need them
/// turns recording off, and then no effect (and no string in one) is built.
@usableFromInline package struct EffectLog: Sendable {
    package private(set) var items: [Effect] = []
    @usableFromInline package let isRecording: Bool

    package init(recording: Bool = true) { isRecording = recording }

    /// Records `effect` when recording is on.
    @inlinable
    package mutating func add(_ effect: @autoclosure () -> Effect) {
        if isRecording { append(effect()) }
    }

    @usableFromInline
    mutating func append(_ effect: Effect) { items.append(effect) }

    /// Forgets what was recorded, keeping the storage.
    package mutating func clear() { items.removeAll(keepingCapacity: true) }
}
