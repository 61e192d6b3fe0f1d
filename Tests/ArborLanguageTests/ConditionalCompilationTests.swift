import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborLanguage

final class ConditionalCompilationTests: XCTestCase {
    // MARK: - Helpers

    private struct Resolved {
        /// The kept tokens as written, separated by spaces.
        var kept: String
        var notes: [ConditionalNote]
        var messages: [String] { notes.map(\.message) }
    }

    private func resolve(_ text: String, flags: Set<String> = ConditionalCompilation.defaultFlags) -> Resolved {
        let tokens = Lexer.tokenize(text)
        let result = ConditionalCompilation.resolve(tokens, source: text, flags: flags)
        XCTAssertEqual(result.tokens.last?.kind, .endOfInput)
        let bytes = Array(text.utf8)
        let kept = result.tokens.filter { !$0.isEndOfInput }.map {
            String(decoding: bytes[$0.range.lowerBound..<$0.range.upperBound], as: UTF8.self)
        }
        return Resolved(kept: kept.joined(separator: " "), notes: result.notes)
    }

    /// Which branch `#if condition` takes: "yes" or "no".
    private func branch(_ condition: String, flags: Set<String> = ConditionalCompilation.defaultFlags) -> String {
        resolve("#if \(condition)\nyes\n#else\nno\n#endif", flags: flags).kept
    }

    /// The note of `#if condition`, for its reasons.
    private func note(_ condition: String, flags: Set<String> = ConditionalCompilation.defaultFlags) -> String {
        resolve("#if \(condition)\nyes\n#else\nno\n#endif", flags: flags).messages.joined(separator: " | ")
    }

    private func range(of fragment: String, in text: String) -> SourceRange {
        guard let found = text.range(of: fragment) else {
            XCTFail("no \(fragment) in \(text)")
            return .at(0)
        }
        let lower = text.utf8.distance(from: text.startIndex, to: found.lowerBound)
        return SourceRange(lower, lower + fragment.utf8.count)
    }

    // MARK: - Conditions

    func testFlagsLiteralsAndOperators() {
        XCTAssertEqual(branch("DEBUG"), "yes")
        XCTAssertEqual(branch("DEBUG", flags: []), "no")
        XCTAssertEqual(branch("RELEASE"), "no")
        XCTAssertEqual(branch("RELEASE", flags: ["RELEASE"]), "yes")
        XCTAssertEqual(branch("!DEBUG"), "no")
        XCTAssertEqual(branch("!!DEBUG"), "yes")
        XCTAssertEqual(branch("true"), "yes")
        XCTAssertEqual(branch("false"), "no")
        XCTAssertEqual(branch("DEBUG && X"), "no")
        XCTAssertEqual(branch("DEBUG && X", flags: ["DEBUG", "X"]), "yes")
        XCTAssertEqual(branch("X || DEBUG"), "yes")
        XCTAssertEqual(branch("X || Y"), "no")
        XCTAssertEqual(branch("!(DEBUG && X)"), "yes")
        XCTAssertEqual(branch("((DEBUG))"), "yes")
        // `&&` binds tighter than `||`, `!` tighter than both.
        XCTAssertEqual(branch("true || false && false"), "yes")
        XCTAssertEqual(branch("!X && X"), "no")
    }

    func testPlatformConditionsAreTrueForDefinedFlags() {
        XCTAssertEqual(branch("os(iOS)"), "no")
        XCTAssertEqual(branch("os(iOS)", flags: ["iOS"]), "yes")
        XCTAssertEqual(branch("os(macOS) || os(iOS)", flags: ["iOS"]), "yes")
        XCTAssertEqual(branch("arch(arm64)"), "no")
        XCTAssertEqual(branch("arch(arm64)", flags: ["arm64"]), "yes")
        XCTAssertEqual(branch("targetEnvironment(simulator)"), "no")
        XCTAssertEqual(branch("targetEnvironment(simulator)", flags: ["simulator"]), "yes")
    }

