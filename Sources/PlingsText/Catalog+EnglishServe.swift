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
