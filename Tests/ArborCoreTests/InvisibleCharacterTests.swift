import ArborTestSupport
import GRDB
import XCTest

@testable import ArborCore

/// Text for people shows every invisible character escaped, except inside a
/// grapheme drawn as one visible character; widths count graphemes.
final class InvisibleCharacterTests: XCTestCase {
    func testInvisibleCharactersAreEscaped() {
        let invisible: [UInt32] = [
            0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x034F, 0x180E, 0x115F, 0x3164, 0x206A, 0x206F, 0xFFF9,
            0xFFFB, 0xE0041, 0xE007F, 0xFE0F, 0xFE00, 0xE0100,
        ]
        for value in invisible {
            guard let scalar = Unicode.Scalar(value) else { return XCTFail("\(value)") }
            let text = "a" + String(Character(scalar)) + "b"
            let hex = String(value, radix: 16)
            // After a letter a variation selector chooses its form: tested alone below.
            if (0xFE00...0xFE0F).contains(value) || value == 0xE0100 {
                XCTAssertEqual(TerminalText.escaped(String(Character(scalar)) + "x"), "\\u{\(hex)}x", hex)
                continue
            }
            XCTAssertEqual(TerminalText.escaped(text), "a\\u{\(hex)}b", hex)
        }
        // Two values that look alike are told apart.
        XCTAssertNotEqual(TerminalText.escaped("admin"), TerminalText.escaped("ad\u{200B}min"))
    }

    func testGraphemesDrawnAsOneCharacterKeepTheirJoinersAndSelectors() {
        for kept in [
            "👩\u{200D}👩\u{200D}👧", "❤\u{FE0F}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "می\u{200C}خواهم", "क\u{94D}\u{200D}ष", "1\u{FE0F}\u{20E3}",
        ] {
            XCTAssertEqual(
                TerminalText.escaped(kept), kept,
                kept.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        // A joiner between Latin letters, or after a space, joins nothing.
        XCTAssertEqual(TerminalText.escaped("x\u{200D}y"), "x\\u{200d}y")
        XCTAssertEqual(TerminalText.escaped(" \u{FE0F}"), " \\u{fe0f}")
        // Controls and bidi controls are still escaped beside them.
        XCTAssertEqual(TerminalText.escaped("❤\u{FE0F}\u{202E}\n"), "❤\u{FE0F}\\u{202e}\\n")
    }

    func testWidthsCountGraphemeClusters() {
        XCTAssertEqual(TerminalText.width("👩\u{200D}👩\u{200D}👧"), 2)
        XCTAssertEqual(TerminalText.width("🇫🇷"), 2)
        XCTAssertEqual(TerminalText.width("❤\u{FE0F}"), 2)
        XCTAssertEqual(TerminalText.width("e\u{301}"), 1)
        XCTAssertEqual(TerminalText.width("漢字"), 4)
        XCTAssertEqual(TerminalText.width("abc"), 3)
        XCTAssertEqual(TerminalText.width(TerminalText.escaped("a\u{200B}b")), 10)
    }

    /// `width` passes runs of ASCII a byte at a time and breaks only the rest into graphemes:
    /// it gives what summing each grapheme's width gives, on text where ASCII meets
    /// characters that join what comes before them (a combining accent, a keycap, CR LF).
    func testWidthsOfMixedTextAreTheirGraphemesWidths() {
        let pieces = [
            "a", "Z", " ", "(", "\r", "\n", "\r\n", "\t", "\u{1F}", "é", "e\u{301}", "\u{301}", "書", "漢", "한",
            "👩\u{200D}👩\u{200D}👧", "\u{200D}", "🇫🇷", "🇫", "❤\u{FE0F}", "\u{FE0F}", "1\u{FE0F}\u{20E3}", "👍🏽", "🏽",
            "\u{200B}", "\u{0903}", "\u{0E33}", "\u{0600}", "a\u{0308}", "\u{1160}",
        ]
        var random = SplitMix64(seed: 20)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...24, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            let expected = text.reduce(0) { $0 + TerminalText.characterWidth($1) }
            XCTAssertEqual(
                TerminalText.width(text), expected,
                text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }

    /// `escaped` returns text unchanged when a byte scan finds no control and no invisible
    /// character (`hasNothingToEscape`): the scan decodes 2-, 3- and 4-byte scalars as the
    /// scalar view does, on text mixing them with the characters that must be escaped.
    func testTheByteScanFindsWhatTheScalarsHold() {
        let pieces = [
            "a", " ", "~", "\n", "\t", "\u{7F}", "\u{1B}", "é", "\u{85}", "\u{9B}", "\u{A0}", "\u{AD}", "\u{34F}",
            "\u{7FF}", "\u{800}", "書", "한", "\u{200B}", "\u{200D}", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{FE0F}",
            "\u{FFFD}", "\u{FFFF}", "👩", "\u{E0041}", "\u{E01EF}", "\u{10FFFF}", "❤\u{FE0F}", "e\u{301}",
        ]
        var random = SplitMix64(seed: 21)
        let texts =
            pieces
            + (0..<3_000).map { _ in
                (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    pieces[Int.random(in: 0..<pieces.count, using: &random)]
                }.joined()
            }
        var clean = 0
        for text in texts {
            let expected = !text.unicodeScalars.contains {
                TerminalText.isControl($0) || InvisibleCharacters.isInvisible($0)
            }
            XCTAssertEqual(
                TerminalText.hasNothingToEscape(text), expected,
                text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            if expected { clean += 1 }
        }
        // Both answers are drawn often.
        XCTAssertGreaterThan(clean, 200)
        XCTAssertGreaterThan(texts.count - clean, 200)
    }

    /// `scalarWidth` answers 2 for CJK ideographs and Hangul syllables, and `isInvisible` no,
    /// before looking up any property: none of them is a mark, a format character or an emoji.
    func testCJKAndHangulAreWide() {
        for value in Array(0x4E00...0x9FFF) + Array(0xAC00...0xD7A3) {
            guard let scalar = Unicode.Scalar(value) else { return XCTFail("\(value)") }
            let category = scalar.properties.generalCategory
            XCTAssertFalse([.nonspacingMark, .enclosingMark, .format].contains(category), "\(value)")
            XCTAssertFalse(scalar.properties.isEmojiPresentation, "\(value)")
            XCTAssertEqual(TerminalText.scalarWidth(scalar), 2)
            XCTAssertFalse(InvisibleCharacters.isInvisible(scalar))
        }
    }

    func testTableAndTreeShowTheEscapesWhileJSONKeepsTheBytes() {
        let row = ResultRow(names: ["v"], values: ["a\u{200B}b".databaseValue], children: [])
        var writer = JSONWriter()
        writer.write(row)
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), "{\"v\":\"a\u{200B}b\"}")
    }
}