    func testCanImport() {
        XCTAssertEqual(branch("canImport(GRDB)"), "yes")
        XCTAssertEqual(branch("canImport(GRDB)", flags: []), "yes")
        XCTAssertEqual(branch("canImport(Foundation)"), "yes")
        XCTAssertEqual(branch("canImport(SQLite3)"), "yes")
        XCTAssertEqual(branch("canImport(UIKit)"), "no")
        XCTAssertEqual(branch("canImport(UIKit)", flags: ["UIKit"]), "yes")
        XCTAssertEqual(branch("canImport(GRDB, _version: 7.0)"), "yes")
        XCTAssertEqual(branch("canImport(Darwin.C)"), "no")
        XCTAssertEqual(branch("canImport(Darwin.C)", flags: ["Darwin.C"]), "yes")
    }

    func testVersionsAreComparedWithSwift6() {
        XCTAssertEqual(branch("swift(>=5.9)"), "yes")
        XCTAssertEqual(branch("swift(>=6)"), "yes")
        XCTAssertEqual(branch("swift(>=6.0)"), "yes")
        XCTAssertEqual(branch("swift(>=6.0.1)"), "no")
        XCTAssertEqual(branch("swift(>=6.1)"), "no")
        XCTAssertEqual(branch("swift(<6)"), "no")
        XCTAssertEqual(branch("swift(<6.0.1)"), "yes")
        XCTAssertEqual(branch("swift(< 5.10)"), "no")
        XCTAssertEqual(branch("compiler(>=5.10)"), "yes")
        XCTAssertEqual(branch("compiler(>=6.2)"), "no")
        XCTAssertEqual(branch("compiler(<6.2)"), "yes")
        // Read as written: 5.10 is not 5.1, and 10.0 is after 6.0.
        XCTAssertEqual(
            note("swift(>=5.10)"), "#if swift(>=5.10): took the first branch (swift(>=5.10) is true for Swift 6.0)")
        XCTAssertEqual(branch("swift(>=10.0)"), "no")
        XCTAssertEqual(
            note("compiler(<6.2)"),
            "#if compiler(<6.2): took the first branch (compiler(<6.2) is true for compiler 6.0)")
    }

    func testFeaturesAndAttributes() {
        XCTAssertEqual(branch("hasFeature(StrictConcurrency)"), "yes")
        XCTAssertEqual(branch("hasFeature(RetroactiveAttribute)"), "yes")
        XCTAssertEqual(branch("hasFeature(Embedded)"), "no")
        XCTAssertEqual(branch("hasFeature(Embedded)", flags: ["Embedded"]), "yes")
        XCTAssertEqual(branch("hasAttribute(retroactive)"), "yes")
        XCTAssertEqual(branch("hasAttribute(nonexistent)"), "no")
        XCTAssertEqual(branch("hasAttribute(nonexistent)", flags: ["nonexistent"]), "yes")
    }

    func testDefaultFlagsAreDebug() {
        XCTAssertEqual(ConditionalCompilation.defaultFlags, ["DEBUG"])
        let text = "#if DEBUG\nyes\n#endif"
        XCTAssertEqual(ConditionalCompilation.resolve(Lexer.tokenize(text), source: text).tokens.count, 2)
    }

    // MARK: - Groups

