import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

final class LexerTests: XCTestCase {
    /// The kinds of the tokens of `text`, without the final end of input.
    private func kinds(_ text: String, commands: Bool = false) -> [Token.Kind] {
        Array(Lexer.tokenize(text, recognizesCommands: commands).dropLast().map(\.kind))
    }

    private func errors(_ text: String) -> [ArborError] {
        Lexer.errors(in: Lexer.tokenize(text))
    }

    private func string(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let tokens = Lexer.tokenize(text)
        XCTAssertEqual(tokens.count, 2, "one token expected in \(text)", file: file, line: line)
        XCTAssertEqual(Lexer.errors(in: tokens), [], file: file, line: line)
        guard case .string(let value) = tokens.first?.kind else {
            XCTFail("not a string: \(tokens)", file: file, line: line)
            return nil
        }
        return value
    }

    private func id(_ name: String) -> Token.Kind { .identifier(name, isQuoted: false) }

    // MARK: - Names

    func testIdentifiersAndKeywords() {
        XCTAssertEqual(
            kinds("Author books _x x1 let in true café 😀 été_2"),
            [
                id("Author"), id("books"), id("_x"), id("x1"), id("let"), id("in"), id("true"), id("café"), id("😀"),
                id("été_2"),
            ])
    }

    func testBacktickQuotedIdentifiers() {
        let tokens = Lexer.tokenize("Book.`order`")
        XCTAssertEqual(tokens[2].kind, .identifier("order", isQuoted: true))
        XCTAssertEqual(tokens[2].range, SourceRange(5, 12))
        XCTAssertEqual(errors("`unterminated").map(\.range), [SourceRange(0, 13)])
        XCTAssertEqual(errors("``").count, 1)
    }

    func testDollarNames() {
        XCTAssertEqual(kinds("$0 $12 $name"), [.anonymousArgument(0), .anonymousArgument(12), id("$name")])
        let tokens = Lexer.tokenize("a $ b")
        XCTAssertEqual(tokens[1].kind, .invalid)
        XCTAssertEqual(tokens[1].errors.map(\.range), [SourceRange(2, 3)])
        XCTAssertEqual(tokens[2].kind, id("b"))
    }

    // MARK: - Numbers

    func testIntegers() {
        XCTAssertEqual(
            kinds("0 42 1_000_000 0x1F 0xff_ff 0b1010 0o17 9223372036854775807"),
            [
                .integer(0), .integer(42), .integer(1_000_000), .integer(31), .integer(0xFFFF), .integer(10),
                .integer(15), .integer(UInt64(Int64.max)),
            ])
        // Only valid after a `-`, which the parser checks.
        XCTAssertEqual(kinds("9223372036854775808"), [.integer(UInt64(Int64.max) + 1)])
        XCTAssertEqual(errors("9223372036854775808"), [])
    }

