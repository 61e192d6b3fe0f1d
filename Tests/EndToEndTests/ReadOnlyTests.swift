import ArborTestSupport
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
        let directory = try TemporaryItems.folder("arbor-cwd")
        let process = Process()
        process.executableURL = ArborProcess.executable
        process.arguments = ["--no-init", "-c", "Author.including(all: Author.books)", "--format", "json"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    // MARK: :sql, ATTACH, VACUUM INTO, PRAGMA and declarations without --write

    /// Everything that could write, typed in one line-mode session, and the refusal each gets.
    static let writes: [(sql: String, refusal: Refusal)] = [
        ("INSERT INTO book VALUES (4, 2, 'The Left Hand of Darkness', 1969)", .writes),
        ("UPDATE book SET title = 'x'", .writes),
        ("DELETE FROM book", .writes),
        ("CREATE TABLE genre (id INTEGER PRIMARY KEY)", .writes),
        ("DROP TABLE book", .writes),
        ("ALTER TABLE book ADD COLUMN isbn TEXT", .writes),
        ("CREATE TEMP TABLE scratch (x)", .writes),
        ("VACUUM", .writes),
        ("VACUUM INTO 'FOLDER/copy.sqlite'", .writes),
        ("ATTACH 'FOLDER/attached.sqlite' AS other", .returnsNoRows),
        ("PRAGMA user_version = 42", .writes),
        ("PRAGMA journal_mode = DELETE", .writes),
        ("PRAGMA journal_mode = WAL", .writes),
        ("PRAGMA wal_checkpoint(TRUNCATE)", .writes),
        ("PRAGMA writable_schema = ON", .returnsNoRows),
        ("PRAGMA query_only = OFF", .returnsNoRows),
        ("BEGIN IMMEDIATE", .writes),
        ("BEGIN", .returnsNoRows),
        ("REINDEX", .returnsNoRows),
        ("ANALYZE", .writes),
        ("INSERT INTO book VALUES (5, 1, 'Omoo', 1847) RETURNING id", .writes),
    ]

    /// A statement as an error shows it after `:sql `: a long one is cut 160
    /// characters in (the paths in it are as long as the temporary folder's).
    static func shown(_ statement: String) -> String {
        statement.count > 160 ? String(statement.prefix(160)) + "…" : statement
    }

    /// The underline of a statement: at most 120 characters, as errors draw it.
    static func underline(_ statement: String) -> String {
        "^" + String(repeating: "~", count: min(statement.count, 120) - 1)
    }

    enum Refusal {
        case writes, returnsNoRows

        var message: String {
            switch self {
            case .writes: "this statement writes (data, schema or a file), and the database is open read-only"
            case .returnsNoRows:
                "this statement returns no rows; a read-only session runs only statements that read rows "
                    + "(not ATTACH, PRAGMA settings or transactions)"
            }
        }
    }

    /// Runs every write of `writes`, declarations and requests on `path`
    /// without `--write`: each is refused with its located error, and no byte
    /// of the database, its companions or its folder changes.
    func assertWritesAreRefused(
        _ path: String, sharedMemoryMayChange: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let before = FileSnapshot(path)
        let statements = Self.writes.map { $0.sql.replacingOccurrences(of: "FOLDER", with: folder) }
        let input =
            statements.map { ":sql " + $0 }.joined(separator: "\n") + """

                extension Book { static let writer = belongsTo(Author.self, using: ForeignKey(["authorId"])) }
                Book.including(required: Book.writer).fetchCount()
                :sql SELECT count(*) AS books FROM book
                """
        let result = try ArborProcess.run([path], stdin: input)
        XCTAssertEqual(result.status, 1, file: file, line: line)
        var expected = ""
        for (statement, write) in zip(statements, Self.writes) {
            expected += """
                error: \(write.refusal.message)
                  :sql \(Self.shown(statement))
                       \(Self.underline(statement))
                  reopen with `arbor --write \(path)` to run it

                """
        }
        XCTAssertEqual(result.stderr, expected, file: file, line: line)
        XCTAssertEqual(result.stdout, "3\nbooks\n-----\n3\n", file: file, line: line)
        if sharedMemoryMayChange {
            XCTAssertEqual(
                FileSnapshot(path).withoutSharedMemoryContent, before.withoutSharedMemoryContent,
                "no byte of the database and its -wal, and no file changed", file: file, line: line)
        } else {
            XCTAssertEqual(FileSnapshot(path), before, "no byte and no file changed", file: file, line: line)
        }
    }

    func testRawSQLWritesLeaveARollbackJournalDatabaseUntouched() throws {
        try assertWritesAreRefused(try Fixture.database(Fixture.library))
    }

    /// A WAL database without `-wal` is opened `immutable`: not even a `-shm` appears.
    func testRawSQLWritesLeaveAWALDatabaseUntouched() throws {
        let path = try Fixture.database("PRAGMA journal_mode=WAL;\n" + Fixture.library)
        XCTAssertEqual(FileSnapshot(path).files.keys.sorted(), [""])
        try assertWritesAreRefused(path)
    }

    /// A WAL database with rows in its `-wal` and its `-shm`: the database and
    /// its `-wal` keep their bytes; the `-shm` (shared memory, no content) its size.
    func testRawSQLWritesLeaveAWALDatabaseAndItsCompanionsUntouched() throws {
        let path = try Fixture.walDatabase(
            Fixture.library.replacingOccurrences(of: ", (3, 2, 'The Dispossessed', 1974)", with: ""),
            rowsInWAL: "INSERT INTO book VALUES (3, 2, 'The Dispossessed', 1974);")
        XCTAssertEqual(FileSnapshot(path).files.keys.sorted(), ["", "-shm", "-wal"])
        try assertWritesAreRefused(path, sharedMemoryMayChange: true)
    }

    /// `EXPLAIN` shows the program of a write without running it.
    func testExplainOfAWriteRunsWithoutWriting() throws {
        let path = try Fixture.database(Fixture.library)
        let before = FileSnapshot(path)
        let result = try ArborProcess.run([
            path, "-c", ":sql EXPLAIN QUERY PLAN DELETE FROM book WHERE id = 1", "-c", ":sql EXPLAIN DELETE FROM book",
            "-c", "Book.fetchCount()",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("SEARCH book USING INTEGER PRIMARY KEY (rowid=?)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("OpenWrite"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\n3\n"), result.stdout)
        XCTAssertEqual(FileSnapshot(path), before)
    }

    func testTheDemoRefusesRawWritesAndCreatesNoFile() throws {
        let folder = try Fixture.folder()
        let process = Process()
        process.executableURL = ArborProcess.executable
        let attach = "ATTACH '\(folder)/attached.sqlite' AS other"
        process.arguments = ["--no-init", "--write", "-c", ":sql \(attach)"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(
            stderr,
            """
            error: \(Refusal.returnsNoRows.message)
              :sql \(Self.shown(attach))
                   \(Self.underline(attach))
              the demo database is read-only; open a copy of a file with `--write` to change it

            """)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        let delete = try ArborProcess.run(["--write", "-c", ":sql DELETE FROM book", "-c", "Book.fetchCount()"])
        XCTAssertEqual(delete.status, 1)
        XCTAssertTrue(delete.stderr.hasPrefix("error: \(Refusal.writes.message)\n"), delete.stderr)
    }

    // MARK: --write

    func testWriteRunsRawSQLAndSaysWhatChanged() throws {
        let path = try Fixture.database(Fixture.library)
        let before = FileSnapshot(path)
        let result = try ArborProcess.run([
            path, "--write",
            "-c", ":sql INSERT INTO book VALUES (4, 2, 'The Left Hand of Darkness', 1969), (5, 1, 'Omoo', 1847)",
            "-c", ":sql UPDATE book SET year = year + 1 WHERE authorId = 1",
            "-c", ":sql DELETE FROM book WHERE id = 5",
            "-c", "Book.fetchCount()",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "2 rows changed\n3 rows changed\n1 row changed\n4\n")
        XCTAssertNotEqual(FileSnapshot(path).files[""], before.files[""])
        let check = try ArborProcess.run([path, "-c", ":sql SELECT id, year FROM book ORDER BY id"])
        XCTAssertEqual(
            check.stdout,
            """
            id  year
            --  ----
            1   1852
            2   1847
            3   1974
            4   1969

            """)
    }

    /// With `--write`, only `:sql` writes: requests (even with SQL snippets) and declarations change nothing.
    func testWriteKeepsRequestsAndDeclarationsFromWriting() throws {
        let path = try Fixture.database(Fixture.library)
        let before = FileSnapshot(path)
        let result = try ArborProcess.run(
            [path, "--write", "--format", "json"],
            stdin: """
                extension Author { static let works = hasMany(Book.self) }
                Author.annotated(with: Author.works.count).having(Author.works.count > 1)
                Book.filter(sql: "1; DELETE FROM book")
                Book.filter(sql: "id IN (SELECT id FROM book)").order(sql: "title")
                Book.select(sql: "(SELECT count(*) FROM pragma_table_info('book'))")
                """)
        XCTAssertEqual(result.status, 1, "the statement with two statements in its SQL fails")
        XCTAssertEqual(FileSnapshot(path), before)
    }

    // MARK: Missing files

    /// A path that does not exist is an error, with or without `--write`, and no file appears.
    func testAMissingPathIsAnErrorNeverANewDatabase() throws {
        let folder = try Fixture.folder()
        let path = folder + "/missing.sqlite"
        for arguments in [[path], [path, "--write"], [path, "--write", "-c", ":sql CREATE TABLE t (x)"]] {
            let result = try ArborProcess.run(arguments)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "arbor: \(path): no such file\n")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        }
    }
}
