import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import XCTest

@testable import ArborSession

/// Files read and parsed while the database opens (`LoadAhead`, the command line's
/// `--load`) load as `Session.load(paths:)` loads them: the same declarations, summary and
/// diagnostics, and the same error for a path that cannot be read.
final class LoadAheadTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("arbor-load-ahead")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func testFilesReadAheadLoadAsTheSessionReadsThem() throws {
        try write(
            "Writer.swift",
            """
            import GRDB
            struct Writer: TableRecord {
                static let databaseTableName = "author"
                static let works = hasMany(Book.self, using: ForeignKey(["authorId"]))
            #if DEBUG
                static let debugOnly = hasMany(Book.self, using: ForeignKey(["translatorId"]))
            #endif
            }
            """)
        // GRDB refuses it: `book` has two foreign keys to `author`.
        try write("Refused.swift", "import GRDB\nextension Author { static let everyBook = hasMany(Book.self) }\n")
        let read = try Session(path: nil)
        let readReport = try read.load(paths: [directory.path])
        let ahead = try Session(path: nil)
        let aheadReport = try LoadAhead(paths: [directory.path], defines: []).load(into: ahead)
        XCTAssertEqual(aheadReport.summary, readReport.summary)
        XCTAssertEqual(aheadReport.diagnostics, readReport.diagnostics)
        XCTAssertTrue(aheadReport.hasErrors)
        XCTAssertEqual(
            ahead.environment.catalog.associations(of: "author").map(\.name).sorted(),
            read.environment.catalog.associations(of: "author").map(\.name).sorted())
        XCTAssertNotNil(ahead.environment.catalog.association(named: "debugOnly", of: "author"))
    }

    func testFilesParsedWithOtherFlagsThanTheSessionsAreParsedAgain() throws {
        try write(
            "Flags.swift",
            """
            import GRDB
            #if FOO
            struct Foo: TableRecord { static let databaseTableName = "book" }
            #else
            struct NotFoo: TableRecord { static let databaseTableName = "book" }
            #endif
            """)
        let plain = try Session(path: nil)
        _ = try LoadAhead(paths: [directory.path], defines: ["FOO"]).load(into: plain)
        XCTAssertEqual(plain.environment.typeNames.table(forType: "NotFoo"), "book")
        XCTAssertNil(plain.environment.typeNames.table(forType: "Foo"))
        let defined = try Session(path: nil)
        defined.flags = ["FOO"]
        _ = try LoadAhead(paths: [directory.path], defines: ["FOO"]).load(into: defined)
        XCTAssertEqual(defined.environment.typeNames.table(forType: "Foo"), "book")
        XCTAssertNil(defined.environment.typeNames.table(forType: "NotFoo"))
    }

    func testFilesAlreadyReadAreParsedAhead() throws {
        try write(
            "Writer.swift", "import GRDB\nstruct Writer: TableRecord { static let databaseTableName = \"author\" }\n")
        let session = try Session(path: nil)
        let report = try LoadAhead(reading: SourceFileReading(paths: [directory.path]), defines: []).load(
            into: session)
        XCTAssertEqual(report.summary, "read 1 file: 1 record type, 0 associations, 0 column sets, 0 request methods")
        XCTAssertEqual(session.environment.typeNames.table(forType: "Writer"), "author")
    }

    func testAPathThatCannotBeReadFailsAsALoadWould() throws {
        let missing = directory.appendingPathComponent("Missing.swift").path
        var expected: String?
        XCTAssertThrowsError(try Session(path: nil).load(paths: [missing])) { expected = ($0 as? ArborError)?.message }
        XCTAssertNotNil(expected)
        XCTAssertThrowsError(try LoadAhead(paths: [missing], defines: []).load(into: Session(path: nil))) {
            XCTAssertEqual(($0 as? ArborError)?.message, expected)
        }
    }
}
