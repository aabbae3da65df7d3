extension Catalog {
    /// The Swedish texts of the hub on the web (`plings serve --cgi`): the one-line reasons of its failures.
    static let swedishServe: [MessageKey: Entry] = [
        .syncDeviceTaken: .text(
            "enhetsnamnet '{name}' tillhör en annan användare; klona på nytt med ett annat --device-namn"),
        .syncTimeout: .text(
            "navet har inte svarat på {seconds} s; inget gick förlorat; synka igen, eller höj PLINGS_TIMEOUT"),
        .syncPeerSilent: .text(
            "enheten har inte skickat något på {seconds} s; navet slutade vänta; en begäran som inte kom hel skrevs inte"
        ),
        .syncAnswerTooSlow: .text(
            "navet behövde mer än {seconds} s för ett svar; inget gick förlorat; synka igen, eller höj PLINGS_TIMEOUT"),
        .reasonNotValidLine: .text("en rad är inte en giltig '{kind}': '{text}'"),
        .reasonMissingMember: .text("en '{op}' utan '{member}'"),
        .reasonBatchTooLarge: .text("en sats på {lines} rader är mer än ett synksvar bär"),
        .reasonSnapshotAfterRefusal: .text("navets ögonblicksbild kom efter att den avvisats"),
        .reasonBytesAfterMessage: .text("byte kom efter slutet av ett meddelande"),
        .reasonAnnouncesLines: .text("ett meddelande säger sig ha {count} rader"),
        .reasonUnaskedEncoding: .text("svaret är kodat som '{coding}', vilket inte efterfrågades"),
        .reasonTransferEncoding: .text("en överföringskodning '{coding}'"),
        .reasonContentLength: .text("en Content-Length på '{text}'"),
        .reasonHTTPLineTooLong: .text("en rad i svaret är längre än {limit} byte"),
        .reasonNotHTTP: .text("svaret börjar '{text}'"),
        .reasonHeadTooLong: .text("svarets huvud är längre än {limit} byte"),
        .reasonHeaderField: .text("ett huvudfält '{text}'"),
        .reasonChunkSize: .text("en dels storlek '{text}'"),
        .reasonChunkTooLong: .text("en del längre än den sade"),
        .reasonUnknownRequest: .text("en okänd begäran '{op}'"),
        .reasonUserNotActor: .text("den inloggade användaren '{user}' kan inte vara en aktör"),
        .reasonSeqGap: .text("enhetens seq {dseq} för '{device}' lämnar en lucka efter {after}"),
        .reasonNoRecordedVerdict: .text("enhetens seq {dseq} för '{device}' har inget sparat besked"),
        .reasonBadDeviceTime: .text("enhetens tid för enhetens seq {dseq} är ingen RFC 3339-tid"),
        .reasonPageRange: .text("en loggsida för byte {offset} säger '{range}'"),
        .reasonUnexpectedAnswer: .text("ett '{got}'-svar där '{expected}' väntades"),
        .reasonVerdictCount: .text("{verdicts} besked för {commands} kommandon"),
        .reasonVerdictOutOfOrder: .text("enhetens seq {dseq} där {due} väntades"),
        .reasonPulledLineUnread: .text("en hämtad rad läses inte som spegeln läste den"),
        .reasonPendingVersion: .text("'pending' är {pending}, inte 1"),
        .reasonMirrorLonger: .text("spegeln är längre än navets logg"),
        .reasonEmptyMirrorWithHead: .text("en tom spegel med ett huvud"),
        .reasonNoLineWithHash: .text("navet har ingen rad som slutar vid byte {offset} med hash '{hash}…'"),
        .reasonNoLineEndsAt: .text("ingen rad i navets logg slutar vid byte {offset}"),
        .reasonSeqTaken: .text(
            "enhetens seq {dseq} för '{device}' har redan ett annat kommando hos navet: två enheter delar namnet, eller så återställdes enheten från en säkerhetskopia; använd ett annat --device-namn"
        ),
        .reasonHeadDiffers: .text("navets huvud är inte spegelns"),
        .reasonNotFollowing: .text("navets rad vid byte {offset} följer inte enhetens #{seq} ('{hash}…')"),
        .reasonWebServerStoppedReading: .text("navets webbserver slutade läsa begäran: {why}"),
        .reasonWebConnectionFailed: .text("förbindelsen till navets webbserver misslyckades: {why}"),
        .reasonCannotStart: .text("kan inte starta '{command}'"),
        .reasonHubStoppedReading: .text("navets process slutade läsa (den avslutades eller stängde sin indata)"),
        .reasonHubEndedWithoutAnswer: .text("navets process slutade utan att svara"),
        .reasonNotWebURL: .text("'{url}' är ingen http(s)://värd/sökväg-URL"),
        .reasonNoHTTPAnswer: .text("inget HTTP-svar"),
        .reasonWebRequestFailed: .text("webbegäran misslyckades: {detail}"),
        .reasonDeviceStoppedReading: .text("enheten slutade läsa"),
        .reasonUnknownHost: .text("värdnamnet '{host}' går inte att slå upp"),
        .reasonCannotConnect: .text("kan inte ansluta till '{host}': {why}"),
        .reasonNoSource: .text("ingen KÄLLA och ingen --via"),
        .reasonDeviceNameLength: .text("det måste vara 1 till 32 tecken"),
        .reasonDeviceNameDash: .text("det börjar med '-'"),
        .reasonDeviceNameCharacters: .text("bara bokstäver, siffror, '-' och '_' är tillåtna"),
        .syncBadPage: .text(
            "navet '{hub}' skickade rader ur sin logg som inte håller vid rad {line} (byte {offset}): {why}; "
                + "inget av dem skrevs, och enhetens logg är orörd; synka igen senare, eller säg till den som "
                + "sköter navet"),
        .syncPageSeqOutOfOrder: .text("seq {found} där {expected} väntades"),
        .syncPageChainBroken: .text("seq {seq} kedjar inte till raden före"),
        .syncPageHashMismatch: .text("seq {seq} stämmer inte med sin egen hash"),
        .syncPageTimeWentBack: .text("seq {seq} är daterad före raden ovanför"),
        .syncPageNoWholeBatch: .text("sidan slutar inne i sin första sats rader"),
        .syncPeerTooSlow: .text(
            "enheten behövde mer än {seconds} s för en begäran eller dess svar; navet slutade vänta; en begäran som inte kom hel skrevs inte"
        ),
        .syncHTTP: .text("navet svarade HTTP {status}: {reason}"),
        .syncInsecureURL: .text(
            "'{url}' är okrypterad http till en annan dator; använd https://, eller ange --insecure-http i ett nät du litar på"
        ),
        .syncSignInRequired: .text(
            "navet kräver inloggning (HTTP 401); skriv in inloggningen för '{host}' i ~/.netrc eller i filen PLINGS_NETRC anger"
        ),
        .syncLoginRefused: .text(
            "navet godtog inte inloggningen för '{host}' (HTTP 401); kontrollera lösenordet i ~/.netrc eller PLINGS_NETRC"
        ),
        .syncPrivateCA: .text(
            "PLINGS_CA_FILE ('{path}') går inte att använda: Foundations URLSession litar här bara på systemets "
                + "certifikat; lägg CA:n där (Debian: kopiera den till /usr/local/share/ca-certificates/NAMN.crt "
                + "och kör update-ca-certificates), och ta sedan bort PLINGS_CA_FILE"),
        .syncSamePendingQueue: .text("'{path}' är den här enheten själv; ange loggen för den nya klonen"),
        .syncMovedPending: .plural(
            one: "flyttade 1 väntande kommando till '{path}' (nu {device}#{first})",
            other: "flyttade {count} väntande kommandon till '{path}' (nu {device}#{first}–#{last})"),
        .webBadRequest: .text("förfrågan är felformad; kontrollera klienten"),
        .webSignInRequired: .text("logga in först: navet svarar bara inloggade användare"),
        .webNotListed: .text(
            "användaren '{user}' får inte använda navet; be dess förvaltare att lägga till dig i behörighetslistan"),
        .webReadOnly: .text("användaren '{user}' får bara läsa navet; be dess förvaltare om skrivrätt"),
        .webNotFound: .text("här finns ingen sådan sida"),
        .webMethodNotAllowed: .text("{method} är inte tillåtet här; använd {allowed}"),
        .webLengthRequired: .text("förfrågan saknar Content-Length; skicka kroppen med dess längd"),
        .webTooLarge: .text("förfrågans kropp är över gränsen {limit} byte; skicka mindre åt gången"),
        .webLengthMismatch: .text("förfrågans kropp har {read} byte, inte de {declared} som dess Content-Length säger"),
        .webUnsupportedType: .text("skicka detta som {type}"),
        .webBadRange: .text("be om loggen med Range: bytes=POSITION- (ett intervall, från en radgräns)"),
        .webAccessListDamaged: .text(
            "navets behörighetslista går inte att läsa på rad {line}; dess förvaltare måste rätta den "
                + "(ANVÄNDARE read eller ANVÄNDARE write)"),
        .webHubUnavailable: .text("navet kan inte svara nu; försök igen senare"),
        .webNoSnapshot: .text(
            "navet har inte publicerat någon ögonblicksbild; dess förvaltare kan köra 'plings rebuild'"),
    ]
}
