import PlingsKit

/// What a device shows: the mirror's state with the pending commands
/// decided on top of it, in order. A pending command that the optimistic
/// state refuses is listed, not applied; the hub will decide it again.
public struct OptimisticView: Sendable {
    /// Mirror plus every pending command that applies.
    public var state: WorldState
    /// Pending commands whose verdict is already in the mirror (a sync was
    /// cut short before the queue was rewritten): not applied a second time.
    public var settled: [Int64] = []
    /// Pending commands refused against the optimistic state, with why.
    public var refused: [(entry: SyncProtocol.Pushed, error: DomainError)] = []
    /// Pending commands that are not commands (a queue edited by hand: a member missing, not
    /// one the kind takes, or invalid), with what is wrong: sync stops at the first of them.
    public var unreadable: [(entry: SyncProtocol.Pushed, error: SyncError)] = []
}

extension Device {
    /// The mirror's state with the pending commands applied optimistically.
    /// - Throws: `SyncError.store` when the mirror cannot be read.
    public func optimistic() throws(SyncError) -> OptimisticView {
        let mirror = try self.mirror
        var view = OptimisticView(state: mirror.state)
        for entry in pending.entries {
            if mirror.state.devices.verdict(device: config.device, deviceSeq: entry.dseq) != nil {
                view.settled.append(entry.dseq)
                continue
            }
            let command: Command
            do throws(SyncError) {
                command = try entry.command.command()
            } catch {
                view.unreadable.append((entry, error))
                continue
            }
            do throws(DomainError) {
                let at = Timestamp(parsing: entry.dat) ?? view.state.lastAt
                var effects = EffectLog(recording: false)
                try view.state.perform(command, at: at, actor: config.device, effects: &effects)
            } catch {
                view.refused.append((entry, error))
            }
        }
        return view
    }
}
