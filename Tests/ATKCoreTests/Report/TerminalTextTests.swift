import ATKCore
import Testing

@Suite("terminal text: control characters from data become visible escapes")
struct TerminalTextTests {
    @Test("text without control characters is returned as is")
    func plain() {
        #expect(TerminalText.escaped("plain é 😀 \\n") == "plain é 😀 \\n")
        #expect(TerminalText.sanitizedLayout("a\nb\tc") == "a\nb\tc")
    }

    @Test("escaped: line breaks, tabs, other C0, DEL and C1 are all escaped")
    func escaped() {
        #expect(TerminalText.escaped("a\nb\rc\td") == #"a\nb\rc\td"#)
        #expect(TerminalText.escaped("\u{1B}[31mred") == #"\x1B[31mred"#)
        #expect(TerminalText.escaped("\u{0}\u{7}\u{7F}") == #"\x00\x07\x7F"#)
        #expect(TerminalText.escaped("next\u{85}line\u{9B}") == #"next\u{85}line\u{9B}"#)
        #expect(TerminalText.escaped("é\u{A0}") == "é\u{A0}")
    }

    @Test("sanitizedLayout keeps a report's line breaks and tabs, escapes the rest")
    func layout() {
        #expect(TerminalText.sanitizedLayout("a\nb\tc\rd\u{7}\u{9F}") == "a\nb\tc\\rd\\x07\\u{9F}")
    }
}
