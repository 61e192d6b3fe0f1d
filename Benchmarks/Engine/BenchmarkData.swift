import Foundation
import GRDB

/// The databases the suite measures, generated deterministically on first use
/// under `.build/benchmark-data` (never committed).
enum BenchmarkData {
    static var directory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/benchmark-data")
    }

    /// The database at `path`, made by `body` the first time: in a temporary file
    /// moved into place once complete, so that an interrupted run leaves none.
    static func generate(_ path: String, _ body: (Database) throws -> Void) throws -> String {
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = path + ".tmp"
        try? FileManager.default.removeItem(atPath: temporary)
        let queue = try DatabaseQueue(path: temporary)
        try queue.write(body)
        try queue.close()
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        return path
    }

    /// A library of `authors` authors, ten books each, three prizes per book.
    static func library(authors: Int, books: Int, prizes: Int) throws -> String {
        let path = directory.appendingPathComponent("library-\(authors)-\(books)-\(prizes).sqlite").path
        return try generate(path) { db in
            try db.execute(
                sql: """
                    CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, birthYear INTEGER,
                        countryCode TEXT REFERENCES country(code));
                    CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id),
                        title TEXT NOT NULL, year INTEGER, price REAL, isbn TEXT);
                    CREATE INDEX book_authorId ON book(authorId);
                    CREATE TABLE prize (id INTEGER PRIMARY KEY, bookId INTEGER NOT NULL REFERENCES book(id),
                        name TEXT NOT NULL, year INTEGER);
                    CREATE INDEX prize_bookId ON prize(bookId);
                    INSERT INTO country VALUES ('FR', 'France'), ('GB', 'United Kingdom'), ('JP', 'Japan'),
                        ('US', 'United States'), ('RU', 'Россия');
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(authors))
                    INSERT INTO author SELECT i, 'Author "' || i || '" Ñandú', 1800 + i % 200,
                        CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN 'FR' WHEN 2 THEN 'GB' WHEN 3 THEN 'JP' WHEN 4 THEN 'US' ELSE 'RU' END
                    FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(books))
                    INSERT INTO book SELECT i, 1 + (i * 7919) % \(authors), 'Book number ' || i || ' — a title',
                        1850 + i % 170, CASE WHEN i % 10 = 0 THEN NULL ELSE (i % 5000) / 100.0 END, printf('978-%010d', i)
                    FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(prizes))
                    INSERT INTO prize SELECT i, 1 + (i * 104729) % \(books), 'Prize ' || (i % 50), 1900 + i % 120
                    FROM n;
                    """)
        }
    }

    /// 1,000 tables chained by 2,000 foreign keys (each table references the two before it).
    static func wideSchema(tables: Int = 1000) throws -> String {
        let path = directory.appendingPathComponent("schema-\(tables).sqlite").path
        return try generate(path) { db in
            for i in 0..<tables {
                let a = (i + tables - 1) % tables
                let b = (i + tables - 2) % tables
                try db.execute(
                    sql: """
                        CREATE TABLE t\(i) (id INTEGER PRIMARY KEY, name TEXT, value REAL,
                            t\(a)Id INTEGER REFERENCES t\(a)(id), t\(b)Id INTEGER REFERENCES t\(b)(id));
                        CREATE INDEX t\(i)_a ON t\(i)(t\(a)Id);
                        """)
            }
        }
    }
}
