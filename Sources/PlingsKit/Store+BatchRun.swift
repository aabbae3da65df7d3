import PlingsPlatform

extension Store {
    /// Batches appended one after another while the log stays locked, for a bulk
    /// apply: each batch is decided on the caller's thread against the state with
    /// every earlier batch applied, while a writing thread encodes, writes and
    /// syncs the batch before it (the same lines as `executeBatch`: one `write`
    /// and one `fdatasync` per batch). The lock is taken by `begin` and released
    /// by `finish`, so no other writer comes between the batches of one run.
    /// Should a write fail, the batches after it are not written, the state is
    /// replayed from the log again, and `finish` (or the next `submit`) throws,
    /// saying how many batches are on disk.
    package final class BatchRun {
        /// What a submitted batch did: the refused commands by position, the events decided,
        /// and how many commands changed nothing (appended no event).
        package struct Submitted {
            package var rejected: [(index: Int, error: DomainError)]
            package var events: Int
            package var unchanged: Int
        }

        private let store: Store
        private let file: LogFile
        private let actor: String?
        private let writer: BatchWriter
        private let thread: Platform.Thread?
        /// The time of the last event decided.
        private var lastAt: Timestamp
        private var open = true

        /// Locks the log for appending and reads what was appended since the last read.
        /// - Throws: `StoreError.domain` for a bad actor, `StoreError.log` when the log cannot be locked or read.
        package init(store: Store, actor: String?) throws(StoreError) {
            if let actor, let problem = Actor.problem(with: actor) {
                throw .domain(.invalidActor(actor, problem))
            }
            let file = try store.lockedAndCaughtUp().file
            (self.store, self.file, self.actor) = (store, file, actor)
            lastAt = store.cursor.lastAt
            let writer = BatchWriter(file: file, from: store.cursor)
            self.writer = writer
            thread = Platform.startThread { writer.run() }
            if thread == nil { writer.inline = true }
        }

        deinit {
            if open { try? finish() }
        }

        /// The batches on disk so far, by the `tag` they were submitted with, and their events.
        package var durable: (batches: Int, events: Int, lastTag: Int?) { writer.durable }

        /// Decides `commands` in order and hands their events to the writing thread.
        /// - Throws: `StoreError.domain` when a command is refused under `.stop` (nothing of this
        ///   batch is written; the run is finished); `StoreError.log` when an earlier batch could not be written.
        package func submit(_ commands: [Command], policy: BatchPolicy, tag: Int) throws(StoreError) -> Submitted {
            if let failure = writer.failure {
                try finish(failing: failure)
            }
            let items = commands.map { Item(command: $0, actor: actor, commandID: nil) }
            let now = store.clock()
            let at = max(now, lastAt)
            var effects = EffectLog(recording: false)
            let decided = store.decideAll(
                items, at: at, clock: Store.clockBehind(now, log: at), commandID: nil, policy: policy,
                effects: &effects, encoding: false)
            if let failure = decided.failure {
                try finish(failing: failure)
            }
            if let last = decided.events.last {
                if let torn = store.tornTail {
                    // Only now, with a batch decided and about to be written, is a torn tail moved aside.
                    writer.drain()
                    do { _ = try file.quarantine(torn, now: store.clock()) } catch { try finish(failing: .log(error)) }
                    store.tornTail = nil
                }
                lastAt = last.at
                writer.submit(decided.events, tag: tag)
            }
            return Submitted(
                rejected: decided.rejected, events: decided.events.count, unchanged: decided.unchanged.count)
        }

        /// Waits for the writing thread, records where the log now ends, and unlocks it.
        /// - Throws: `StoreError.log` when a batch could not be written (the state is then read from the log again).
        package func finish() throws(StoreError) {
            guard open else { return }
            if let failure = writer.failure { try finish(failing: failure) }
            stopWriting()
            defer { file.unlock() }
            if let failure = writer.failure {
                try store.reload(file)
                throw failure
            }
            guard writer.cursor != store.cursor else { return }
            store.replayer.moved(to: writer.cursor)
            store.vouch(try? file.identity(), endingAt: writer.cursor.offset)
        }

        /// Ends the run after a refusal or a failure: waits for the writing thread, reads the state
        /// from the log again (it holds events that are not on disk), unlocks, and throws `failure`.
        private func finish(failing failure: StoreError) throws(StoreError) -> Never {
            stopWriting()
            defer { file.unlock() }
            try store.reload(file)
            throw writer.failure ?? failure
        }

        /// Lets the writing thread finish what it was handed, waits for it, and closes the run.
        private func stopWriting() {
            writer.close()
            thread?.join()
            open = false
        }
    }
}
