import ArborSession
import ArborTestSupport
import XCTest

/// A load's diagnostics written as bytes (`writeRenderedDiagnostics`, what `arbor --load`
/// prints) say exactly what `renderedDiagnostics` says, a line break after each, whatever
/// the number of batches, files and places.
final class RenderedDiagnosticBytesTests: XCTestCase {
    func testTheBytesWrittenAreTheRenderedDiagnosticsInBatches() throws {
        // 600 redeclarations (a note each, over 64 KB in all), in two files; a file name with
        // a control character and a member with a name beyond ASCII.
        var first = "import GRDB\nstruct Author: TableRecord {}\nstruct Book: TableRecord {}\n"
        for _ in 0..<300 { first += "extension Author { static let books = hasMany(Book.self) }\n" }
        var second = "import GRDB\n"
        for _ in 0..<300 { second += "extension Author { static let bøøks = hasMany(Book.self) }\n" }
        let folder = try TemporaryItems.folder("diagnostics")
        let paths = [folder.appendingPathComponent("A.swift").path, folder.appendingPathComponent("B\u{1}.swift").path]
        try Data(first.utf8).write(to: URL(fileURLWithPath: paths[0]))
        try Data(second.utf8).write(to: URL(fileURLWithPath: paths[1]))
        let session = try DemoSession.make()
        let report = try session.load(paths: paths)

        var batches: [[UInt8]] = []
        report.writeRenderedDiagnostics { batches.append($0) }
        let rendered = report.renderedDiagnostics
        XCTAssertGreaterThan(rendered.count, 600)
        XCTAssertGreaterThan(batches.count, 1, "more than one batch of about 64 KB")
        XCTAssertEqual(
            String(decoding: batches.joined(), as: UTF8.self), rendered.map { $0 + "\n" }.joined())
        // Each batch ends at the end of a diagnostic.
        for batch in batches { XCTAssertEqual(batch.last, UInt8(ascii: "\n")) }
        // The place, the escaped file name and the underline, as written.
        let secondFile = try XCTUnwrap(rendered.first { $0.contains("bøøks") })
        XCTAssertTrue(
            secondFile.hasPrefix(folder.path + "/B\\u{1}.swift:3:31: note: `Author.bøøks` is declared again"),
            secondFile)
        XCTAssertTrue(
            secondFile.hasSuffix(
                "static let bøøks = hasMany(Book.self) }\n" + String(repeating: " ", count: 32) + "^~~~~"), secondFile)
    }
}