    func testElseifChains() {
        let text = """
            #if os(iOS)
            a
            #elseif os(macOS)
            b
            #elseif DEBUG
            c
            #else
            d
            #endif
            e
            """
        XCTAssertEqual(resolve(text, flags: ["iOS", "macOS"]).kept, "a e")
        XCTAssertEqual(resolve(text, flags: ["macOS"]).kept, "b e")
        XCTAssertEqual(resolve(text).kept, "c e")
        XCTAssertEqual(resolve(text, flags: []).kept, "d e")
        XCTAssertEqual(
            resolve(text).messages,
            ["#if os(iOS): took #elseif DEBUG (os(iOS) is false, os(macOS) is false, DEBUG is defined)"])
        XCTAssertEqual(
            resolve(text, flags: ["macOS"]).messages,
            ["#if os(iOS): took #elseif os(macOS) (os(iOS) is false, os(macOS) is true)"])
        // A chain without `#else` may take no branch.
        XCTAssertEqual(resolve("#if X\na\n#elseif Y\nb\n#endif\nc").kept, "c")
        XCTAssertEqual(
            resolve("#if X\na\n#elseif Y\nb\n#endif\nc").messages,
            ["#if X: took no branch (X is not defined, Y is not defined)"])
    }

    func testNesting() {
        let text = """
            a
            #if DEBUG
            b
              #if os(iOS)
              c
              #else
              d
                #if X
                e
                #endif
              #endif
            #else
            f
              #if os(iOS)
              g
              #endif
            #endif
            h
            """
        XCTAssertEqual(resolve(text).kept, "a b d h")
        XCTAssertEqual(resolve(text, flags: ["DEBUG", "X"]).kept, "a b d e h")
        XCTAssertEqual(resolve(text, flags: ["DEBUG", "iOS"]).kept, "a b c h")
        XCTAssertEqual(resolve(text, flags: ["iOS"]).kept, "a f g h")
        // Groups in branches not taken are skipped without a note, as Swift skips them.
        XCTAssertEqual(
            resolve(text).messages,
            [
                "#if DEBUG: took the first branch (DEBUG is defined)",
                "#if os(iOS): took #else (os(iOS) is false)",
                "#if X: took no branch (X is not defined)",
            ])
        XCTAssertEqual(
            resolve(text, flags: ["iOS"]).messages,
            ["#if DEBUG: took #else (DEBUG is not defined)", "#if os(iOS): took the first branch (os(iOS) is true)"])
    }

    func testConditionsOverSeveralLines() {
        let text = "#if os(iOS) ||\n  os(tvOS)\na\n#endif\n#if (DEBUG &&\n X)\nb\n#endif\nc"
        XCTAssertEqual(resolve(text, flags: ["tvOS"]).kept, "a c")
        XCTAssertEqual(resolve(text, flags: ["DEBUG", "X"]).kept, "b c")
        XCTAssertEqual(resolve(text).notes.map(\.range), [SourceRange(0, 25), SourceRange(35, 52)])
        // Outside parentheses, a condition ends with its line.
        XCTAssertEqual(resolve("#if DEBUG\n(x)\n#endif").kept, "( x )")
    }

    func testDirectivesOnlyAtTheStartOfALine() {
        XCTAssertEqual(resolve("a #if X\nb\n#endif").kept, "a # if X b")
        XCTAssertEqual(resolve("# if X\nb").kept, "# if X b")
        XCTAssertEqual(resolve("#warning(\"x\")\n#Preview {}").kept, "# warning ( \"x\" ) # Preview { }")
        XCTAssertEqual(resolve("a\n#if X // comment\nb\n#endif // X\nc").kept, "a c")
    }

    // MARK: - Notes

    func testNoteTextsAndRanges() {
        let text = """
            struct A {
                #if DEBUG
                static let a = 1
                #endif
            }
            #if os(iOS)
            let b = 2
            #else
            let c = 3
            #endif
            """
        let notes = resolve(text).notes
        XCTAssertEqual(
            notes.map(\.message),
            ["#if DEBUG: took the first branch (DEBUG is defined)", "#if os(iOS): took #else (os(iOS) is false)"])
        XCTAssertEqual(notes.map(\.range), [range(of: "#if DEBUG", in: text), range(of: "#if os(iOS)", in: text)])
        let firstGroup = range(of: "#if DEBUG", in: text).union(range(of: "#endif\n}", in: text))
        XCTAssertEqual(notes[0].groupRange, SourceRange(firstGroup.lowerBound, firstGroup.upperBound - 2))
        XCTAssertEqual(notes[1].groupRange, SourceRange(range(of: "#if os", in: text).lowerBound, text.utf8.count))
        XCTAssertEqual(resolve(text).kept, "struct A { static let a = 1 } let c = 3")
        XCTAssertEqual(
            note("canImport(GRDB) && !DEBUG || false"),
            "#if canImport(GRDB) && !DEBUG || false: took #else (canImport(GRDB) is true, DEBUG is defined)")
        XCTAssertEqual(note("false"), "#if false: took #else")
        XCTAssertEqual(note("DEBUG&&DEBUG"), "#if DEBUG&&DEBUG: took the first branch (DEBUG is defined)")
    }

