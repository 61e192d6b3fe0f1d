import Foundation
import XCTest

/// Without `--write`, the database file is never modified: its bytes, and
/// those of its `-wal`/`-shm` companions, are the same after a run.
final class ReadOnlyTests: XCTestCase {
    func snapshot(_ path: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal", "-shm", "-journal"] {
            if let data = FileManager.default.contents(atPath: path + suffix) { files[suffix] = data }
        }
        return files
    }

    func testRequestsErrorsAndDeclarationsLeaveTheFileUntouched() throws {
        let path = try Fixture.database(Fixture.library)
        let before = snapshot(path)
        XCTAssertEqual(before.keys.sorted(), [""])
        let result = try ArborProcess.run(
            [path, "--format", "json"],
            stdin: """
                Author.including(all: Author.books)
                Book.filter(Column("nope") == 1)
                extension Author { static let works = hasMany(Book.self) }
                Author.annotated(with: Author.works.count).having(Author.works.count > 1)
                Book.filter(sql: "1; DELETE FROM book")
                Book.filter(sql: "id IN (SELECT id FROM book) OR (SELECT count(*) FROM pragma_table_info('book'))")
                """)
        XCTAssertEqual(result.status, 1, "the statements with errors fail")
        XCTAssertEqual(snapshot(path), before)
    }

    func testAWALDatabaseIsReadWithoutChangingItsFiles() throws {
        let path = try Fixture.database("PRAGMA journal_mode=WAL;\n" + Fixture.library)
        let before = snapshot(path)
        let result = try ArborProcess.run([path, "-c", "Book.fetchCount()"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "3\n")
        XCTAssertEqual(snapshot(path), before)
    }

    func testTheDemoWritesNoFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbor-cwd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = ["-c", "Author.including(all: Author.books)", "--format", "json"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }
}
