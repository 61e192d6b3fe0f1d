import ArborTestSupport
import Foundation
import XCTest

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Files nobody vetted (issue 6, item 2): each opens a working session or
/// fails with exit status 2 and a message that says why; none crashes, none is written.
final class HostileFileTests: XCTestCase {
    /// Opening `path` (and running `:tables`) fails with status 2 and exactly `message`.
    func assertOpenFails(
        _ path: String, _ message: String, environment: [String: String] = [:], file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let before = FileSnapshot(path)
        let result = try ArborProcess.run([path, "-c", ":tables"], environment: environment)
        XCTAssertEqual(result.status, 2, file: file, line: line)
        XCTAssertEqual(result.stderr, "arbor: \(path): \(message)\n", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(FileSnapshot(path), before, file: file, line: line)
    }

    /// SQLite takes a 0-byte file for an empty database: a session with no tables, and the file stays empty.
    func testAnEmptyFileIsAnEmptyDatabaseAndStaysEmpty() throws {
        let path = try Fixture.folder() + "/empty.sqlite"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let before = FileSnapshot(path)
        let result = try ArborProcess.run(
            [path], stdin: ":tables\n:sql SELECT count(*) AS entries FROM sqlite_master\n:sql CREATE TABLE t (x)\n")
        XCTAssertEqual(result.status, 1, "the CREATE TABLE is refused")
        XCTAssertEqual(result.stdout, "no tables or views\nentries\n-------\n0\n")
        XCTAssertTrue(result.stderr.hasPrefix("error: this statement writes"), result.stderr)
        XCTAssertEqual(FileSnapshot(path), before)
        XCTAssertEqual(FileSnapshot(path).files[""], Data())
    }

    func testRandomBytesAreNotADatabase() throws {
        let path = try Fixture.folder() + "/random.sqlite"
        var generator = SystemRandomNumberGenerator()
        // Not a whole number of pages: random pages look encrypted (SimulatorAndEncryptedTests).
        let bytes = (0..<8191).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try assertOpenFails(path, "file is not a database")
    }

    /// Cut after its first page, or in the middle: a clear error at open.
    func testATruncatedDatabaseIsReportedAsDamaged() throws {
        let path = try Fixture.database(
            Fixture.library + """

                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 2000)
                INSERT INTO book SELECT 100 + x, 1, printf('%0200d', x), 1900 FROM n;
                """)
        let size = try XCTUnwrap(FileManager.default.contents(atPath: path)).count
        XCTAssertGreaterThan(size, 400_000)
        for count in [4096, size / 2] {
            let truncated = try Fixture.truncatedCopy(of: path, keeping: count)
            try assertOpenFails(truncated, "database disk image is malformed (the file is damaged or truncated)")
        }
    }

    func testADirectoryIsNotADatabase() throws {
        let path = try Fixture.folder() + "/folder.sqlite"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try assertOpenFails(path, "is a directory, not a database")
    }

    /// Root reads any file: as root, the test runs arbor as `nobody` through `setpriv`.
    func testAFileWithoutReadPermission() throws {
        let path = try Fixture.database(Fixture.library)
        XCTAssertEqual(chmod(path, 0), 0)
        var command = [ArborProcess.executable.path]
        if getuid() == 0 {
            guard let setpriv = Executables.find("setpriv") else {
                throw XCTSkip("running as root without setpriv: root reads a file without read permission")
            }
            command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
            // nobody must be able to run the binary and reach the fixture's folder.
            let probe = try Self.run(command + ["--version"])
            guard probe.status == 0 else {
                throw XCTSkip("user nobody cannot run \(ArborProcess.executable.path): \(probe.stderr)")
            }
            // A TMPDIR made by `mktemp -d` is closed to other users: the folder must be reachable.
            let folder = (path as NSString).deletingLastPathComponent
            if let ls = Executables.find("ls"),
                try Self.run([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", ls, folder]).status != 0
            {
                throw XCTSkip("user nobody cannot reach \(folder) (the temporary folder is closed to other users)")
            }
        }
        let result = try Self.run(command + [path, "-c", ":tables"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "arbor: \(path): permission denied\n")
    }

    /// Another process holds a write transaction on a rollback-journal database:
    /// arbor waits its busy timeout (`ARBOR_BUSY_TIMEOUT`), then says so.
    func testADatabaseLockedByAnotherProcess() throws {
        let path = try Fixture.database(Fixture.library)
        let shell = try SQLiteShell(path)
        try shell.sendAndWait("BEGIN EXCLUSIVE;\nDELETE FROM book;")
        try assertOpenFails(
            path, "database is locked by another process (gave up after 0.2 s)",
            environment: ["ARBOR_BUSY_TIMEOUT": "0.2"])
        try shell.close()
        let result = try ArborProcess.run([path, "-c", "Book.fetchCount()"])
        XCTAssertEqual(
            result.stdout, "3\n", "once the lock is gone, the rows the other process did not commit are there")
    }

    /// In WAL mode a writer does not block readers: the session shows the committed rows.
    func testAWALDatabaseWithAWriterInProgressOpens() throws {
        let path = try Fixture.database("PRAGMA journal_mode=WAL;\n" + Fixture.library)
        let shell = try SQLiteShell(path)
        defer { try? shell.close() }
        try shell.sendAndWait("BEGIN IMMEDIATE;\nDELETE FROM book;")
        let result = try ArborProcess.run(
            [path, "-c", "Book.fetchCount()"], environment: ["ARBOR_BUSY_TIMEOUT": "0.2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "3\n")
    }

    /// The latest rows live only in the `-wal`: they are shown; the database
    /// and its `-wal` keep their bytes, the `-shm` its size (see `FileSnapshot`).
    func testAWALDatabaseWhoseWALHoldsTheLatestRows() throws {
        let path = try Fixture.walDatabase(
            Fixture.library, rowsInWAL: "INSERT INTO book VALUES (4, 2, 'The Left Hand of Darkness', 1969);")
        let before = FileSnapshot(path)
        XCTAssertEqual(before.files.keys.sorted(), ["", "-shm", "-wal"])
        let result = try ArborProcess.run([path, "-c", ":sql SELECT id, title FROM book WHERE id > 2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            id  title
            --  -------------------------
            3   The Dispossessed
            4   The Left Hand of Darkness

            """)
        XCTAssertEqual(FileSnapshot(path).withoutSharedMemoryContent, before.withoutSharedMemoryContent)
    }

    /// Without its `-shm`, SQLite rebuilds the WAL index into a new `-shm` (it
    /// holds no data, only an index of the `-wal`), even read-only; the
    /// database and its `-wal` keep their bytes.
    func testAWALDatabaseWithoutItsSHMGetsOneAndKeepsItsBytes() throws {
        let path = try Fixture.walDatabase(
            Fixture.library, rowsInWAL: "INSERT INTO book VALUES (4, 2, 'The Left Hand of Darkness', 1969);")
        try FileManager.default.removeItem(atPath: path + "-shm")
        let before = FileSnapshot(path)
        let result = try ArborProcess.run([path, "-c", "Book.fetchCount()"])
        XCTAssertEqual(result.stdout, "4\n", result.stderr)
        let after = FileSnapshot(path)
        XCTAssertEqual(after.files[""], before.files[""])
        XCTAssertEqual(after.files["-wal"], before.files["-wal"])
        XCTAssertEqual(after.files.keys.sorted(), ["", "-shm", "-wal"])
    }

    /// Header byte 19, the read version, is 3: a format from a future SQLite.
    func testANewerFileFormatReadVersion() throws {
        let path = try Fixture.database(Fixture.library)
        try Fixture.patch(path, at: 19, with: [3])
        let result = try ArborProcess.run([path, "-c", ":tables"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix("arbor: \(path): file format read version 3 is newer than this SQLite ("),
            result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(") can read\n"), result.stderr)
    }

    /// Header bytes 44-47, the schema format number, are 5 (SQLite knows 1 to 4).
    func testANewerSchemaFormat() throws {
        let path = try Fixture.database(Fixture.library)
        try Fixture.patch(path, at: 44, with: [0, 0, 0, 5])
        let result = try ArborProcess.run([path, "-c", ":tables"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix("arbor: \(path): unsupported file format (schema format 5; "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(", reads up to 4)\n"), result.stderr)
    }

    /// Header byte 18, the write version, is 3: SQLite reads the file but will not write it, even with `--write`.
    func testANewerWriteVersionIsReadOnly() throws {
        let path = try Fixture.database(Fixture.library)
        try Fixture.patch(path, at: 18, with: [3])
        let before = FileSnapshot(path)
        let read = try ArborProcess.run([path, "-c", "Book.fetchCount()"])
        XCTAssertEqual(read.stdout, "3\n", read.stderr)
        let write = try ArborProcess.run([path, "--write", "-c", ":sql DELETE FROM book"])
        XCTAssertEqual(write.status, 1)
        XCTAssertTrue(write.stderr.hasPrefix("error: attempt to write a readonly database\n"), write.stderr)
        XCTAssertEqual(FileSnapshot(path), before)
    }

    /// A column collation and a virtual table module this SQLite does not have
    /// (`PRAGMA writable_schema` rewrites the schema): the session opens, the
    /// other tables work, and the table that cannot be read says why.
    func testAnUnknownCollationAndAnUnknownModule() throws {
        let path = try Fixture.database(
            Fixture.library + """

                CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT COLLATE NOCASE);
                INSERT INTO tag VALUES (1, 'sea');
                .dbconfig defensive off
                PRAGMA writable_schema = ON;
                UPDATE sqlite_master SET sql = replace(sql, 'COLLATE NOCASE', 'COLLATE klingon') WHERE name = 'tag';
                INSERT INTO sqlite_master VALUES ('table', 'search', 'search', 0, 'CREATE VIRTUAL TABLE search USING lucene(body)');
                """)
        let before = FileSnapshot(path)
        let result = try ArborProcess.run(
            [path],
            stdin: """
                :tables
                Author.including(all: Author.books).fetchCount()
                Tag.fetchCount()
                Tag.order(Column("label"))
                Search.all()
                Book.fetchCount()
                """)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout,
            """
            author  (table)  Author
            book  (table)  Book
            tag  (table)  Tag
            search  (virtual)  Search
            2
            1
            3

            """)
        XCTAssertEqual(
            result.stderr,
            """
            error: no such collation sequence: klingon
              Tag.order(Column("label"))
              ^~~~~~~~~~~~~~~~~~~~~~~~~~
            error: no such module: lucene
              Search.all()
              ^~~~~~~~~~~~

            """)
        XCTAssertEqual(FileSnapshot(path), before)
    }

    // MARK: Running a command line other than arbor's

    static func run(_ command: [String]) throws -> ArborProcess.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ArborProcess.environment()
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ArborProcess.Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}