    func testMalformedConditionsTakeTheFirstBranch() {
        let cases: [(condition: String, error: String, located: String)] = [
            ("X == Y", "expected `&&`, `||` or the end of the line, found `==`", "=="),
            ("os(iOS))", "expected `&&`, `||` or the end of the line, found `)`", ")"),
            ("os(iOS, macOS)", "expected `)` after the argument of `os`, found `,`", ","),
            ("os()", "`os` takes a name, found `)`", ")"),
            ("(X", "expected `)` to close `(`, found `yes`", "yes"),
            ("swift(5.9)", "`swift` takes `>=` or `<` and a version, as in swift(>=6.0), found `5.9`", "5.9"),
            ("swift(>=x)", "expected a version such as 6.0, found `x`", "x"),
            ("swift(>=5.)", "`5.` is not a version such as 6.0", "5."),
            ("compiler(==6)", "`compiler` takes `>=` or `<` and a version, as in compiler(>=6.0), found `==`", "=="),
            ("canImport(A, version: 1)", "expected `_version:` after `canImport(A,`", "version"),
            (
                "_endian(little)",
                "unknown condition `_endian(…)`; arbor knows os, arch, targetEnvironment, canImport, hasFeature, "
                    + "hasAttribute, swift, compiler",
                "_endian"
            ),
        ]
        for (condition, error, located) in cases {
            let text = "#if \(condition)\nyes\n#else\nno\n#endif"
            let resolved = resolve(text, flags: [])
            XCTAssertEqual(resolved.kept, "yes", condition)
            XCTAssertEqual(
                resolved.messages, ["#if \(condition): took the first branch (malformed condition: \(error))"])
            let searched = text.range(
                of: located, options: .backwards, range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex)
            let lower = searched.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
            XCTAssertEqual(resolved.notes.map(\.range), [SourceRange(lower, lower + located.utf8.count)], condition)
        }
        let missing = resolve("#if\nyes\n#endif", flags: [])
        XCTAssertEqual(missing.kept, "yes")
        XCTAssertEqual(
            missing.messages, ["#if: took the first branch (malformed condition: expected a condition after #if)"])
        XCTAssertEqual(missing.notes.map(\.range), [.at(3)])
        let unfinished = resolve("#if DEBUG &&\n#endif\nx")
        XCTAssertEqual(unfinished.kept, "x")
        XCTAssertEqual(
            unfinished.messages,
            ["#if DEBUG &&: took the first branch (malformed condition: expected a condition, found `#`)"])
        XCTAssertEqual(unfinished.notes.map(\.range), [SourceRange(13, 14)])
    }

    func testAMalformedElseifTakesTheFirstBranch() {
        let text = "#if DEBUG\na\n#elseif Y Z\nb\n#else\nc\n#endif"
        for flags: Set<String> in [[], ["DEBUG"]] {
            let resolved = resolve(text, flags: flags)
            XCTAssertEqual(resolved.kept, "a")
            XCTAssertEqual(
                resolved.messages,
                [
                    "#if DEBUG: took the first branch (malformed condition (in #elseif): expected `&&`, `||` or the end "
                        + "of the line, found `Z`)"
                ])
            XCTAssertEqual(resolved.notes.map(\.range), [range(of: "Z", in: text)])
        }
    }

