import ArborTestSupport
import Foundation
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import XCTest

@testable import ArborLanguage

/// `TokenTrivia` finds a node's leading and trailing trivia by going down one child, where
/// swift-syntax walks every child before it: for every node of real and broken code, both
/// must give the same lengths (they place every range lowering makes).
final class TokenTriviaTests: XCTestCase {
    func testEveryNodeOfGRDBsSourcesHasSwiftSyntaxsTrivia() throws {
        let folder = GRDBCompilation.checkouts.appendingPathComponent("GRDB.swift/GRDB")
        guard let files = FileManager.default.enumerator(atPath: folder.path) else {
            throw XCTSkip("no GRDB checkout at \(folder.path)")
        }
        var nodes = 0
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            nodes += assertSameTrivia(text, file)
        }
        XCTAssertGreaterThan(nodes, 100_000)
    }

    /// Broken code: missing tokens (zero length, not present), unexpected text, empty
    /// strings and interpolations, a file of trivia alone.
    func testBrokenAndEmptyCodeHasSwiftSyntaxsTrivia() {
        let texts = [
            "", "   \n// only a comment\n", "extension Author { static let books = hasMany(",
            "struct A { var x: = }", "let s = \"\" + \"\\(x)\" + #\"\"#  // end", "f(a, , b) /* c */",
            "func f( { }", "if #available(iOS 1, *) { } else", "@attr\nstatic let x = [1, 2,] ; ;",
            "let s = \"\"\"\n  \\(a)\n  \"\"\"", "x = .\n", "struct B: { }", "enum E { case a(, b }",
        ]
        for text in texts {
            XCTAssertGreaterThan(assertSameTrivia(text, text), 0, text)
        }
    }

    /// Compares both ways of finding each node's trivia; returns how many nodes it compared.
    @discardableResult
    private func assertSameTrivia(_ text: String, _ name: String) -> Int {
        let tree = Parser.parse(source: text)
        var compared = 0
        var mismatches = 0
        func visit(_ raw: RawSyntax) {
            compared += 1
            if TokenTrivia.leading(of: raw) != raw.leadingTriviaByteLength
                || TokenTrivia.trailing(of: raw) != raw.trailingTriviaByteLength
            {
                mismatches += 1
                if mismatches <= 3 { XCTFail("\(name): \(raw.kind) has other trivia") }
            }
            guard let children = raw.layoutView?.children else { return }
            for child in children {
                if let child { visit(child) }
            }
        }
        visit(tree.raw)
        XCTAssertEqual(mismatches, 0, name)
        return compared
    }
}
