import ArborCore
import ArborTestSupport
import GRDB
import XCTest

@testable import ArborSession

/// Real N+1 loops, run through GRDB with `db.trace(options:)` and logged in every
/// format apps log them: arbor finds each loop, names the association it walks,
/// and proposes the request whose statements read the same rows the loop read.
final class TraceLoopTests: XCTestCase {
    var temporaryFiles: [String] = []

    override func tearDown() {
        for path in temporaryFiles { try? FileManager.default.removeItem(atPath: path) }
        temporaryFiles = []
        super.tearDown()
    }

    /// A database file made from `sql`, removed after the test.
    func database(_ sql: String) throws -> String {
        let directory = try TemporaryItems.folder("arbor-trace")
        temporaryFiles.append(directory.path)
        let path = directory.appendingPathComponent("app.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    /// The rows a proposed request reads for its association key, as text: each
    /// to-many child row, or each present to-one row.
    func childRows(of request: String, key: String, in session: Session) throws -> [String] {
        guard case .rows(let result)? = session.run(request).first else {
            XCTFail("the proposed request did not run: \(request)")
            return []
        }
        var rows: [String] = []
        for row in result.rows {
            for child in row.children where child.key == key {
                switch child.value {
                case .toMany(let children): rows += children.map { TraceRecording.text($0.values) }
                case .toOne(let child?): rows.append(TraceRecording.text(child.values))
                case .toOne(nil): break
                }
            }
        }
        return rows
    }

    func loopFinding(_ report: TraceReport, file: StaticString = #filePath, line: UInt = #line) -> TraceFinding? {
        let loops = report.findings.filter { $0.kind == .nPlusOne }
        XCTAssertEqual(loops.count, 1, "findings: \(report.findings.map(\.summary))", file: file, line: line)
        return loops.first
    }

    // MARK: The demo: Author.books, Book.author, Book.tags

    func testAuthorBooksLoopIsFoundInEveryFormatAndPrefix() throws {
        let session = try Session(path: nil)
        for style in TraceRecording.Style.allCases {
            for prefix in TraceRecording.prefixes {
                let recording = try TraceRecording.record(session.database, style: style, prefix: prefix) {
                    db, recording in
                    let authors = try AuthorRecord.fetchAll(db)
                    for author in authors {
                        let books = try author.request(for: AuthorRecord.books).fetchAll(db)
                        recording.read(books.map(\.row))
                    }
                }
                let report = session.analyzeTrace(text: recording.text)
                let context = "\(style) \(prefix.isEmpty ? "no prefix" : prefix)"
                XCTAssertEqual(report.unreadableCount, 0, context)
                guard let finding = loopFinding(report) else { continue }
                XCTAssertEqual(finding.association, "Author.books", context)
                XCTAssertEqual(finding.request, "Author.all().including(all: Author.books)", context)
                let authorCount = try session.database.read { try AuthorRecord.fetchCount($0) }
                XCTAssertEqual(finding.before, 1 + authorCount, context)
                XCTAssertEqual(finding.after, 2, context)
                // GRDB's own statements (schema pragmas) come first in a cold trace.
                let expectedLines = recording.lines.enumerated().filter {
                    $0.element.contains("FROM \"author\"") || $0.element.contains("FROM \"book\"")
                }.map { $0.offset + 1 }
                XCTAssertEqual(finding.lines, expectedLines, context)
                XCTAssertTrue(report.hasWaste)
                if style.isExpanded {
                    XCTAssertTrue(finding.measured, context)
                    XCTAssertNotNil(finding.afterSeconds, context)
                    XCTAssertTrue(finding.notes.contains { $0.hasPrefix("confirmed") }, context)
                } else if style == .profile {
                    // Not runnable without values: the time is the log's.
                    XCTAssertFalse(finding.measured, context)
                    XCTAssertNotNil(finding.beforeSeconds, context)
                }
                XCTAssertEqual(
                    try childRows(of: try XCTUnwrap(finding.request), key: "books", in: session).sorted(),
                    recording.rowsRead.sorted(), context)
            }
        }
    }

    func testBookAuthorLoopProposesAnIncludingOfTheBelongsTo() throws {
        let session = try Session(path: nil)
        let recording = try TraceRecording.record(session.database, style: .expanded) { db, recording in
            for book in try BookRecord.fetchAll(db) {
                // `if let`: books without an author are skipped, as an app does.
                guard let authorId = book.row["authorId"] as Int64? else { continue }
                if let author = try AuthorRecord.fetchOne(db, key: authorId) { recording.read([author.row]) }
            }
        }
        let report = session.analyzeTrace(text: recording.text)
        let finding = try XCTUnwrap(loopFinding(report))
        // `author` and `translator` both read authors by id: the rows of `book` say which.
        XCTAssertEqual(finding.association, "Book.author")
        XCTAssertEqual(finding.request, "Book.all().including(optional: Book.author)")
        XCTAssertEqual(finding.after, 1)
        XCTAssertEqual(
            try childRows(of: try XCTUnwrap(finding.request), key: "author", in: session).sorted(),
            recording.rowsRead.sorted())
    }

    func testThroughAssociationLoopIsFound() throws {
        let session = try Session(path: nil)
        for style in [TraceRecording.Style.expanded, .plain] {
            let recording = try TraceRecording.record(session.database, style: style) { db, recording in
                for book in try BookRecord.filter(Column("year") > 1900).fetchAll(db) {
                    recording.read(try book.request(for: BookRecord.tags).fetchAll(db).map(\.row))
                }
            }
            let report = session.analyzeTrace(text: recording.text)
            let finding = try XCTUnwrap(loopFinding(report))
            XCTAssertEqual(finding.association, "Book.tags")
            guard style.isExpanded else {
                // The log hides 1900: the request keeps the placeholder, and says so.
                XCTAssertEqual(finding.request, "Book.filter(sql: \"\\\"year\\\" > ?\").including(all: Book.tags)")
                XCTAssertTrue(finding.notes.contains { $0.contains("`?`") })
                continue
            }
            XCTAssertEqual(finding.request, "Book.filter(Column(\"year\") > 1900).including(all: Book.tags)")
            XCTAssertEqual(
                try childRows(of: try XCTUnwrap(finding.request), key: "tags", in: session).sorted(),
                recording.rowsRead.sorted())
        }
    }

    func testTheLoopsOwnFilterAndOrderRefineTheAssociation() throws {
        let session = try Session(path: nil)
        let recording = try TraceRecording.record(session.database, style: .expanded) { db, recording in
            for author in try AuthorRecord.fetchAll(db) {
                let books = try author.request(for: AuthorRecord.books)
                    .filter(Column("year") > 1950).order(Column("year").desc).fetchAll(db)
                recording.read(books.map(\.row))
            }
        }
        let report = session.analyzeTrace(text: recording.text)
        let finding = try XCTUnwrap(loopFinding(report))
        XCTAssertEqual(
            finding.request,
            "Author.all().including(all: Author.books.filter(Column(\"year\") > 1950).order(Column(\"year\").desc))")
        XCTAssertEqual(
            try childRows(of: try XCTUnwrap(finding.request), key: "books", in: session).sorted(),
            recording.rowsRead.sorted())
    }

    func testNestedLoopsAreEachFound() throws {
        let session = try Session(path: nil)
        let recording = try TraceRecording.record(session.database, style: .expanded) { db, _ in
            for author in try AuthorRecord.fetchAll(db) {
                for book in try author.request(for: AuthorRecord.books).fetchAll(db) {
                    _ = try book.request(for: BookRecord.tags).fetchAll(db)
                }
            }
        }
        let report = session.analyzeTrace(text: recording.text)
        let loops = report.findings.filter { $0.kind == .nPlusOne }
        XCTAssertEqual(Set(loops.compactMap(\.association)), ["Author.books", "Book.tags"])
        let outer = try XCTUnwrap(loops.first { $0.association == "Author.books" })
        XCTAssertEqual(outer.request, "Author.all().including(all: Author.books)")
        // The inner loop, once per author with several books: its parent is that author's books.
        let inner = try XCTUnwrap(loops.first { $0.association == "Book.tags" })
        let request = try XCTUnwrap(inner.request)
        XCTAssertTrue(request.hasPrefix("Book.filter(Column(\"authorId\") == "), request)
        XCTAssertTrue(request.hasSuffix(".including(all: Book.tags)"), request)
        XCTAssertGreaterThan(inner.occurrences, 1)
        XCTAssertTrue(inner.notes.contains { $0.hasPrefix("confirmed") }, "\(inner.notes)")
    }

    func testStatementsOverSeveralLinesAreOneStatement() throws {
        let session = try Session(path: nil)
        let recording = try TraceRecording.record(
            session.database, style: .expanded, prefix: TraceRecording.prefixes[1]
        ) { db, recording in
            for author in try Row.fetchAll(db, sql: "SELECT *\nFROM author\nWHERE id <= 3") {
                let books = try Row.fetchAll(
                    db, sql: "SELECT *\n  FROM book\n  WHERE authorId = ?\n  ORDER BY id", arguments: [author["id"]])
                recording.read(books)
            }
        }
        let report = session.analyzeTrace(text: recording.text)
        XCTAssertEqual(report.unreadableCount, 0)
        XCTAssertEqual(report.statementCount, 4)
        let finding = try XCTUnwrap(loopFinding(report))
        XCTAssertEqual(
            finding.request, "Author.filter(Column(\"id\") <= 3).including(all: Author.books.order(Column(\"id\")))")
        // The parent statement's three lines, then the first line of each loop statement.
        XCTAssertEqual(finding.lines, [1, 2, 3, 4, 8, 12])
        XCTAssertEqual(
            try childRows(of: try XCTUnwrap(finding.request), key: "books", in: session).sorted(),
            recording.rowsRead.sorted())
    }

    // MARK: Fixtures: composite keys, a link table

    static let fixture = """
        CREATE TABLE country (code TEXT NOT NULL, lang TEXT NOT NULL, name TEXT, PRIMARY KEY (code, lang)) WITHOUT ROWID;
        CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT NOT NULL, countryLang TEXT NOT NULL,
          FOREIGN KEY (countryCode, countryLang) REFERENCES country(code, lang));
        CREATE INDEX city_country ON city(countryCode, countryLang);
        INSERT INTO country VALUES ('FR', 'fr', 'France'), ('CA', 'en', 'Canada'), ('CA', 'fr', 'Canada (fr)');
        INSERT INTO city (name, countryCode, countryLang) VALUES ('Paris', 'FR', 'fr'), ('Lyon', 'FR', 'fr'),
          ('Toronto', 'CA', 'en'), ('Montréal', 'CA', 'fr'), ('Québec', 'CA', 'fr');
        CREATE TABLE playlist (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE track (id INTEGER PRIMARY KEY, title TEXT);
        CREATE TABLE playlistTrack (playlistId INTEGER NOT NULL REFERENCES playlist(id),
          trackId INTEGER NOT NULL REFERENCES track(id), PRIMARY KEY (playlistId, trackId));
        CREATE INDEX playlistTrack_track ON playlistTrack(trackId);
        INSERT INTO playlist VALUES (1, 'Morning'), (2, 'Evening'), (3, 'Empty');
        INSERT INTO track VALUES (1, 'One'), (2, 'Two'), (3, 'Three');
        INSERT INTO playlistTrack VALUES (1, 1), (1, 2), (2, 2), (2, 3);
        """

    func testCompositeKeyLoopIsFound() throws {
        let path = try database(Self.fixture)
        let session = try Session(path: path)
        for style in [TraceRecording.Style.expanded, .expandedProfile, .plain] {
            let recording = try TraceRecording.record(
                session.database, style: style, prefix: TraceRecording.prefixes[2]
            ) { db, recording in
                for country in try CountryRecord.fetchAll(db) {
                    recording.read(try country.request(for: CountryRecord.cities).fetchAll(db).map(\.row))
                }
            }
            let report = session.analyzeTrace(text: recording.text)
            let finding = try XCTUnwrap(loopFinding(report))
            XCTAssertEqual(finding.association, "Country.cities")
            XCTAssertEqual(finding.request, "Country.all().including(all: Country.cities)")
            XCTAssertEqual(finding.before, 4)
            XCTAssertEqual(
                try childRows(of: try XCTUnwrap(finding.request), key: "cities", in: session).sorted(),
                recording.rowsRead.sorted())
        }
    }

    func testLinkTableLoopIsFound() throws {
        let path = try database(Self.fixture)
        let session = try Session(path: path)
        let recording = try TraceRecording.record(session.database, style: .expandedProfile) { db, recording in
            for playlist in try PlaylistRecord.order(Column("name")).fetchAll(db) {
                recording.read(try playlist.request(for: PlaylistRecord.tracks).fetchAll(db).map(\.row))
            }
        }
        let report = session.analyzeTrace(text: recording.text)
        let finding = try XCTUnwrap(loopFinding(report))
        XCTAssertEqual(finding.association, "Playlist.tracks")
        XCTAssertEqual(finding.request, "Playlist.order(Column(\"name\")).including(all: Playlist.tracks)")
        XCTAssertTrue(finding.measured)
        XCTAssertEqual(
            try childRows(of: try XCTUnwrap(finding.request), key: "tracks", in: session).sorted(),
            recording.rowsRead.sorted())
    }
}