    func testIntegerOverflowIsALocatedError() {
        let errors = errors("x + 9223372036854775809")
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.range, SourceRange(4, 23))
        XCTAssertTrue(errors.first?.message.contains("overflows Int64") ?? false)
        XCTAssertEqual(self.errors("0xFFFFFFFFFFFFFFFFF").count, 1)
        XCTAssertEqual(self.errors("0xFFFFFFFFFFFFFFFF").count, 1)
    }

    func testInvalidNumbers() {
        for text in ["0x", "0b102", "0o8", "12abc", "1e", "1.5f", "0xg"] {
            let tokens = Lexer.tokenize(text)
            XCTAssertEqual(tokens.count, 2, text)
            XCTAssertEqual(tokens[0].kind, .invalid, text)
            XCTAssertEqual(tokens[0].errors.map(\.range), [SourceRange(0, text.utf8.count)], text)
        }
    }

    func testFloatingPoint() {
        XCTAssertEqual(
            kinds("1.5 1e3 1.5e-3 2E+2 1_000.25 0.5"),
            [.double(1.5), .double(1000), .double(0.0015), .double(200), .double(1000.25), .double(0.5)])
        XCTAssertEqual(errors("1e999").count, 1)
    }

    func testRangesAreNotFloatingPoint() {
        XCTAssertEqual(kinds("1...5"), [.integer(1), .operator(.closedRange), .integer(5)])
        XCTAssertEqual(kinds("1..<5"), [.integer(1), .operator(.halfOpenRange), .integer(5)])
        XCTAssertEqual(kinds("1.description"), [.integer(1), .punctuation(.dot), id("description")])
    }

    // MARK: - Strings

    func testSimpleEscapes() {
        XCTAssertEqual(string(#""a\nb\tc\rd\0e\"f\'g\\h""#), "a\nb\tc\rd\0e\"f'g\\h")
        XCTAssertEqual(string(#""\u{1F600} \u{E9} \u{41}""#), "😀 é A")
        XCTAssertEqual(string(#""""#), "")
        XCTAssertEqual(string(#""é😀""#), "é😀")
    }

    func testInvalidEscapeIsALocatedError() {
        let tokens = Lexer.tokenize(#"x + "ab\qc" + y"#)
        XCTAssertEqual(tokens[2].kind, .string("abc"))
        XCTAssertEqual(tokens[2].errors.map(\.range), [SourceRange(7, 9)])
        XCTAssertTrue(tokens[2].errors.first?.message.contains("invalid escape") ?? false)
        // Lexing goes on after the error.
        XCTAssertEqual(tokens[4].kind, id("y"))
    }

    func testInvalidUnicodeEscapes() {
        for text in [#""\u{D800}""#, #""\u{}""#, #""\u{123456789}""#, #""\u41""#, #""\u{110000}""#, #""\u{12""#] {
            XCTAssertFalse(errors(text).isEmpty, text)
        }
        XCTAssertEqual(errors(#""a\u{D800}""#).first?.range, SourceRange(2, 10))
    }

    /// GRDB's `SQL("name = \(name)")` needs the interpolations: each `\(…)` keeps its
    /// tokens, lexed with their offsets in the input.
    func testStringInterpolationKeepsTextAndTokens() {
        let tokens = Lexer.tokenize(#""name: \(author.name) \("x")!" + 1"#)
        XCTAssertEqual(tokens[0].errors, [])
        XCTAssertEqual(tokens[0].range, SourceRange(0, 30))
        XCTAssertEqual(tokens[1].kind, .operator(.plus))
        guard case .interpolatedString(let segments) = tokens[0].kind, segments.count == 5 else {
            return XCTFail("\(tokens[0].kind)")
        }
        XCTAssertEqual(segments[0], .text("name: "))
        XCTAssertEqual(segments[2], .text(" "))
        XCTAssertEqual(segments[4], .text("!"))
        guard case .interpolation(let inner, let range) = segments[1] else { return XCTFail("\(segments[1])") }
        XCTAssertEqual(range, SourceRange(7, 21))
        XCTAssertEqual(
            inner.map(\.kind),
            [
                .punctuation(.leftParen), .identifier("author", isQuoted: false), .punctuation(.dot),
                .identifier("name", isQuoted: false), .punctuation(.rightParen), .endOfInput,
            ])
        XCTAssertEqual(inner[1].range, SourceRange(9, 15))
        guard case .interpolation(let second, _) = segments[3] else { return XCTFail("\(segments[3])") }
        XCTAssertEqual(second[1].kind, .string("x"))
    }

    func testInterpolationsNestDeeplyOnlyUpToALimit() {
        // Each level is lexed by its own lexer, and parsed by its own parser, which reports its errors.
        let deep = String(repeating: #""\("#, count: 12) + "1" + String(repeating: #")""#, count: 12)
        XCTAssertEqual(
            Parser.parse(deep).errors.map(\.message), ["string interpolations nested more than 8 levels deep"])
        let eight = String(repeating: #""\("#, count: 8) + "1" + String(repeating: #")""#, count: 8)
        XCTAssertEqual(Parser.parse(eight).errors, [])
        XCTAssertEqual(
            errors(#""a \(b"#).map(\.message), ["unterminated string interpolation", "unterminated string literal"])
    }

    func testUnterminatedString() {
        let tokens = Lexer.tokenize("\"abc\nx")
        XCTAssertEqual(tokens[0].kind, .string("abc"))
        XCTAssertEqual(tokens[0].errors.map(\.range), [SourceRange(0, 4)])
        XCTAssertEqual(tokens[1].kind, id("x"))
        XCTAssertTrue(tokens[1].precededByNewline)
    }

    func testMultiLineStrings() {
        let text = """
            \"\"\"
                first
                  indented\\ttab
                joined \\
                line

                last
                \"\"\"
            """
        XCTAssertEqual(string(text), "first\n  indented\ttab\njoined line\n\nlast")
        XCTAssertEqual(string("\"\"\"\n\"\"\""), "")
        XCTAssertEqual(string("\"\"\"\r\n  a\r\n  \"\"\""), "a")
        XCTAssertEqual(string("\"\"\"\n  a \"quoted\" \"\" b\n  \"\"\""), "a \"quoted\" \"\" b")
    }

    func testMalformedMultiLineStrings() {
        XCTAssertEqual(errors("\"\"\"abc\n\"\"\"").count, 1)
        XCTAssertEqual(errors("\"\"\"\nabc\"\"\"").count, 1)
        XCTAssertEqual(errors("\"\"\"\n  a\n b\n  \"\"\"").map(\.range), [SourceRange(8, 10)])
        XCTAssertEqual(errors("\"\"\"\nnever closed").count, 1)
    }

    func testRawStrings() {
        XCTAssertEqual(string(##"#"a\nb "quoted" \#n"#"##), "a\\nb \"quoted\" \n")
        XCTAssertEqual(string(###"##"a"#b"##"###), "a\"#b")
        XCTAssertEqual(string("#\"\"\"\n  raw \\n\n  \"\"\"#"), "raw \\n")
        XCTAssertEqual(errors(##"#"\#(x)"#"##), [])
        XCTAssertEqual(errors(##"#"\(x)"#"##), [])
    }

    func testSingleQuotedStringIsAnErrorWithASuggestion() {
        let tokens = Lexer.tokenize("x == 'book'")
        XCTAssertEqual(tokens[2].kind, .string("book"))
        XCTAssertEqual(tokens[2].errors.map(\.range), [SourceRange(5, 11)])
        XCTAssertEqual(tokens[2].errors.first?.suggestion, "write \"book\"")
    }

    // MARK: - Operators and punctuation

    func testEveryOperatorLongestMatchFirst() {
        let text = "... ..< ?? || && == != === !== < <= > >= + - * / % & | ^ ~ ! << >> = -> ?"
        XCTAssertEqual(
            kinds(text),
            [
                .closedRange, .halfOpenRange, .nilCoalescing, .or, .and, .equal, .notEqual, .identical,
                .notIdentical, .less, .lessOrEqual, .greater, .greaterOrEqual, .plus, .minus, .star, .slash,
                .percent, .ampersand, .pipe, .caret, .tilde, .bang, .shiftLeft, .shiftRight, .assign, .arrow,
                .question,
            ].map { Token.Kind.operator($0) })
        XCTAssertEqual(kinds("a!==b"), [id("a"), .operator(.notIdentical), id("b")])
        XCTAssertEqual(kinds("a<-b"), [id("a"), .operator(.less), .operator(.minus), id("b")])
        XCTAssertEqual(kinds("a..b"), [id("a"), .punctuation(.dot), .punctuation(.dot), id("b")])
    }

    func testOperatorsMapToBinaryAndPrefixOperators() {
        for op in BinaryOperator.allCases {
            XCTAssertEqual(Token.Operator(rawValue: op.rawValue)?.binaryOperator, op)
        }
        XCTAssertNil(Token.Operator.assign.binaryOperator)
        XCTAssertEqual(Token.Operator.minus.prefixOperator, .negate)
        XCTAssertEqual(Token.Operator.bang.prefixOperator, .not)
        XCTAssertEqual(Token.Operator.tilde.prefixOperator, .bitwiseNot)
        XCTAssertEqual(Token.Operator.plus.prefixOperator, .plus)
    }

    func testPunctuation() {
        XCTAssertEqual(
            kinds("( ) [ ] { } , : . ; \\ @ #"),
            [
                .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .comma, .colon, .dot,
                .semicolon, .backslash, .at, .hash,
            ].map { Token.Kind.punctuation($0) })
    }

    // MARK: - Layout

    func testCommentsAndNewlineFlags() {
        let tokens = Lexer.tokenize("a // comment\nb /* one\ntwo */ c /* /* nested */ still */ d\n\n  e")
        XCTAssertEqual(tokens.dropLast().map(\.kind), [id("a"), id("b"), id("c"), id("d"), id("e")])
        XCTAssertEqual(tokens.dropLast().map(\.precededByNewline), [false, true, true, false, true])
        XCTAssertEqual(tokens.dropLast().map(\.precededBySpace), [true, true, true, true, true])
        XCTAssertEqual(Lexer.tokenize("a.b").map(\.precededBySpace), [true, false, false, false])
    }

    func testUnterminatedCommentIsReportedOnTheEndOfInput() {
        let tokens = Lexer.tokenize("a /* /* */ never closed")
        XCTAssertEqual(tokens.count, 2)
        XCTAssertEqual(tokens[1].kind, .endOfInput)
        XCTAssertEqual(tokens[1].errors.map(\.range), [SourceRange(2, 4)])
    }

    func testRangesAreUTF8OffsetsAfterMultiByteCharacters() {
        let tokens = Lexer.tokenize("\"é\" == 😀x + é")
        XCTAssertEqual(
            tokens.map(\.range),
            [
                SourceRange(0, 4), SourceRange(5, 7), SourceRange(8, 13), SourceRange(14, 15), SourceRange(16, 18),
                SourceRange(18, 18),
            ])
    }

    func testNonBreakingSpacesAreWhitespace() {
        XCTAssertEqual(kinds("a\u{00A0}b\u{2028}c"), [id("a"), id("b"), id("c")])
        XCTAssertTrue(Lexer.tokenize("a\u{2028}c")[1].precededByNewline)
    }

    func testByteOrderMarkAndShebangAreSkipped() {
        XCTAssertEqual(kinds("\u{FEFF}a"), [id("a")])
        XCTAssertEqual(kinds("#!/usr/bin/swift\nimport GRDB"), [id("import"), id("GRDB")])
    }

    // MARK: - Commands

    func testCommandsAreLinesStartingWithAColonAndALetter() {
        XCTAssertEqual(
            kinds("  :schema   book  \nBook", commands: true),
            [.command(name: "schema", argument: "book"), id("Book")])
        XCTAssertEqual(Lexer.tokenize(":load My Models.swift", recognizesCommands: true)[0].range, SourceRange(0, 21))
        XCTAssertEqual(kinds(":q", commands: true), [.command(name: "q", argument: "")])
        // The argument is raw text: no tokens, no comments, no errors.
        XCTAssertEqual(
            kinds(":load /tmp/*.swift \"x", commands: true), [.command(name: "load", argument: "/tmp/*.swift \"x")])
    }

    func testColonsThatAreNotCommands() {
        XCTAssertEqual(kinds(":help"), [.punctuation(.colon), id("help")])
        XCTAssertEqual(kinds("a :b", commands: true), [id("a"), .punctuation(.colon), id("b")])
        XCTAssertEqual(kinds("f(\n:b)", commands: true).count, 5)
        XCTAssertEqual(kinds("struct A\n  : B", commands: true).last, id("B"))
    }

    // MARK: - Robustness

    func testUnexpectedCharactersAreErrorsAndLexingGoesOn() {
        let tokens = Lexer.tokenize("a ¶ b \u{0007} c")
        XCTAssertEqual(tokens.dropLast().map(\.kind), [id("a"), .invalid, id("b"), .invalid, id("c")])
        XCTAssertEqual(tokens[1].errors.map(\.range), [SourceRange(2, 4)])
        XCTAssertEqual(tokens[3].errors.first?.message, "unexpected character U+7")
    }

    func testGarbageNeverCrashesAndRangesStayInBounds() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let text = random.garbage(maxLength: 64)
            let tokens = Lexer.tokenize(text, recognizesCommands: true)
            let length = text.utf8.count
            XCTAssertEqual(tokens.last?.kind, .endOfInput)
            for token in tokens {
                XCTAssertTrue(
                    token.range.lowerBound >= 0 && token.range.upperBound <= length, "\(text.debugDescription)")
                for error in token.errors {
                    let range = error.range ?? SourceRange(0, 0)
                    XCTAssertTrue(range.lowerBound >= 0 && range.upperBound <= length, "\(text.debugDescription)")
                }
            }
        }
    }
}

extension SplitMix64 {
    /// Random text mixing Swift punctuation, letters, digits, quotes, newlines,
    /// multi-byte characters and arbitrary bytes.
    mutating func garbage(maxLength: Int) -> String {
        let pieces = Array("()[]{}.,:;\\@#$0123456789abcXYZ _\"'`\n\t+-*/%&|^~!<>=?é😀".unicodeScalars)
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...maxLength, using: &self) {
            if Int.random(in: 0..<8, using: &self) == 0 {
                bytes.append(UInt8.random(in: 0...255, using: &self))
            } else if let scalar = pieces.randomElement(using: &self) {
                bytes.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
