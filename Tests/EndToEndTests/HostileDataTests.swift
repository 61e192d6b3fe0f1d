import ArborTestSupport
import Foundation
import XCTest

/// Data nobody cleaned, through every output of the command line: nothing raw
/// reaches the terminal in `tree`, `table`, `sql` and line mode, `json` stays
/// valid JSON with every value, and big values are cut for display with their size.
final class HostileDataTests: XCTestCase {
    /// One row per hostile value, made by SQLite itself (no binary fixture).
    static let hostileSQL = """
        CREATE TABLE item (id INTEGER PRIMARY KEY, label TEXT, t TEXT, b BLOB, r REAL, i INTEGER);
        INSERT INTO item (id, label, t) VALUES
          (1, 'escapes', char(27) || '[2J' || char(27) || ']52;c;SGVsbG8=' || char(7) || 'a' || char(8) || 'b' || char(13) || 'c' || char(127) || 'd' || char(10) || 'e' || char(9) || 'f'),
          (2, 'c1', 'x' || char(133) || char(155) || '31my'),
          (3, 'bidi', 'abc' || char(8238) || 'fed' || char(8294) || 'g'),
          (4, 'utf8', CAST(x'C328FF' AS TEXT)),
          (6, 'json', printf('%.*c', 100000, '[') || printf('%.*c', 100000, ']'));
        INSERT INTO item (id, label, t, b) VALUES (5, 'nul', CAST(x'610062' AS TEXT), x'00FF00');
        INSERT INTO item (id, label, r) VALUES (7, 'nan', 9e999 - 9e999), (8, '+inf', 9e999), (9, '-inf', -9e999);
        INSERT INTO item (id, label, i) VALUES (10, 'max', 9223372036854775807), (11, 'min', -9223372036854775807 - 1),
          (12, '2^53+1', 9007199254740993);
        """

    static func hostileDatabase() throws -> String { try Fixture.database(hostileSQL) }

    func testTreeEscapesEveryControlCharacterAndShowsTheExactRendering() throws {
        let path = try Self.hostileDatabase()
        let result = try HostileRun.run([path, "-c", "Item.filter(Column(\"id\") != 6)"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(HostileRun.terminalControls(in: result.stdout), [])
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self),
            """
            item id:1 label:"escapes" t:"\\u{1b}[2J\\u{1b}]52;c;SGVsbG8=\\u{7}a\\u{8}b\\rc\\u{7f}d\\ne\\tf" b:NULL r:NULL i:NULL
            item id:2 label:"c1" t:"x\\u{85}\\u{9b}31my" b:NULL r:NULL i:NULL
            item id:3 label:"bidi" t:"abc\\u{202e}fed\\u{2066}g" b:NULL r:NULL i:NULL
            item id:4 label:"utf8" t:"\u{FFFD}(\u{FFFD}" b:NULL r:NULL i:NULL
            item id:5 label:"nul" t:"a\\0b" b:<3 bytes> r:NULL i:NULL
            item id:7 label:"nan" t:NULL b:NULL r:NULL i:NULL
            item id:8 label:"+inf" t:NULL b:NULL r:Infinity i:NULL
            item id:9 label:"-inf" t:NULL b:NULL r:-Infinity i:NULL
            item id:10 label:"max" t:NULL b:NULL r:NULL i:9223372036854775807
            item id:11 label:"min" t:NULL b:NULL r:NULL i:-9223372036854775808
            item id:12 label:"2^53+1" t:NULL b:NULL r:NULL i:9007199254740993

            """)
    }

    func testTableEscapesEveryControlCharacter() throws {
        let path = try Self.hostileDatabase()
        let result = try HostileRun.run([
            path, "-c", "Item.select(Column(\"id\"), Column(\"t\")).filter(Column(\"id\") <= 5)", "--format", "table",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(HostileRun.terminalControls(in: result.stdout), [])
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self),
            """
            id  t
            --  -------------------------------------------------
            1   \\e[2J\\e]52;c;SGVsbG8=\\u{7}a\\u{8}b\\rc\\u{7f}d\\ne\\tf
            2   x\\u{85}\\u{9b}31my
            3   abc\\u{202e}fed\\u{2066}g
            4   \u{FFFD}(\u{FFFD}
            5   a\\u{0}b

            """)
    }

