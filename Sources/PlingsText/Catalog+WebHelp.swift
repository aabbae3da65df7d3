extension Catalog {
    /// The help of `labels` and `picture` in English; `{globalOptions}` is filled in by the CLI.
    static let englishWebHelp: [MessageKey: Entry] = [
        .helpLabels: .text(
            """
            OVERVIEW: Make a printable sheet of labels with QR codes, as an HTML page.

            Each label has a QR code of the thing's card address (URL/o/ID, the web
            pages of Plings), the id in large text and the name. Open the page in a
            browser and print it at 100 % on a sheet of sticky labels.

            USAGE: plings labels [ID…] [--in C] [--base-url URL] [--layout NAME] [--skip N]

            ARGUMENTS:
              ID                  A thing to make a label for; give as many as you like.

            OPTIONS:
              --in C              Also a label for each thing in C now.
              --base-url URL      Where the web pages are, e.g. https://example.org/plings
                                  (default: $PLINGS_BASE_URL).
              --layout NAME       l7160: A4, 3 × 7 labels of 63.5 × 38.1 mm (the default);
                                  3x8: A4, 3 × 8 labels of 63.5 × 33.9 mm;
                                  letter: US Letter, 3 × 10 labels of 2⅝ × 1 in (as 5160).
              --skip N            Leave the first N labels of the sheet empty (used already).
            {globalOptions}

            """),
        .helpPicture: .text(
            """
            OVERVIEW: Draw what is in C as a picture, an SVG file.

            The things in C stand as their positional relations say: under below,
            above above, left and right of and next to beside, behind up and to the
            right in a lighter box, in front down and to the left. Things with no
            such relation stand in a row below. At most 120 things are drawn.

            USAGE: plings picture C [--axis current|normal] [--at POINT]

            ARGUMENTS:
              C                   The container (world for what is at the top).

            OPTIONS:
              --axis AXIS         current (where things are, the default) or normal (home).
              --at POINT          As it was after a seq, a time or a date.
            {globalOptions}

            """),
    ]

    /// The help of `labels` and `picture` in Swedish.
    static let swedishWebHelp: [MessageKey: Entry] = [
        .helpLabels: .text(
            """
            ÖVERSIKT: Gör ett utskrivbart ark med etiketter med QR-koder, som en HTML-sida.

            Varje etikett har en QR-kod med sakens kortadress (URL/o/ID, Plings
            webbsidor), id:t i stor text och namnet. Öppna sidan i en webbläsare och
            skriv ut den i 100 % på ett ark med självhäftande etiketter.

            ANVÄNDNING: plings labels [ID…] [--in C] [--base-url URL] [--layout NAMN] [--skip N]

            ARGUMENT:
              ID                  En sak att göra en etikett för; ange så många du vill.

            FLAGGOR:
              --in C              Också en etikett för varje sak i C nu.
              --base-url URL      Var webbsidorna finns, t.ex. https://example.org/plings
                                  (standard: $PLINGS_BASE_URL).
              --layout NAMN       l7160: A4, 3 × 7 etiketter på 63,5 × 38,1 mm (standard);
                                  3x8: A4, 3 × 8 etiketter på 63,5 × 33,9 mm;
                                  letter: US Letter, 3 × 10 etiketter på 2⅝ × 1 tum (som 5160).
              --skip N            Lämna arkets första N etiketter tomma (redan använda).
            {globalOptions}

            """),
        .helpPicture: .text(
            """
            ÖVERSIKT: Rita det som finns i C som en bild, en SVG-fil.

            Sakerna i C står som deras lägesrelationer säger: under nedanför,
            ovanför ovanför, vänster om, höger om och bredvid vid sidan, bakom uppåt
            till höger i en ljusare ruta, framför nedåt till vänster. Saker utan en
            sådan relation står på en rad nedanför. Högst 120 saker ritas.

            ANVÄNDNING: plings picture C [--axis nuvarande|hem] [--at PUNKT]

            ARGUMENT:
              C                   Behållaren (world för det som är överst).

            FLAGGOR:
              --axis AXEL         nuvarande (där saker är, standard) eller hem (current, normal).
              --at PUNKT          Som det var efter ett seq, en tid eller ett datum.
            {globalOptions}

            """),
    ]
}
