/// Which coming lines a read shows its caller before their turn, so the
/// caller can hint the CPU's caches about what folding them will touch.
///
/// Before line `k` goes to the caller, the read shows line `k + far` (stage
/// 0), line `k + mid` (stage 1) and line `k + near` (stage 2), each with its
/// members, when that line is in the same read-ahead chunk and passed the
/// scan. Peeking is only a hint: the line is still admitted and folded in
/// its turn, as every line is.
package struct LineLookahead: Sendable {
    /// How many lines ahead stage 0 looks (0: no peeking).
    package var far: Int
    /// How many lines ahead stage 1 looks (at most `far`).
    package var mid: Int
    /// How many lines ahead stage 2 looks (at most `mid`).
    package var near: Int

    package init(far: Int, mid: Int, near: Int) {
        self.far = far
        self.mid = mid
        self.near = near
    }

    /// No peeking.
    package static let none = LineLookahead(far: 0, mid: 0, near: 0)
}