    func testDeepConditionsAreMalformedNotFatal() {
        for depth in [300, 100_000] {
            let parentheses = "#if " + String(repeating: "(", count: depth) + "X" + String(repeating: ")", count: depth)
            let bangs = "#if " + String(repeating: "!", count: depth) + "X"
            for condition in [parentheses, bangs] {
                let resolved = resolve(condition + "\nyes\n#else\nno\n#endif", flags: [])
                XCTAssertEqual(resolved.kept, "yes")
                XCTAssertEqual(resolved.notes.count, 1)
                XCTAssertTrue(
                    resolved.messages.first?.hasSuffix("(malformed condition: condition nested too deep (limit 200))")
                        ?? false)
            }
        }
        // Long chains are flat, not deep.
        let chain = (0..<50_000).map { "F\($0)" }.joined(separator: " || ") + " && DEBUG"
        XCTAssertEqual(resolve("#if \(chain)\nyes\n#else\nno\n#endif", flags: ["F49999", "DEBUG"]).kept, "yes")
        XCTAssertEqual(resolve("#if \(chain)\nyes\n#else\nno\n#endif", flags: ["F49999"]).kept, "no")
        // At the limit, it is fine.
        let deep = "#if " + String(repeating: "(", count: 200) + "DEBUG" + String(repeating: ")", count: 200)
        XCTAssertEqual(resolve(deep + "\nyes\n#else\nno\n#endif").kept, "yes")
    }

    func testMisplacedDirectives() {
        XCTAssertEqual(resolve("#endif\na").kept, "a")
        XCTAssertEqual(resolve("#endif\na").messages, ["#endif without #if is ignored"])
        XCTAssertEqual(resolve("#endif\na").notes.map(\.range), [SourceRange(0, 6)])
        XCTAssertEqual(resolve("#else\na").kept, "a")
        XCTAssertEqual(resolve("#elseif X\na").messages, ["#elseif without #if is ignored"])
        let twoElses = resolve("#if X\na\n#else\nb\n#else\nc\n#endif")
        XCTAssertEqual(twoElses.kept, "b")
        XCTAssertEqual(
            twoElses.messages, ["#if X: took #else (X is not defined)", "#else after #else: its branch is never taken"])
        let unterminated = resolve("#if DEBUG\na\n#else\nb")
        XCTAssertEqual(unterminated.kept, "a")
        XCTAssertEqual(
            unterminated.messages, ["#if DEBUG: took the first branch (DEBUG is defined)", "#if DEBUG has no #endif"])
        XCTAssertEqual(unterminated.notes.map(\.range), [SourceRange(0, 9), SourceRange(0, 9)])
        XCTAssertEqual(resolve("#if DEBUG\na\n#else\nb", flags: []).kept, "b")
        let extra = resolve("#if DEBUG\na\n#endif b\nc")
        XCTAssertEqual(extra.kept, "a c")
        XCTAssertEqual(
            extra.messages,
            ["#if DEBUG: took the first branch (DEBUG is defined)", "extra tokens after #endif are ignored"])
        XCTAssertEqual(extra.notes.map(\.range), [SourceRange(0, 9), SourceRange(19, 20)])
    }

    func testManyDirectivesStayLinear() {
        // Hostile files: each case would be quadratic with a naive scan (minutes, not milliseconds).
        let elses = "#if X\na\n" + String(repeating: "#else\nb\n", count: 20_000) + "#endif"
        let resolvedElses = resolve(elses)
        XCTAssertEqual(resolvedElses.kept, "b")
        XCTAssertEqual(resolvedElses.notes.count, 20_000)
        let nested = String(repeating: "#if DEBUG\na\n", count: 20_000) + String(repeating: "#endif\n", count: 20_000)
        XCTAssertEqual(resolve(nested).notes.count, 20_000)
        XCTAssertEqual(resolve(nested, flags: []).notes.count, 1)
        let unterminated = String(repeating: "#if DEBUG\n", count: 20_000)
        XCTAssertEqual(resolve(unterminated).notes.count, 40_000)
    }

