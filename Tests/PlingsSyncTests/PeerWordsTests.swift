import PlingsKit
import PlingsSync
import Testing

/// A hub's error message and the reasons a peer gives reach a terminal only through the one
/// quoting function (issue 20, item 9).
@Suite("A peer's words are quoted")
struct PeerWordsTests {
    @Test("a hub's error and a peer's reasons reach the terminal quoted", arguments: [Language.en, .sv])
    func peerWordsQuoted(language: Language) {
        let evil = "\u{1B}]8;;http://evil\u{7}click\u{1B}]8;;\u{7}\r\n#3 placed Box (box) in Shelf (shelf)"
        let errors: [SyncError] = [
            .hub(code: "x\u{1B}[31m", message: evil), .protocolViolation(.unknownRequest(evil)),
            .protocolViolation(.notValidLine(kind: evil, text: evil)), .protocolViolation(.notHTTP(begins: evil)),
            .diverged(.seqTaken(dseq: 1, device: evil)), .transport(.notWebURL(evil)), .transport(.cannotStart(evil)),
        ]
        for error in errors {
            let text = error.message(language)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(error)")
        }
    }
}
