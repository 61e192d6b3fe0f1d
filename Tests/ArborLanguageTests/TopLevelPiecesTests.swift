import ArborCore
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborLanguage

/// A long file is read in pieces cut between top-level declarations (`TopLevelPieces`):
/// what it gives is what reading it whole gives, the cuts never fall inside a string, a
/// comment, an `#if` or a declaration, and a piece that does not parse as the whole file
/// would sends the file back to being read whole.
final class TopLevelPiecesTests: XCTestCase {
    /// Declarations between which a cut would be wrong, each a trap for the scan.
    static let traps: [String] = [
        "struct InString { static let text = \"}\\nstruct X {\" }",
        "struct InMultilineString {\n    static let text = \"\"\"\n}\nstruct Y {\n\"\"\"\n}",
        "struct InRawString { static let text = #\"}\"\\n\"# }",
        "struct InRawMultiline {\n    static let text = ##\"\"\"\n\"\"\"#\n}\nstruct Z {\n\"\"\"##\n}",
        "struct InInterpolation { static let text = \"\\([1].map { \"\\($0) }\" }.joined())\" }",
        "/* a comment\n}\nstruct W {\n /* nested */ still a comment */\nstruct AfterComment {}",
        "#if DEBUG\nstruct InConditional {}\nstruct V {}\n#endif",
        "struct Outer {\n    struct Inner {}\n}\n",
        "// }\nstruct AfterLineComment {}",
        "let closure = {\n}\n.self\nstruct AfterContinuation {}",
    ]

    /// Declarations and traps repeated up to `bytes`, each a line of its own.
    static func text(bytes: Int, traps: [String] = traps) -> String {
        var text = "import GRDB\n"
        var i = 0
        while text.utf8.count < bytes {
            text += "struct Thing\(i): TableRecord { static let databaseTableName = \"book\"; var id: Int64 }\n"
            text += "extension Thing\(i) {\n    static let books = hasMany(Book.self)\n}\n"
            text += "/// A doc comment.\n@MainActor\nfinal class Owner\(i) {}\n"
            text += traps[i % traps.count] + "\n"
            i += 1
        }
        return text
    }

