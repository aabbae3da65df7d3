import PlingsKit
import PlingsText

/// Why a sync, clone or serve failed. Nothing is written to the mirror or the
/// pending queue when one of these is thrown in the middle of a step.
public enum SyncError: Error, Sendable, Hashable {
    /// The peer broke the protocol: garbage, a missing member, an unexpected message.
    case protocolViolation(ProtocolProblem)
    /// The stream ended before a whole message arrived.
    case truncated
    /// A line was longer than the protocol allows.
    case oversized(Int)
    /// A message carried more than this many bytes (`SyncProtocol.maxMessageBytes`); nothing of
    /// it was used.
    case messageTooLarge(limit: Int)
    /// The peer speaks a newer protocol.
    case newerProtocol(Int)
    /// The hub answered with an error.
    case hub(code: String, message: String)
    /// The device's mirror is not a prefix of the hub's log.
    case diverged(Divergence)
    /// The transport failed (a process could not start, a pipe broke).
    case transport(TransportProblem)
    /// A file could not be read or written.
    case store(StoreError)
    /// The log is not set up as a device (no config beside it), or is one already.
    case notADevice(String)
    /// The log (or its device settings) exists already: a clone needs a new path, a hub cannot be a device's mirror.
    case alreadyADevice(String)
    /// The path is a device already (its settings are there): a clone made before, or one that
    /// stopped before it ended; `sync` brings it up to date.
    case alreadyCloned(String)
    /// The log asked to act as a hub is a device's mirror of another hub (by any name: a link is
    /// the file it names): it takes only its hub's lines, so it is never served or cloned from.
    case mirrorNotAHub(String)
    /// A command sync does not carry (`return --all`, `undo`); run it on the hub.
    case notCarried
    /// A device name that breaks the rules.
    case invalidDevice(String, DeviceNameProblem)
    /// The hub answered the command with this device seq, but its log, pulled to its head, does not
    /// hold it: the command stays pending (it is dropped only once the mirror holds its verdict).
    case unrecordedVerdict(dseq: Int64)
    /// A device seq outside 1 through 999,999,999,999,999,999 (a line holds at most 18 digits): from
    /// a hub's `hello`, a push, or the next command of a queue that would pass the end.
    case deviceSeqOutOfRange(Int64)
    /// A pending queue was to be moved onto itself.
    case samePendingQueue(String)
    /// The device name belongs to another signed-in user (a hub on the web); nothing was written.
    case deviceTaken(String)
    /// The peer sent nothing for this many seconds (`PLINGS_TIMEOUT`).
    case timeout(seconds: Double)
    /// `serve --stdio`: the device sent nothing, or read nothing, for this many seconds
    /// (`PLINGS_TIMEOUT`); serving stopped.
    case peerSilent(seconds: Double)
    /// The hub took more than this many seconds over one answer, though never silent for
    /// `PLINGS_TIMEOUT` (`SyncProtocol.wholeMessageSeconds`): nothing of the answer was used.
    case answerTooSlow(seconds: Double)
    /// `serve --stdio`: the device took more than this many seconds over one request, or over
    /// reading its answer, though never silent for `PLINGS_TIMEOUT`; serving stopped.
    case peerTooSlow(seconds: Double)
    /// A hub on the web answered with this HTTP status and reason (401, 403, 413, 500, …).
    case http(status: Int, reason: String)
    /// The web server asked for a sign-in (HTTP 401): no login for the host, or a wrong one.
    case unauthorized(host: String, loginSent: Bool)
    /// A CA to trust was given (`PLINGS_CA_FILE`), which this system's URLSession cannot take.
    case privateCA(String)
    /// An `http://` URL to a host that is not a loopback address, without `--insecure-http`.
    case insecureURL(String)
    /// A shallow clone found no snapshot the hub published (none, or one that did not check out).
    case noSnapshot
    /// A shallow clone asked of a hub reached over ssh or `--via`, which carry no snapshot.
    case shallowNotCarried
    /// The hub's published snapshot carries, or says it carries, more than this many bytes
    /// (`SyncProtocol.maxSnapshotBytes`); what came of it was removed.
    case snapshotTooLarge(limit: Int)
    /// The hub's published snapshot does not check out (its sealed header, a checksum, the world
    /// it holds or its line against the hub's), or goes on past the size its header names; what
    /// came of it was removed.
    case snapshotDamaged
    /// The hub's web server closed the connection before its answer was whole; nothing of the
    /// answer was used.
    case connectionClosed
    /// An `ssh://` SOURCE that is not one to hand to ssh (see `SSHSourceProblem`).
    case sshSource(String, SSHSourceProblem)
    /// A command whose members do not make a command of its kind: `member` is missing, not one
    /// the kind takes, or invalid (see `CommandMemberProblem`).
    case badCommand(kind: String, member: String, problem: CommandMemberProblem)
    /// The device's own pending queue (`path`) cannot be used at `line` (1 is its header), for
    /// `problem`: the file was edited or damaged here, it is not the hub's doing.
    indirect case pendingDamaged(path: String, line: Int, problem: SyncError)
    /// A page of the hub's log that the hub sent (`hub`, as the device names it) does not check out
    /// at `line` (byte `offset` of the hub's log), for `problem`: the hub's doing, or the network's
    /// between; nothing of the page was written, and the device's own log is untouched.
    case badPage(hub: String, line: Int, offset: Int64, problem: PageProblem)

    /// A one-line message for a person, in the catalog's words.
    public func message(_ language: Language = .en) -> String { Catalog(language).message(self) }
}

/// What is wrong with one member of a command (`SyncError.badCommand`).
public enum CommandMemberProblem: Sendable, Hashable {
    /// The kind needs the member, and it is not there.
    case missing
    /// The kind does not take the member.
    case notTaken
    /// The member is not an id by the log's rules.
    case notAnID
    /// The member is longer than this many bytes.
    case tooLong(limit: Int)
    /// The member is not one of the words Plings knows for it (a kind, a relation, an axis).
    case unknown
}
