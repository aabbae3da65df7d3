extension Catalog {
    /// Pictures of places and label sheets, in English.
    static let englishWeb: [MessageKey: Entry] = englishWebMessages.merging(englishWebHelp) { first, _ in first }
    static let englishWebMessages: [MessageKey: Entry] = [
        .pictureCurrent: .text("Where things are now"),
        .pictureNormal: .text("Where things belong"),
        .pictureEmpty: .text("Nothing is here."),
        .pictureMore: .plural(one: "+1 more not drawn", other: "+{count} more not drawn"),
        .pictureWorld: .text("World"),
        .labelsTitle: .text("Plings labels"),
        .labelsPrintHint: .text(
            "Print at 100 % (actual size, no fitting to the page), without headers and footers, on the sheet of labels."
        ),
        .labelsNothing: .text("no labels to make; name things (plings labels ID…) or a container (--in C)"),
        .labelsTooMany: .text(
            "{count} labels are more than one page makes ({max}); name the things, or a smaller container"),
        .labelsEmptyContainer: .text(
            "{container} holds nothing now, so there are no labels to make; name things instead"),
        .labelsNeedBaseURL: .text(
            "a label's QR code holds the card's web address; give --base-url URL (e.g. https://example.org/plings) "
                + "or set PLINGS_BASE_URL"),
        .labelsBadBaseURL: .text(
            "'{value}' is not a web address for the cards; give one that starts with https:// or http://, "
                + "without spaces or quotes"),
        .labelsBadLayout: .text("unknown label layout '{value}'; use l7160, 3x8 or letter"),
        .labelsBadSkip: .text("--skip takes 0 to {max} (positions already used on a sheet of {count}), not '{value}'"),
        .labelsTooLong: .text(
            "the address for '{id}' ({bytes} bytes) needs a QR code too dense for these labels; "
                + "use a shorter --base-url or a larger --layout"),
    ]

    /// Pictures of places and label sheets, in Swedish.
    static let swedishWeb: [MessageKey: Entry] = swedishWebMessages.merging(swedishWebHelp) { first, _ in first }
    static let swedishWebMessages: [MessageKey: Entry] = [
        .pictureCurrent: .text("Där saker är nu"),
        .pictureNormal: .text("Där saker hör hemma"),
        .pictureEmpty: .text("Här finns inget."),
        .pictureMore: .plural(one: "+1 till som inte ritats", other: "+{count} till som inte ritats"),
        .pictureWorld: .text("Världen"),
        .labelsTitle: .text("Plings-etiketter"),
        .labelsPrintHint: .text(
            "Skriv ut i 100 % (verklig storlek, ingen anpassning till sidan), utan sidhuvud och sidfot, "
                + "på etikettarket."),
        .labelsNothing: .text("inga etiketter att göra; ange saker (plings labels ID…) eller en behållare (--in C)"),
        .labelsTooMany: .text(
            "{count} etiketter är fler än en sida gör ({max}); ange sakerna, eller en mindre behållare"),
        .labelsEmptyContainer: .text(
            "{container} innehåller inget nu, så det finns inga etiketter att göra; ange saker i stället"),
        .labelsNeedBaseURL: .text(
            "en etiketts QR-kod innehåller kortets webbadress; ange --base-url URL (t.ex. https://example.org/plings) "
                + "eller sätt PLINGS_BASE_URL"),
        .labelsBadBaseURL: .text(
            "'{value}' är ingen webbadress för korten; ange en som börjar med https:// eller http://, "
                + "utan mellanslag eller citattecken"),
        .labelsBadLayout: .text("okänd etikettlayout '{value}'; använd l7160, 3x8 eller letter"),
        .labelsBadSkip: .text("--skip tar 0 till {max} (redan använda platser på ett ark med {count}), inte '{value}'"),
        .labelsTooLong: .text(
            "adressen till '{id}' ({bytes} byte) kräver en för tät QR-kod för de här etiketterna; "
                + "använd en kortare --base-url eller en större --layout"),
    ]
}