    func testCutsFallBetweenTopLevelDeclarations() {
        var text = Self.text(bytes: 40_000)
        let cuts = text.withUTF8 { TopLevelPieces.cuts(in: $0, pieceSize: 300) }
        XCTAssertGreaterThan(cuts.count, 50)
        let bytes = Array(text.utf8)
        for cut in cuts {
            XCTAssertEqual(bytes[cut.brace], UInt8(ascii: "}"))
            XCTAssertEqual(bytes[cut.lineBreak], UInt8(ascii: "\n"))
            let line = String(decoding: bytes[cut.next...].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            // Every trap's inner text starts with a declaration keyword too: none of them may follow a cut.
            XCTAssertFalse(line.hasPrefix("struct Y") || line.hasPrefix("struct Z") || line.hasPrefix("struct W"), line)
            XCTAssertFalse(line.hasPrefix("struct V") || line.hasPrefix("struct X"), line)
            XCTAssertFalse(line.contains("AfterContinuation") || line.contains("Inner"), line)
            XCTAssertTrue(
                ["struct", "extension", "@MainActor", "final"].contains { line.hasPrefix($0) }, line)
        }
    }

    func testAFileReadInPiecesReadsAsWhole() {
        let text = Self.text(bytes: 60_000)
        let pieces = read(text, pieceSize: 2_000)
        let whole = read(text, pieceSize: nil)
        XCTAssertNotNil(
            LargeStackThread.run {
                SwiftSourceReader.readInPieces(text, baseOffset: 7, flags: [], cancellation: nil, pieceSize: 2_000)
            })
        XCTAssertGreaterThan(whole.declarations.count, 500)
        XCTAssertEqual(whole.errors, [])
        assertSame(pieces, whole)
        // The notes carry places: an `#if` in a later piece is placed in the whole text.
        XCTAssertFalse(whole.notes.isEmpty)
    }

    /// The pieces shared out among threads, each run read at the same time as the others:
    /// joined in order, they give what one thread gives and what the whole file gives, the
    /// skipped text's one note ("and N more places"), top-level constants and aliases included.
    func testPiecesReadOnSeveralThreadsReadAsWhole() {
        let traps =
            Self.traps + [
                "private let limit = 10", "fileprivate typealias Alias = Thing0", "print(\"top-level code\")",
            ]
        let text = Self.text(bytes: 60_000, traps: traps)
        let whole = read(text, pieceSize: nil)
        XCTAssertTrue(whole.notes.contains { $0.message.contains("more places in this file") })
        XCTAssertGreaterThan(whole.topLevelConstants.count, 10)
        XCTAssertGreaterThan(whole.topLevelTypeAliases.count, 10)
        for threads in [2, 3, 7] {
            XCTAssertEqual(
                LargeStackThread.run {
                    SwiftSourceReader.readInPieces(
                        text, baseOffset: 7, flags: ConditionalCompilation.defaultFlags, cancellation: nil,
                        pieceSize: 2_000, threads: threads)
                }.map(\.declarations.count), whole.declarations.count, "\(threads) threads")
            assertSame(read(text, pieceSize: 2_000, threads: threads), whole, "\(threads) threads")
        }
        // A piece that does not parse sends the file to be read whole, whichever thread read it.
        let broken = text + "struct Broken { static let x = (1, }\n" + Self.text(bytes: 8_000)
        XCTAssertNil(
            LargeStackThread.run {
                SwiftSourceReader.readInPieces(
                    broken, baseOffset: 0, flags: [], cancellation: nil, pieceSize: 2_000, threads: 2)
            })
        assertSame(read(broken, pieceSize: 2_000, threads: 2), read(broken, pieceSize: nil))
    }

    /// Runs are neighbours in the file's order, none empty, of about the same length.
    func testPiecesAreSharedOutInRunsOfNeighbours() {
        var start = 0
        let pieces = [500, 100, 100, 900, 300, 300, 300, 200, 100, 1_200].map { length in
            defer { start += length }
            return FilePiece(start: start, end: start + length, firstToken: nil, lastBrace: nil)
        }
        for count in 1...12 {
            let runs = FilePiece.runs(of: pieces, count: count)
            // A run ends once it holds its share: long pieces may leave fewer runs than asked.
            XCTAssertLessThanOrEqual(runs.count, min(count, pieces.count), "\(count)")
            XCTAssertGreaterThanOrEqual(runs.count, min(count, 2), "\(count)")
            XCTAssertFalse(runs.contains { $0.isEmpty }, "\(count)")
            XCTAssertEqual(runs.flatMap { $0 }.map(\.start), pieces.map(\.start), "\(count)")
        }
        // Two runs: the second starts once the first holds half the bytes (500+100+100+900+300+300 ≥ 2,000).
        XCTAssertEqual(FilePiece.runs(of: pieces, count: 2).map { $0.map(\.length).reduce(0, +) }, [2_200, 1_800])
        XCTAssertEqual(FilePiece.runs(of: pieces, count: 0).count, 1)
    }

    func testABrokenPieceSendsTheFileToBeReadWhole() {
        let text = Self.text(bytes: 30_000) + "struct Broken { static let x = (1, }\n" + Self.text(bytes: 30_000)
        XCTAssertNil(
            LargeStackThread.run {
                SwiftSourceReader.readInPieces(text, baseOffset: 0, flags: [], cancellation: nil, pieceSize: 2_000)
            })
        let pieces = read(text, pieceSize: 2_000)
        XCTAssertFalse(pieces.errors.isEmpty)
        assertSame(pieces, read(text, pieceSize: nil))
    }

    func testWhatTheScanDoesNotFollowIsReadWhole() {
        for opening in ["let r = #/\n}\n/#\n", "let s = \"open\n", "/* open\n"] {
            var text = opening + Self.text(bytes: 20_000)
            XCTAssertEqual(text.withUTF8 { TopLevelPieces.cuts(in: $0, pieceSize: 1_000) }, [], opening)
        }
        // Short files are read whole.
        var short = Self.text(bytes: 2 * TopLevelPieces.pieceSize - 2_000)
        XCTAssertEqual(short.withUTF8 { TopLevelPieces.cuts(in: $0) }, [])
    }

    /// What the scan does not model (a bare regex literal, a quote or a comment opened or
    /// closed anywhere, a stray brace or `#if`, a NUL byte) never makes a piece read differ
    /// from the whole: random edits of a file of traps, each read both ways. Some edits are
    /// anywhere (most break a piece, and the file is read whole); others are whole lines
    /// that parse but hide a brace, a quote or a comment mark from the scan.
    func testEditedFilesReadInPiecesReadAsWhole() {
        let anywhere = [
            "\"", "\"\"\"", "#\"", "\"#", "/*", "*/", "}", "{", "\n#if DEBUG\n", "\n#endif\n", "\n", "/",
            " /\"}/ ", " /}\n/ ", "\\(", ")", "#", "//", "`", "\r", "\u{0}", "é", "\n}\nstruct Q {\n", " #/ } /# ",
        ]
        let lines = [
            "let r = /\"}/\n", "let r = /}\\n/\n", "let r = #/\n}\nstruct R {\n/#\n", "// \" /* }\n", "/* } \" */\n",
            "let s = \"}\\n\"\n", "let t = #\"}\"#\n", "#if DEBUG\n}\n#endif\n", "#if DEBUG\nstruct D {}\n#endif\n",
            "let c = \"\\(\"}\")\"\n",
        ]
        let original = Array(Self.text(bytes: 4_000).utf8)
        let lineStarts = original.indices.filter { $0 == 0 || original[$0 - 1] == UInt8(ascii: "\n") }
        var random = SplitMix64(seed: 20)
        func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }
        // Files kept in pieces, after edits anywhere and after whole lines.
        var inPieces = (anywhere: 0, lines: 0)
        for round in 0..<40 {
            var bytes = original
            if round % 3 == 0 {
                for _ in 0...pick(3) {
                    let at = pick(bytes.count)
                    if pick(2) == 0 {
                        bytes.removeSubrange(at..<min(bytes.count, at + 1 + pick(4)))
                    } else {
                        bytes.insert(contentsOf: Array(anywhere[pick(anywhere.count)].utf8), at: at)
                    }
                }
            } else {
                // From the end, so that the earlier line starts stay where they were.
                let places = (0...pick(3)).map { _ in lineStarts[pick(lineStarts.count)] }.sorted(by: >)
                for at in places { bytes.insert(contentsOf: Array(lines[pick(lines.count)].utf8), at: at) }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            assertSame(read(text, pieceSize: 500), read(text, pieceSize: nil), "round \(round)")
            let kept = LargeStackThread.run {
                SwiftSourceReader.readInPieces(text, baseOffset: 0, flags: [], cancellation: nil, pieceSize: 500)
            }
            if kept != nil, round % 3 == 0 { inPieces.anywhere += 1 }
            if kept != nil, round % 3 != 0 { inPieces.lines += 1 }
        }
        // Edits that break no piece leave the file read in pieces: each kind is compared
        // with the whole read, not only whole reads with each other.
        XCTAssertGreaterThan(inPieces.anywhere, 0, "\(inPieces)")
        XCTAssertGreaterThan(inPieces.lines, 10, "\(inPieces)")
    }

    /// Real code: GRDB's own sources, checked out beside arbor's, read in pieces and whole.
    func testGRDBsSourcesReadInPiecesReadAsWhole() throws {
        let folder = GRDBCompilation.checkouts.appendingPathComponent("GRDB.swift/GRDB")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else {
            throw XCTSkip("no GRDB checkout at \(folder.path)")
        }
        var read = 0
        var inPieces = 0
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            guard text.utf8.count >= 16_000 else { continue }
            read += 1
            let pieces = self.read(text, pieceSize: 4_000)
            assertSame(pieces, self.read(text, pieceSize: nil), file)
            let kept = LargeStackThread.run {
                SwiftSourceReader.readInPieces(text, baseOffset: 0, flags: [], cancellation: nil, pieceSize: 4_000)
            }
            if kept != nil { inPieces += 1 }
        }
        XCTAssertGreaterThan(read, 20)
        // Most are cut; the others (no declaration after a `}` at the first column) are read whole.
        XCTAssertGreaterThan(inPieces, read / 2, "\(inPieces) of \(read) read in pieces")
    }

    private func read(_ text: String, pieceSize: Int?, threads: Int = 1) -> SwiftSourceReader.Result {
        LargeStackThread.run {
            SwiftSourceReader.readOnThisThread(
                text, baseOffset: 7, flags: ConditionalCompilation.defaultFlags, cancellation: nil,
                pieceSize: pieceSize, threads: threads)
        }
    }

    private func assertSame(
        _ a: SwiftSourceReader.Result, _ b: SwiftSourceReader.Result, _ message: String = "",
        line: UInt = #line
    ) {
        XCTAssertEqual(a.declarations, b.declarations, message, line: line)
        XCTAssertEqual(a.errors, b.errors, message, line: line)
        XCTAssertEqual(a.notes, b.notes, message, line: line)
        XCTAssertEqual(a.topLevelConstants, b.topLevelConstants, message, line: line)
        XCTAssertEqual(a.fileScopedConstants, b.fileScopedConstants, message, line: line)
        XCTAssertEqual(a.topLevelTypeAliases, b.topLevelTypeAliases, message, line: line)
    }
}
