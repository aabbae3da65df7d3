/// Where projectors report their effects. Replay that does not need them
/// turns recording off, and then no effect (and no string in one) is built.
public struct EffectLog: Sendable {
    public private(set) var items: [Effect] = []
    public let isRecording: Bool

    public init(recording: Bool = true) { isRecording = recording }

    /// Records `effect` when recording is on.
    @inlinable
    public mutating func add(_ effect: @autoclosure () -> Effect) {
        if isRecording { append(effect()) }
    }

    @usableFromInline
    mutating func append(_ effect: Effect) { items.append(effect) }

    /// Forgets what was recorded, keeping the storage.
    public mutating func clear() { items.removeAll(keepingCapacity: true) }
}
