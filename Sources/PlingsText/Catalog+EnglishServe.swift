extension Catalog {
    /// The English texts of the hub on the web (`plings serve --cgi`): the one-line reasons of its failures.
    static let englishServe: [MessageKey: Entry] = [
        .syncDeviceTaken: .text(
            "the device name '{name}' belongs to another user; clone again with another --device name"),
        .syncTimeout: .text(
            "the hub has not answered for {seconds} s; nothing was lost; run the sync again, or raise PLINGS_TIMEOUT"),
        .syncPeerSilent: .text(
            "the device has sent nothing for {seconds} s; serving stopped; a request not whole was not written"),
        .syncAnswerTooSlow: .text(
            "the hub took more than {seconds} s over one answer; nothing was lost; run the sync again, or raise PLINGS_TIMEOUT"
        ),
        .reasonNotValidLine: .text("a line is not a valid '{kind}': '{text}'"),
        .reasonMissingMember: .text("a '{op}' without '{member}'"),
        .reasonBatchTooLarge: .text("a batch of {lines} lines is more than one sync answer carries"),
        .reasonSnapshotAfterRefusal: .text("the hub's snapshot came after it was refused"),
        .reasonBytesAfterMessage: .text("bytes came after the end of a message"),
        .reasonAnnouncesLines: .text("a message announces {count} lines"),
        .reasonUnaskedEncoding: .text("the answer is encoded as '{coding}', which was not asked for"),
        .reasonTransferEncoding: .text("a transfer encoding of '{coding}'"),
        .reasonContentLength: .text("a Content-Length of '{text}'"),
        .reasonHTTPLineTooLong: .text("a line of the answer is longer than {limit} bytes"),
        .reasonNotHTTP: .text("the answer begins '{text}'"),
        .reasonHeadTooLong: .text("the answer's head is longer than {limit} bytes"),
        .reasonHeaderField: .text("a header field '{text}'"),
        .reasonChunkSize: .text("a chunk's size '{text}'"),
        .reasonChunkTooLong: .text("a chunk longer than it said"),
        .reasonUnknownRequest: .text("an unknown request '{op}'"),
        .reasonUserNotActor: .text("the signed-in user '{user}' cannot be an actor"),
        .reasonSeqGap: .text("device seq {dseq} of '{device}' leaves a gap after {after}"),
        .reasonNoRecordedVerdict: .text("device seq {dseq} of '{device}' has no recorded verdict"),
        .reasonBadDeviceTime: .text("the device's time of device seq {dseq} is not an RFC 3339 time"),
        .reasonPageRange: .text("a log page for byte {offset} says '{range}'"),
        .reasonUnexpectedAnswer: .text("a '{got}' answer where '{expected}' was due"),
        .reasonVerdictCount: .text("{verdicts} verdicts for {commands} commands"),
        .reasonVerdictOutOfOrder: .text("device seq {dseq} where {due} was due"),
        .reasonPulledLineUnread: .text("a pulled line does not read as the mirror read it"),
        .reasonPendingVersion: .text("'pending' is {pending}, not 1"),
        .reasonMirrorLonger: .text("the mirror is longer than the hub's log"),
        .reasonEmptyMirrorWithHead: .text("an empty mirror with a head"),
        .reasonNoLineWithHash: .text("the hub has no line ending at byte {offset} with hash '{hash}…'"),
        .reasonNoLineEndsAt: .text("no line of the hub's log ends at byte {offset}"),
        .reasonSeqTaken: .text(
            "device seq {dseq} of '{device}' already holds another command at the hub: two devices share this name, or this device was restored from a backup; use another --device name"
        ),
        .reasonHeadDiffers: .text("the hub's head is not the mirror's"),
        .reasonNotFollowing: .text("the hub's line at byte {offset} does not follow this device's #{seq} ('{hash}…')"),
        .reasonWebServerStoppedReading: .text("the hub's web server stopped reading the request: {why}"),
        .reasonWebConnectionFailed: .text("the connection to the hub's web server failed: {why}"),
        .reasonCannotStart: .text("cannot start '{command}'"),
        .reasonHubStoppedReading: .text("the hub's process stopped reading (it exited or closed its input)"),
        .reasonHubEndedWithoutAnswer: .text("the hub's process ended without answering"),
        .reasonNotWebURL: .text("'{url}' is not an http(s)://host/path URL"),
        .reasonNoHTTPAnswer: .text("no HTTP answer"),
        .reasonWebRequestFailed: .text("the web request failed: {detail}"),
        .reasonDeviceStoppedReading: .text("the device stopped reading"),
        .reasonUnknownHost: .text("the host name '{host}' does not resolve"),
        .reasonCannotConnect: .text("cannot connect to '{host}': {why}"),
        .reasonNoSource: .text("no SOURCE and no --via"),
        .reasonDeviceNameLength: .text("it must be 1 to 32 characters"),
        .reasonDeviceNameDash: .text("it starts with '-'"),
        .reasonDeviceNameCharacters: .text("only letters, digits, '-' and '_' are allowed"),
        .syncBadPage: .text(
            "the hub '{hub}' sent lines of its log that do not check out at line {line} (byte {offset}): {why}; "
                + "nothing of them was written, and this device's log is untouched; sync again later, or tell "
                + "whoever keeps the hub"),
        .syncPageSeqOutOfOrder: .text("seq {found} where {expected} was due"),
        .syncPageChainBroken: .text("seq {seq} does not chain to the line before it"),
        .syncPageHashMismatch: .text("seq {seq} does not match its own hash"),
        .syncPageTimeWentBack: .text("seq {seq} is dated before the line above it"),
        .syncPageNoWholeBatch: .text("the page ends inside its first batch of lines"),
        .syncPeerTooSlow: .text(
            "the device took more than {seconds} s over one request or its answer; serving stopped; a request not whole was not written"
        ),
        .syncHTTP: .text("the hub answered HTTP {status}: {reason}"),
        .syncInsecureURL: .text(
            "'{url}' is unencrypted http to another machine; use https://, or give --insecure-http on a network you trust"
        ),
        .syncSignInRequired: .text(
            "the hub asks for a sign-in (HTTP 401); put the login for '{host}' in ~/.netrc or in the file PLINGS_NETRC names"
        ),
        .syncLoginRefused: .text(
            "the hub did not accept the login for '{host}' (HTTP 401); check the password in ~/.netrc or PLINGS_NETRC"),
        .syncPrivateCA: .text(
            "PLINGS_CA_FILE ('{path}') cannot be used: Foundation's URLSession on this system trusts only the "
                + "system's certificates; add the CA there (Debian: copy it to /usr/local/share/ca-certificates/NAME.crt "
                + "and run update-ca-certificates), then unset PLINGS_CA_FILE"),
        .syncSamePendingQueue: .text("'{path}' is this device itself; give the log of the fresh clone"),
        .syncMovedPending: .plural(
            one: "moved 1 pending command to '{path}' (now {device}#{first})",
            other: "moved {count} pending commands to '{path}' (now {device}#{first}–#{last})"),
        .webBadRequest: .text("the request is malformed; check the client"),
        .webSignInRequired: .text("sign in first: this hub answers only signed-in users"),
        .webNotListed: .text("the user '{user}' may not use this hub; ask its keeper to add you to the access list"),
        .webReadOnly: .text("the user '{user}' may only read this hub; ask its keeper for write access"),
        .webNotFound: .text("no such page here"),
        .webMethodNotAllowed: .text("{method} is not allowed here; use {allowed}"),
        .webLengthRequired: .text("the request has no Content-Length; send the body with its length"),
        .webTooLarge: .text("the request body is over the limit of {limit} bytes; send less at a time"),
        .webLengthMismatch: .text("the request body has {read} bytes, not the {declared} its Content-Length says"),
        .webUnsupportedType: .text("send this as {type}"),
        .webBadRange: .text("ask for the log with Range: bytes=OFFSET- (one range, from a line boundary)"),
        .webAccessListDamaged: .text(
            "the hub's access list cannot be read at line {line}; its keeper must fix it (USER read or USER write)"),
        .webHubUnavailable: .text("the hub cannot answer now; try again later"),
        .webNoSnapshot: .text("the hub has published no snapshot; its keeper can run 'plings rebuild'"),
    ]
}