    // MARK: - Parser

    private func staticLets(_ result: ParseResult) -> [String] {
        func members(_ declaration: TypeDeclaration) -> [String] {
            declaration.members.flatMap { member -> [String] in
                switch member {
                case .property(let property) where property.isStatic:
                    if case .initializer(let value)? = property.value, case .string(let string) = value.kind {
                        return ["\(declaration.name).\(property.name) = \(string)"]
                    }
                    return ["\(declaration.name).\(property.name)"]
                case .nested(let nested): return members(nested)
                default: return []
                }
            }
        }
        return result.statements.flatMap { statement -> [String] in
            guard case .declarations(let declarations) = statement else { return [] }
            return declarations.flatMap(members)
        }
    }

    func testSourceFilesDeclareTheBranchOfTheirFlags() {
        let text = """
            import GRDB

            #if canImport(GRDB)
            struct Player: TableRecord {
            #if DEBUG
                static let databaseTableName = "debug_player"
            #else
                static let databaseTableName = "player"
            #endif
                static let team = belongsTo(Team.self)
            }
            #endif

            extension Team {
                #if os(iOS)
                static let databaseTableName = "ios_team"
                #elseif DEBUG
                static let databaseTableName = "debug_team"
                #endif
            }
            """
        let debug = Parser.parseSourceFile(text)
        XCTAssertEqual(debug.errors, [])
        XCTAssertEqual(
            staticLets(debug),
            ["Player.databaseTableName = debug_player", "Player.team", "Team.databaseTableName = debug_team"])
        XCTAssertEqual(
            debug.notes.map(\.message),
            [
                "#if canImport(GRDB): took the first branch (canImport(GRDB) is true)",
                "#if DEBUG: took the first branch (DEBUG is defined)",
                "#if os(iOS): took #elseif DEBUG (os(iOS) is false, DEBUG is defined)",
            ])
        XCTAssertEqual(
            debug.notes.map(\.range),
            [
                range(of: "#if canImport(GRDB)", in: text), range(of: "#if DEBUG", in: text),
                range(of: "#if os(iOS)", in: text),
            ])

        let release = Parser.parseSourceFile(text, flags: [])
        XCTAssertEqual(release.errors, [])
        XCTAssertEqual(staticLets(release), ["Player.databaseTableName = player", "Player.team"])
        XCTAssertEqual(
            release.notes.map(\.message),
            [
                "#if canImport(GRDB): took the first branch (canImport(GRDB) is true)",
                "#if DEBUG: took #else (DEBUG is not defined)",
                "#if os(iOS): took no branch (os(iOS) is false, DEBUG is not defined)",
            ])

        let iOS = Parser.parseSourceFile(text, flags: ["iOS"])
        XCTAssertEqual(staticLets(iOS).last, "Team.databaseTableName = ios_team")
    }

    func testStatementsTakeTheirFlagsAndNotesDoNotFail() {
        let text = "extension Book {\n#if DEBUG\n static let a = \"x\"\n#else\n static let a = \"y\"\n#endif\n}"
        XCTAssertEqual(staticLets(Parser.parse(text)), ["Book.a = x"])
        XCTAssertEqual(staticLets(Parser.parse(text, flags: ["RELEASE"])), ["Book.a = y"])
        // A malformed condition is a note, not an error: the statement still parses.
        let malformed = Parser.parse("extension Book {\n#if os(\n static let a = \"x\"\n#endif\n}")
        XCTAssertEqual(malformed.errors, [])
        XCTAssertEqual(malformed.notes.count, 1)
        XCTAssertEqual(Parser.parse("Book.all()").notes, [])
    }
}