    func testJSONIsValidAndKeepsEveryValue() throws {
        let path = try Self.hostileDatabase()
        // Through the C-level fast path, and through GRDB's rows (a prefetch forces them).
        for request in [
            "Item.order(Column(\"id\"))",
            "Item.order(Column(\"id\")).including(all: Item.hasMany(Item.self, using: ForeignKey([\"i\"])).forKey(\"none\"))",
        ] {
            let result = try HostileRun.run([path, "-c", request, "--format", "json"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = String(decoding: result.stdout, as: UTF8.self)
            XCTAssertEqual(HostileRun.terminalControls(in: result.stdout), [], "controls are \\u escapes")
            let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]], text)
            XCTAssertEqual(rows.count, 12)
            func t(_ i: Int) -> String? { rows[i]["t"] as? String }
            XCTAssertEqual(t(0), "\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{7}a\u{8}b\rc\u{7F}d\ne\tf")
            XCTAssertEqual(t(1), "x\u{85}\u{9B}31my")
            XCTAssertEqual(t(2), "abc\u{202E}fed\u{2066}g")
            XCTAssertEqual(t(3), "\u{FFFD}(\u{FFFD}", "invalid UTF-8 is U+FFFD, one per maximal ill-formed subpart")
            XCTAssertTrue(text.contains(#""t":"\u001b[2J\u001b]52;c;SGVsbG8=\u0007a\u0008b\rc\u007fd\ne\tf""#), text)
            XCTAssertTrue(text.contains(#""t":"x\u0085\u009b31my""#))
            XCTAssertTrue(text.contains(#""t":"abc\u202efed\u2066g""#))
            XCTAssertEqual(rows[4]["b"] as? String, Data([0, 0xFF, 0]).base64EncodedString(), "blobs are base64")
            let deep = try XCTUnwrap(t(5))
            XCTAssertEqual(deep.count, 200_000, "nested JSON text stays text")
            XCTAssertTrue(deep.hasPrefix("[[[") && deep.hasSuffix("]]]"))
            XCTAssertTrue(rows[6]["r"] is NSNull, "SQLite stores NaN as NULL")
            XCTAssertTrue(rows[7]["r"] is NSNull, "JSON has no Infinity: null")
            XCTAssertTrue(rows[8]["r"] is NSNull)
            XCTAssertTrue(text.contains(#""i":9223372036854775807"#))
            XCTAssertTrue(text.contains(#""i":-9223372036854775808"#))
            XCTAssertTrue(text.contains(#""i":9007199254740993"#), "integers are written exactly")
            XCTAssertEqual((rows[9]["i"] as? NSNumber)?.int64Value, Int64.max)
            XCTAssertEqual((rows[10]["i"] as? NSNumber)?.int64Value, Int64.min)
        }
    }

    func testNULInTextIsKeptByTheFastPathsAndEscaped() throws {
        let path = try Self.hostileDatabase()
        let json = try HostileRun.run([path, "-c", "Item.filter(key: 5)", "--format", "json"])
        XCTAssertTrue(String(decoding: json.stdout, as: UTF8.self).contains(#""t":"a\u0000b""#))
        let tree = try HostileRun.run([path, "-c", "Item.filter(key: 5).select(Column(\"t\"))"])
        XCTAssertEqual(String(decoding: tree.stdout, as: UTF8.self), "item t:\"a\\0b\"\n")
    }

    func testLineModeEscapesTooAndErrorsEchoNoControlCharacters() throws {
        let path = try Self.hostileDatabase()
        let input =
            "Item.filter(key: 1)\n:format table\nItem.filter(key: 2).select(Column(\"t\"))\nItem.filter(Column(\"\\u{1b}[2J\") == 1)\n"
        let result = try HostileRun.run([path], stdin: Data(input.utf8))
        XCTAssertEqual(result.status, 1, "the last statement fails")
        XCTAssertEqual(HostileRun.terminalControls(in: result.stdout), [])
        XCTAssertEqual(HostileRun.terminalControls(in: Data(result.stderr.utf8)), [])
        XCTAssertTrue(result.stderr.contains("\\e[2J"), result.stderr)
        XCTAssertTrue(
            String(decoding: result.stdout, as: UTF8.self).hasSuffix("t\n-----------------\nx\\u{85}\\u{9b}31my\n"))
    }

    func testSQLFormatInlinesControlCharactersAsCharCalls() throws {
        let result = try HostileRun.run([
            "-c", #"Book.filter(Column("title") == "a\u{1b}[2J\u{85}b")"#, "--format", "sql",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(HostileRun.terminalControls(in: result.stdout), [])
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self),
            "SELECT * FROM \"book\" WHERE \"title\" = 'a'||char(27)||'[2J'||char(133)||'b';\n")
    }

    func testSQLFormatKeepsNewlineAndTabInStrings() throws {
        let result = try HostileRun.run([
            "-c", #"Book.filter(Column("title") == "a\nb\tc\u{7}d")"#, "--format", "sql",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self),
            "SELECT * FROM \"book\" WHERE \"title\" = 'a\nb\tc'||char(7)||'d';\n")
    }

    /// 100 MB of text and 100 MB of blob, made by SQLite in the test (never committed).
    func testHundredMegabyteValuesAreCutForDisplayAndWholeInJSON() throws {
        let path = try Fixture.database(
            """
            CREATE TABLE big (id INTEGER PRIMARY KEY, t TEXT, b BLOB);
            INSERT INTO big VALUES (1, printf('%.*c', 100000000, 'x'), zeroblob(100000000));
            """)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let x200 = String(repeating: "x", count: 200)
        let tree = try HostileRun.run([path, "-c", "Big.all()"])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertEqual(
            String(decoding: tree.stdout, as: UTF8.self), "big id:1 t:\"\(x200)…\" (100 MB) b:<100000000 bytes>\n")
        let table = try HostileRun.run([path, "-c", "Big.all()", "--format", "table"])
        XCTAssertTrue(
            String(decoding: table.stdout, as: UTF8.self).hasSuffix("1   \(x200)… (100 MB)  <100000000 bytes>\n"),
            String(decoding: table.stdout.prefix(500), as: UTF8.self))
        let json = try HostileRun.run([path, "-c", "Big.select(Column(\"t\"))", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: String]])
        XCTAssertEqual(rows.first?["t"]?.utf8.count, 100_000_000, "JSON is data: the value is whole")
        let blob = try HostileRun.run([path, "-c", "Big.select(Column(\"b\"))", "--format", "json"])
        XCTAssertEqual(blob.stdout.count, 133_333_349, "the blob whole, in base64 (\"[\\n{\"b\":\"…\"}\\n]\\n\")")
    }
}
