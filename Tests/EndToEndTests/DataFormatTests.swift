import ArborTestSupport
import Foundation
import XCTest

/// `--format csv`, `tsv`, `jsonl`, and `json` with several statements (docs/LANGUAGE.md §4.2):
/// CSV compared byte for byte with the `sqlite3` shell found on the `PATH`, JSON
/// read back document by document with `JSONSerialization`.
final class DataFormatTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryItems.folder("arbor-formats")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Helpers

    /// The `sqlite3` shell on the `PATH`.
    private func sqlite3() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("sqlite3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip("no sqlite3 on the PATH")
    }

    /// Runs a program, returns its status and standard output (standard input given).
    private func run(_ executable: URL, _ arguments: [String], stdin: String = "") throws -> (Int32, Data, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ArborProcess.environment(["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        )
        let output = try OutputFiles(
            in: folder, names: ("out-\(UUID().uuidString)", "err-\(UUID().uuidString)"))
        defer {
            output.close()
            try? FileManager.default.removeItem(at: output.stdoutURL)
            try? FileManager.default.removeItem(at: output.stderrURL)
        }
        let input = Pipe()
        output.attach(to: process)
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return (process.terminationStatus, output.stdoutData, output.stderrText)
    }

    private func arbor(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Data {
        let (status, out, err) = try run(ArborProcess.executable, arguments)
        XCTAssertEqual(status, 0, err, file: file, line: line)
        return out
    }

    private func database(_ sql: String) throws -> String {
        let path = folder.appendingPathComponent("db-\(UUID().uuidString).sqlite").path
        let (status, _, err) = try run(try sqlite3(), [path], stdin: sql)
        XCTAssertEqual(status, 0, err)
        return path
    }

    private func demoDatabase() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sql = try String(contentsOf: root.appendingPathComponent("Resources/library.sql"), encoding: .utf8)
        return try database(sql)
    }

    /// `arbor --format csv` of a request, and `sqlite3 -csv -header` of the SQL arbor prints for it.
    private func assertCSVMatchesSQLite(
        _ path: String, _ request: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let sqlOutput = try arbor([path, "-c", request, "--format", "sql"], file: file, line: line)
        let sql = String(decoding: sqlOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let csv = try arbor([path, "-c", request, "--format", "csv"], file: file, line: line)
        let (status, expected, err) = try run(try sqlite3(), ["-csv", "-header", path, sql])
        XCTAssertEqual(status, 0, err, file: file, line: line)
        XCTAssertFalse(expected.isEmpty, "no rows for \(request)", file: file, line: line)
        XCTAssertEqual(
            String(decoding: csv, as: UTF8.self), String(decoding: expected, as: UTF8.self), request, file: file,
            line: line)
        XCTAssertEqual(csv, expected, "bytes differ for \(request)", file: file, line: line)
    }

    /// Splits output into its JSON documents, each parsed strictly: a document ends
    /// at the first line where the text read so far parses.
    private func documents(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> [Any] {
        var documents: [Any] = []
        var pending = ""
        for text in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            pending += pending.isEmpty ? String(text) : "\n" + text
            if pending.isEmpty { continue }
            if let value = try? JSONSerialization.jsonObject(with: Data(pending.utf8), options: [.fragmentsAllowed]) {
                documents.append(value)
                pending = ""
            }
        }
        XCTAssertEqual(pending, "", "text left that is no JSON document", file: file, line: line)
        return documents
    }

    // MARK: CSV

    func testCSVOfFlatRequestsIsWhatSQLite3Prints() throws {
        let path = try demoDatabase()
        for request in [
            "Author.all()", "Country.all()", "Tag.all()", "Library.all()", "BookTag.all()",
            #"Author.filter(Column("birthYear") > 1900).order(Column("name"))"#,
            #"Book.select(Column("id"), Column("title"), Column("year")).filter(Column("language") != "en")"#,
            #"Book.filter(Column("year") < 1700).select(Column("title"), Column("year"), length(Column("title")).forKey("n"))"#,
        ] {
            try assertCSVMatchesSQLite(path, request)
        }
    }

    func testCSVOfHostileNamesAndTextsIsWhatSQLite3Prints() throws {
        let path = try database(
            """
            CREATE TABLE "odd table" ("id" INTEGER PRIMARY KEY, "a,b" TEXT, "say ""hi""\" TEXT, "it's" TEXT,
              "new
            line" TEXT, "é" TEXT, " lead" INTEGER, "" TEXT);
            INSERT INTO "odd table" VALUES
              (1, 'plain', '', NULL, 'a
            b', 'Zoë', -3, 'x'),
              (2, 'a,b', 'q"q', 'it''s', 'cr' || char(13) || 'lf', '村上春樹', 0, ' lead'),
              (3, '  ', 'tab' || char(9) || 'x', '=1+1', 'del' || char(127), '🏳️‍🌈', 9223372036854775807, ''),
              (4, '"', '""', ',', 'back\\slash', 'zero' || char(8203) || 'width', -9223372036854775808, NULL);
            """)
        try assertCSVMatchesSQLite(path, #"Table("odd table").all()"#)
        try assertCSVMatchesSQLite(path, #"Table("odd table").filter(Column("id") > 1).order(Column("id").desc)"#)
    }

    func testCSVWritesRealsInTheShortestFormThatReadsBack() throws {
        let path = try database(
            """
            CREATE TABLE measure (id INTEGER PRIMARY KEY, value REAL);
            INSERT INTO measure VALUES (1, 0.1), (2, 1e300), (3, 5.0), (4, 1e999), (5, -1e999), (6, 123456.789),
              (7, 2.2250738585072014e-308), (8, NULL);
            """)
        let csv = String(
            decoding: try arbor([path, "-c", "Measure.order(Column(\"id\"))", "--format", "csv"]), as: UTF8.self)
        let lines = csv.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "id,value")
        let values = lines.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "?"
        }
        XCTAssertEqual(values, ["0.1", "1e+300", "5.0", "Inf", "-Inf", "123456.789", "2.2250738585072014e-308", ""])
        let expected: [Double] = [0.1, 1e300, 5.0, .infinity, -.infinity, 123456.789, 2.2250738585072014e-308]
        for (text, double) in zip(values, expected) { XCTAssertEqual(Double(text), double, text) }
    }

    func testCSVShowsIncludesAsTheTableColumnsAndBlobsInBase64() throws {
        let path = try database(
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT, cover BLOB);
            INSERT INTO author VALUES (1, 'Herman Melville'), (2, 'Nobody');
            INSERT INTO book VALUES (1, 1, 'Moby-Dick', x'00ff10'), (2, 1, 'Typee', x''), (3, NULL, 'Anon', NULL);
            """)
        let books = String(
            decoding: try arbor([
                path, "-c", "Book.including(optional: Book.author).order(Column(\"id\"))", "--format", "csv",
            ]),
            as: UTF8.self)
        XCTAssertEqual(
            books,
            """
            id,authorId,title,cover,author.id,author.name
            1,1,Moby-Dick,AP8Q,1,"Herman Melville"
            2,1,Typee,"",1,"Herman Melville"
            3,,Anon,,,

            """)
        let authors = String(
            decoding: try arbor([
                path, "-c", "Author.including(all: Author.books).order(Column(\"id\"))", "--format", "csv",
            ]),
            as: UTF8.self)
        XCTAssertEqual(authors, "id,name,books\n1,\"Herman Melville\",2\n2,Nobody,0\n")
    }

    func testCSVOfNoRowsPrintsNothingAsSQLite3Does() throws {
        let out = try arbor(["-c", "Author.filter(Column(\"id\") < 0)", "--format", "csv"])
        XCTAssertEqual(out, Data())
    }

    // MARK: TSV

    func testTSVEscapesTabsLineBreaksAndBackslashes() throws {
        let path = try database(
            """
            CREATE TABLE note (id INTEGER PRIMARY KEY, "a	b" TEXT, body TEXT);
            INSERT INTO note VALUES (1, 'x', 'tab' || char(9) || 'new' || char(10) || 'cr' || char(13) || 'back\\'),
              (2, NULL, 'a, "b"');
            """)
        let tsv = String(decoding: try arbor([path, "-c", "Note.all()", "--format", "tsv"]), as: UTF8.self)
        XCTAssertEqual(tsv, "id\ta\\tb\tbody\n1\tx\ttab\\tnew\\ncr\\rback\\\\\n2\t\ta, \"b\"\n")
    }

    // MARK: JSON Lines and several JSON documents

    func testJSONLinesIsOneObjectPerRowEachLineADocument() throws {
        let out = try arbor([
            "-c", "Author.filter(Column(\"id\") <= 3).including(all: Author.books.select(Column(\"title\")))",
            "-c", "Country.limit(2)", "--format", "jsonl",
        ])
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "")
        let objects = try lines.dropLast().map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0))
        }
        XCTAssertEqual(objects.count, 5)
        XCTAssertEqual(objects.prefix(3).compactMap { $0["id"] as? Int }, [1, 2, 3])
        XCTAssertTrue(objects.prefix(3).allSatisfy { $0["books"] is [[String: Any]] })
        XCTAssertNotNil(objects[3]["code"] ?? objects[3]["name"])
    }

    func testSeveralStatementsInJSONAreOneDocumentEach() throws {
        let out = try arbor([
            "-c", "Author.limit(2)",
            "-c", "Author.fetchCount(db)",
            "-c", #"try String.fetchAll(db, sql: "SELECT name FROM author ORDER BY id LIMIT 2")"#,
            "-c", #"try String.fetchOne(db, sql: "SELECT name FROM author WHERE 0")"#,
            "-c", "let x = Author.limit(1)",
            "-c", "Author.filter(Column(\"id\") < 0)",
            "-c", "Author.books",
            "--format", "json",
        ])
        let documents = self.documents(out)
        XCTAssertEqual(documents.count, 6, String(decoding: out, as: UTF8.self))
        guard documents.count == 6 else { return }
        XCTAssertEqual((documents[0] as? [[String: Any]])?.count, 2)
        XCTAssertEqual(documents[1] as? Int, 76)
        XCTAssertEqual(documents[2] as? [String], ["Victor Hugo", "Émile Zola"])
        XCTAssertTrue(documents[3] is NSNull)
        XCTAssertEqual((documents[4] as? [Any])?.count, 0)
        XCTAssertTrue((documents[5] as? String)?.contains("hasMany") == true)
    }
    // MARK: `:sql` in the formats

    func testRawSQLInCSVIsWhatSQLite3PrintsForEachStatement() throws {
        let path = try demoDatabase()
        let sql = "SELECT id, name FROM author WHERE id < 4; SELECT code, name FROM country ORDER BY code LIMIT 3"
        let csv = try arbor([path, "-c", ":sql " + sql, "--format", "csv"])
        let (status, expected, err) = try run(try sqlite3(), ["-csv", "-header", path, sql])
        XCTAssertEqual(status, 0, err)
        XCTAssertEqual(String(decoding: csv, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        XCTAssertEqual(csv, expected)
    }

    func testRawSQLFollowsTheFormatInJSONJSONLinesSQLAndLineMode() throws {
        let sql = ":sql SELECT id, name FROM author ORDER BY id LIMIT 2; SELECT 1 AS one"
        let json = documents(try arbor(["-c", sql, "--format", "json"]))
        XCTAssertEqual(json.count, 2)
        XCTAssertEqual(
            (json.first as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Victor Hugo", "Émile Zola"])
        XCTAssertEqual((json.last as? [[String: Any]])?.first?["one"] as? Int, 1)
        let lines = String(decoding: try arbor(["-c", sql, "--format", "jsonl"]), as: UTF8.self)
            .split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        for line in lines { XCTAssertTrue(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any]) }
        let printed = String(
            decoding: try arbor(["-c", ":sql SELECT id FROM author", "--format", "sql"]), as: UTF8.self)
        XCTAssertEqual(printed, "SELECT id FROM author;\n")
        let (status, out, err) = try run(
            ArborProcess.executable, ["--no-tui"],
            stdin: ":format tsv\n:sql SELECT 'a' || char(9) || 'b' AS x, NULL AS y\n")
        XCTAssertEqual(status, 0, err)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "x\ty\na\\tb\t\n")
    }

    func testRawSQLRefusedInADataFormatFailsWithItsRange() throws {
        let (status, out, err) = try run(ArborProcess.executable, ["-c", ":sql DELETE FROM author", "--format", "csv"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out, Data())
        XCTAssertTrue(err.contains("read-only"), err)
        XCTAssertTrue(err.contains("^~~~"), err)
    }
}
