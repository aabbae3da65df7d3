extension Catalog {
    /// The Swedish texts of sync: clone, sync, pending, serve.
    static let swedishSync: [MessageKey: Entry] = [
        .syncProtocol: .text("motparten bröt synkprotokollet: {why}; kontrollera att båda sidor kör Plings"),
        .syncTruncated: .text("strömmen tog slut mitt i ett meddelande; synka igen"),
        .syncOversized: .text("ett synkmeddelande är längre än gränsen {limit} byte; kontrollera motparten"),
        .syncNewerProtocol: .text(
            "motparten talar synkprotokoll {version}, nyare än detta bygge ({ours}); uppgradera Plings"),
        .syncHubError: .text("navet svarade med ett fel ({code}): {message}"),
        .syncDiverged: .text("spegeln är inte en början av navets logg ({why}); klona på nytt till en ny fil"),
        .syncTransport: .text("förbindelsen till navet misslyckades: {why}; kontrollera KÄLLA, --via eller PLINGS_SSH"),
        .syncNotADevice: .text("'{path}' är ingen enhet; gör den till en med 'plings clone KÄLLA'"),
        .syncAlreadyADevice: .text("'{path}' finns redan; klona till en ny fil"),
        .syncInvalidDevice: .text(
            "ogiltigt enhetsnamn '{name}': {why}; använd 1–32 tecken av A–Z a–z 0–9 - _"),
        .syncDeviceReadOnly: .text(
            "'{path}' är en enhet: dess logg tar bara navets rader; kör detta på navet, "
                + "eller ett kommando i taget här"),
        .syncServeNeedsStdio: .text("serve behöver --stdio; användning: plings serve --stdio"),
        .syncCloned: .text("klonade {events} till '{path}' som enheten '{device}'"),
        .syncSummary: .text(
            "skickade {pushed}, godtagna {accepted}, vägrade {refused}, hämtade {pulled}; navet vid #{seq}"),
        .syncRefused: .text("vägrad: {device}#{dseq} {command}: {reason}"),
        .syncQueued: .text("väntar: {device}#{dseq} {command}"),
        .syncLikelyRefused: .text("(vägras troligen: {reason})"),
        .syncNothingPending: .text("inget väntar"),
        .syncNotCarried: .text(
            "en enhet köar create, rename, place, return, seen, archive och restore; kör return --all och undo på navet"
        ),
        .helpClone: .text(
            """
            ÖVERSIKT: Gör loggen till en enhet för ett nav och hämta navets logg till den.

            ANVÄNDNING: plings clone KÄLLA [--device NAMN] [--via KOMMANDO]

            ARGUMENT:
              KÄLLA               Sökvägen till ett navs logg, eller
                                  ssh://[användare@]värd/sökväg/till/nav.jsonl
                                  (kör $PLINGS_SSH värd plings serve --stdio --log SÖKVÄG).

            FLAGGOR:
              --device NAMN       Enhetens namn (förval: värdnamnet).
              --via KOMMANDO      Nå navet genom KOMMANDO (körs med sh -c), som talar
                                  synkprotokollet på stdin och stdout.
            {globalOptions}

            """),
        .helpSync: .text(
            """
            ÖVERSIKT: Skicka de väntande kommandona till navet och hämta sedan navets nya
            händelser.

            ANVÄNDNING: plings sync [KÄLLA] [--via KOMMANDO] [--json]

            ARGUMENT:
              KÄLLA               Navet (förval: det enheten klonades från).

            FLAGGOR:
              --via KOMMANDO      Nå navet genom KOMMANDO (sh -c).
              --json              Skriv resultatet som JSON.
            {globalOptions}

              Slutstatus: 0 när navet godtog varje skickat kommando, 3 när det vägrade
              något (resten synkades ändå), 1 vid fel i förbindelsen eller loggen.

            """),
        .helpPending: .text(
            """
            ÖVERSIKT: Lista kommandona som gjorts på den här enheten men inte finns på
            navet än, äldst först.

            ANVÄNDNING: plings pending [--json]

            FLAGGOR:
              --json              Skriv kön som JSON.
            {globalOptions}

            """),
        .helpServe: .text(
            """
            ÖVERSIKT: Servera loggen som nav: läs synkförfrågningar på stdin, svara på stdout.

            ANVÄNDNING: plings serve --stdio

            FLAGGOR:
              --stdio             Tala synkprotokollet på stdin och stdout.
            {globalOptions}

            """),
    ]
}
