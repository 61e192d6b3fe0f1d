import ArborCore
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborSession

// The test database's types, compiled: what the app's `fetchAll` gives.
private struct OwnerTable: TableRecord {
    static let databaseTableName = "owner"
    static let items = hasMany(ItemTable.self, key: "items")
}
private struct ItemTable: TableRecord {
    static let databaseTableName = "item"
    static let owner = belongsTo(OwnerTable.self, key: "owner")
}
private struct Owner: Decodable, FetchableRecord {
    var id: Int64
    var name: String
}
private enum Kind: String, Decodable { case tool, toy }
private struct Small: Decodable, FetchableRecord {
    var id: Int64
    var small: Int8
}
private struct Unsigned: Decodable, FetchableRecord {
    var id: Int64
    var small: UInt
}
private struct Noted: Decodable, FetchableRecord {
    var id: Int64
    var note: String
}
private struct Counted: Decodable, FetchableRecord {
    var id: Int64
    var amount: Int64
}
private struct Kinded: Decodable, FetchableRecord {
    var id: Int64
    var kind: Kind
}
private struct Stamped: Decodable, FetchableRecord {
    var id: Int64
    var stamp: Date
}
private struct OwnerNotes: Decodable, FetchableRecord {
    var owner: Owner
    var items: [Noted]
}
private struct OwnerCounts: Decodable, FetchableRecord {
    var owner: Owner
    var items: [Counted]
}
private struct NotedWithOwner: Decodable, FetchableRecord {
    var item: Noted
    var owner: Owner
}
private struct OwnerSmalls: Decodable, FetchableRecord {
    var id: Int64
    var items: [Int8]
}
private struct Tag: Decodable {
    var a: Int64
}
private struct Tagged: Decodable, FetchableRecord {
    var id: Int64
    var note: Tag
}
// A piece, its holder, and the holder's nation (`nested` database).
private struct NationTable: TableRecord {
    static let databaseTableName = "nation"
}
private struct HolderTable: TableRecord {
    static let databaseTableName = "holder"
    static let nation = belongsTo(NationTable.self, key: "nation")
}
private struct PieceTable: TableRecord {
    static let databaseTableName = "piece"
    static let holder = belongsTo(HolderTable.self, key: "holder")
}
private struct NationPart: Decodable, FetchableRecord {
    var id: Int64
    var name: String
}
private struct HolderPart: Decodable, FetchableRecord {
    var nickname: String
    var nation: NationPart?
}
private struct PieceInfo: Decodable, FetchableRecord {
    var id: Int64
    var holder: HolderPart?
}
private struct PieceNation: Decodable, FetchableRecord {
    var id: Int64
    var nickname: String?
    var nation: NationPart?
}

/// The decoding check decodes a row only when no row alike decoded before
/// (`DecodingAdmission`). Each test's database has rows that decode, then, further
/// down, a row that differs from them only in what one property reads (its storage
/// class, its range, its value): arbor must fail on the same row, with the same
/// error, as the app's compiled `fetchAll`.
final class DecodingAdmissionTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try TemporaryItems.folder("admission")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A database of 3 owners and their items; `items` are the values of
    /// (small, note, amount, kind, stamp, ownerId), one item per tuple.
    private func database(_ items: [String]) throws -> String {
        let path = directory.appendingPathComponent("items-\(UUID().uuidString).sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE owner(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE item(
                        id INTEGER PRIMARY KEY, small, note, amount, kind, stamp,
                        ownerId INTEGER REFERENCES owner(id));
                    CREATE INDEX item_ownerId ON item(ownerId);
                    INSERT INTO owner VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');
                    """)
            for (index, values) in items.enumerated() {
                try db.execute(sql: "INSERT INTO item VALUES (\(index + 1), \(values))")
            }
        }
        try queue.close()
        return path
    }

    /// A database of pieces, their holders and the holders' nations, with `rows`
    /// inserted after the schema.
    private func nestedDatabase(_ rows: String) throws -> String {
        let path = directory.appendingPathComponent("nested-\(UUID().uuidString).sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE nation(id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE holder(id INTEGER PRIMARY KEY, nickname TEXT, nationId INTEGER REFERENCES nation(id));
                    CREATE INDEX holder_nationId ON holder(nationId);
                    CREATE TABLE piece(id INTEGER PRIMARY KEY, holderId INTEGER REFERENCES holder(id));
                    CREATE INDEX piece_holderId ON piece(holderId);
                    """ + rows)
        }
        try queue.close()
        return path
    }

    /// The app's verdict: the 1-based row its `fetchAll` fails on and GRDB's error,
    /// or nil when every row decodes.
    private func grdbFailure<R: FetchableRecord>(_ path: String, _ request: QueryInterfaceRequest<R>) throws -> (
        row: Int, error: String
    )? {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            do {
                _ = try R.fetchAll(db, request)
                return nil
            } catch {
                // GRDB decodes rows in order: the first that fails is the one.
                let rows = try Row.fetchAll(db, request)
                let index = rows.firstIndex { (try? R(row: $0)) == nil } ?? -1
                return (index + 1, String(describing: error))
            }
        }
    }

    /// Arbor's verdict for `statement` after `declarations`.
    private func arborFailure(_ path: String, _ declarations: String, _ statement: String) throws -> (
        row: Int, error: String
    )? {
        let session = try Session(path: path)
        guard case .silent? = session.run(declarations).last else {
            XCTFail("declarations do not run")
            return nil
        }
        switch session.run(statement).last {
        case .rows?: return nil
        case .failure(let errors, _)?:
            let message = errors.first?.message ?? ""
            guard let row = message.range(of: "on row "), let comma = message[row.upperBound...].firstIndex(of: ","),
                let rowNumber = Int(message[row.upperBound..<comma]),
                let error = message.range(of: "GRDB throws ")
            else {
                XCTFail(message)
                return nil
            }
            return (rowNumber, String(message[error.upperBound...]))
        case let other:
            XCTFail("\(statement): \(String(describing: other))")
            return nil
        }
    }

    private func assertSameFailure<R: FetchableRecord>(
        _ items: [String], _ declarations: String, _ statement: String, _ request: QueryInterfaceRequest<R>,
        failsOn expectedRow: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = try database(items)
        let grdb = try grdbFailure(path, request)
        XCTAssertEqual(grdb?.row, expectedRow, "GRDB", file: file, line: line)
        let arbor = try arborFailure(path, declarations, statement)
        XCTAssertEqual(arbor?.row, grdb?.row, statement, file: file, line: line)
        XCTAssertEqual(arbor?.error, grdb?.error, statement, file: file, line: line)
    }

    /// Rows of every kind that decode, many of each: all decode, none is refused.
    func testRowsThatDecodeAreAllShown() throws {
        let items = (0..<300).map { i in
            "\(i % 100), \(i % 3 == 0 ? "NULL" : "'n\(i)'"), \(i), 'tool', '2020-01-\(10 + i % 20)', \(1 + i % 3)"
        }
        let path = try database(items)
        let session = try Session(path: path)
        _ = session.run(
            "struct Stamped: Decodable, FetchableRecord { var id: Int64; var small: Int8; var note: String?; var stamp: Date }"
        )
        let result = try session.requestResult("try Stamped.fetchAll(db, Item.all())")
        XCTAssertEqual(result.rows.count, 300)
        XCTAssertEqual(result.rows.last?.values.first, 300.databaseValue)
    }

    func testAnIntegerOutOfRangeAfterRowsInRangeFails() throws {
        try assertSameFailure(
            ["1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 1", "300, 'c', 3, 'tool', NULL, 1"],
            "struct Small: Decodable, FetchableRecord { var id: Int64; var small: Int8 }",
            "try Small.fetchAll(db, Item.all())", ItemTable.all().asRequest(of: Small.self), failsOn: 3)
    }

    func testANegativeIntegerForAnUnsignedPropertyFails() throws {
        try assertSameFailure(
            ["1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 1", "-2, 'c', 3, 'tool', NULL, 1"],
            "struct Unsigned: Decodable, FetchableRecord { var id: Int64; var small: UInt }",
            "try Unsigned.fetchAll(db, Item.all())", ItemTable.all().asRequest(of: Unsigned.self), failsOn: 3)
    }

    func testANullAfterTextsFails() throws {
        try assertSameFailure(
            ["1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 1", "3, NULL, 3, 'tool', NULL, 1"],
            "struct Noted: Decodable, FetchableRecord { var id: Int64; var note: String }",
            "try Noted.fetchAll(db, Item.all())", ItemTable.all().asRequest(of: Noted.self), failsOn: 3)
    }

    /// From a statement GRDB reads an INTEGER of any text (SQLite converts it); from
    /// a prefetched row, which holds values, it refuses the text.
    func testATextAfterIntegersDecodesFromAStatementButFailsInAList() throws {
        let items = [
            "1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 2", "3, 'c', 3, 'tool', NULL, 3",
            "4, 'd', 'many', 'tool', NULL, 3",
        ]
        let counted = "struct Counted: Decodable, FetchableRecord { var id: Int64; var amount: Int64 }"
        let path = try database(items)
        XCTAssertNil(try grdbFailure(path, ItemTable.all().asRequest(of: Counted.self)))
        XCTAssertNil(try arborFailure(path, counted, "try Counted.fetchAll(db, Item.all())"))
        try assertSameFailure(
            items,
            counted + "\nstruct OwnerCounts: Decodable, FetchableRecord { var owner: Owner; var items: [Counted] }",
            "try OwnerCounts.fetchAll(db, Owner.including(all: Owner.items))",
            OwnerTable.including(all: OwnerTable.items).asRequest(of: OwnerCounts.self), failsOn: 3)
    }

    func testARawValueOutsideTheEnumAfterValidOnesFails() throws {
        try assertSameFailure(
            [
                "1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'toy', NULL, 1", "3, 'c', 3, 'tool', NULL, 1",
                "4, 'd', 4, 'boat', NULL, 1",
            ],
            """
            enum Kind: String, Decodable { case tool, toy }
            struct Kinded: Decodable, FetchableRecord { var id: Int64; var kind: Kind }
            """,
            "try Kinded.fetchAll(db, Item.all())", ItemTable.all().asRequest(of: Kinded.self), failsOn: 4)
    }

    func testADateTextThatDoesNotParseAfterOnesThatDoFails() throws {
        try assertSameFailure(
            [
                "1, 'a', 1, 'tool', '2020-01-01', 1", "2, 'b', 2, 'tool', '2020-01-02 10:00', 1",
                "3, 'c', 3, 'tool', 'soon', 1",
            ],
            "struct Stamped: Decodable, FetchableRecord { var id: Int64; var stamp: Date }",
            "try Stamped.fetchAll(db, Item.all())", ItemTable.all().asRequest(of: Stamped.self), failsOn: 3)
    }

    /// Each element of a list is judged on its own: the third owner's second item fails.
    func testANullInALaterOwnersItemsFails() throws {
        try assertSameFailure(
            [
                "1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 1", "3, 'c', 3, 'tool', NULL, 2",
                "4, 'd', 4, 'tool', NULL, 3", "5, NULL, 5, 'tool', NULL, 3",
            ],
            "struct OwnerNotes: Decodable, FetchableRecord { var owner: Owner; var items: [Noted] }\n"
                + "struct Noted: Decodable, FetchableRecord { var id: Int64; var note: String }",
            "try OwnerNotes.fetchAll(db, Owner.including(all: Owner.items))",
            OwnerTable.including(all: OwnerTable.items).asRequest(of: OwnerNotes.self), failsOn: 3)
    }

    /// A missing optional include after present ones: the non-optional `owner` fails.
    func testAMissingOwnerAfterPresentOnesFails() throws {
        try assertSameFailure(
            ["1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 2", "3, 'c', 3, 'tool', NULL, NULL"],
            "struct NotedWithOwner: Decodable, FetchableRecord { var item: Noted; var owner: Owner }\n"
                + "struct Noted: Decodable, FetchableRecord { var id: Int64; var note: String }",
            "try NotedWithOwner.fetchAll(db, Item.including(optional: Item.owner))",
            ItemTable.including(optional: ItemTable.owner).asRequest(of: NotedWithOwner.self), failsOn: 3)
    }

    /// A list of scalars reads each element's first column: an `Int8` out of range
    /// in a later owner's list fails, though no property is keyed by that column.
    func testAnIntegerOutOfRangeInAListOfScalarsFails() throws {
        try assertSameFailure(
            [
                "1, 'a', 1, 'tool', NULL, 1", "2, 'b', 2, 'tool', NULL, 1", "3, 'c', 3, 'tool', NULL, 2",
                "300, 'd', 4, 'tool', NULL, 3",
            ],
            "struct OwnerSmalls: Decodable, FetchableRecord { var id: Int64; var items: [Int8] }",
            "try OwnerSmalls.fetchAll(db, Owner.including(all: Owner.items.select(Column(\"small\"))))",
            OwnerTable.including(all: OwnerTable.items.select(Column("small"))).asRequest(of: OwnerSmalls.self),
            failsOn: 3)
    }

    /// A record property whose key is a column decodes that column's JSON: a later
    /// text of the same storage class that is not the record fails.
    func testAJSONColumnThatDoesNotDecodeAfterOnesThatDoFails() throws {
        try assertSameFailure(
            [
                "1, '{\"a\": 1}', 1, 'tool', NULL, 1", "2, '{\"a\": 2}', 2, 'tool', NULL, 1",
                "3, '{\"a\": \"x\"}', 3, 'tool', NULL, 1",
            ],
            "struct Tag: Decodable { var a: Int64 }\n"
                + "struct Tagged: Decodable, FetchableRecord { var id: Int64; var note: Tag }",
            "try Tagged.fetchAll(db, Item.all())", ItemTable.all().asRequest(of: Tagged.self), failsOn: 3)
    }

    /// GRDB decodes an optional include when any value of its scope is not NULL,
    /// its nested scopes' included (`Row.containsNonNullValue`): a holder whose own
    /// columns are NULL but whose nation is there is decoded, and fails, where one
    /// without a nation is nil.
    func testAnIncludeWhoseColumnsAreNullButWhoseNestedIncludeIsNotIsDecoded() throws {
        let path = try nestedDatabase(
            """
            INSERT INTO nation VALUES (1, 'France');
            INSERT INTO holder VALUES (1, NULL, NULL), (2, NULL, 1);
            INSERT INTO piece VALUES (1, 1), (2, 1), (3, 2);
            """)
        let request = PieceTable.including(
            optional: PieceTable.holder.select(Column("nickname")).including(optional: HolderTable.nation))
        let grdb = try grdbFailure(path, request.asRequest(of: PieceInfo.self))
        XCTAssertEqual(grdb?.row, 3)
        let arbor = try arborFailure(
            path,
            """
            struct NationPart: Decodable, FetchableRecord { var id: Int64; var name: String }
            struct HolderPart: Decodable, FetchableRecord { var nickname: String; var nation: NationPart? }
            struct PieceInfo: Decodable, FetchableRecord { var id: Int64; var holder: HolderPart? }
            """,
            "try PieceInfo.fetchAll(db, Piece.including(optional: Piece.holder.select(Column(\"nickname\")).including(optional: Holder.nation)))"
        )
        XCTAssertEqual(arbor?.row, grdb?.row)
        XCTAssertEqual(arbor?.error, grdb?.error)
        // Shown as GRDB holds it: the holder is there, with its nation.
        let session = try Session(path: path)
        guard
            case .rows(let result)? = session.run(
                "Piece.including(optional: Piece.holder.select(Column(\"nickname\")).including(optional: Holder.nation))"
            ).last, result.rows.count == 3, case .toOne(let holder?) = result.rows[2].children.first?.value,
            case .toOne(let nation?) = holder.children.first?.value
        else { return XCTFail("the third piece shows no holder") }
        XCTAssertEqual(holder.values, [.null])
        XCTAssertEqual(nation.values, [1.databaseValue, "France".databaseValue])
        guard case .toOne(nil) = result.rows[0].children.first?.value else {
            return XCTFail("the first piece's holder has only NULLs")
        }
    }

    /// Rows that hold columns the shown rows leave out (here the nation included
    /// by an annotation's association, which GRDB finds under the holder's scope)
    /// can not be judged by what is shown: each is decoded.
    func testColumnsTheShownRowsLeaveOutAreNotJudgedByTheShownRow() throws {
        let path = try nestedDatabase(
            """
            INSERT INTO nation VALUES (1, 'France'), (2, NULL);
            INSERT INTO holder VALUES (1, 'a', 1), (2, 'b', 2);
            INSERT INTO piece VALUES (1, 1), (2, 1), (3, 2);
            """)
        let request = PieceTable.annotated(
            withOptional: PieceTable.holder.select(Column("nickname")).including(optional: HolderTable.nation))
        let grdb = try grdbFailure(path, request.asRequest(of: PieceNation.self))
        XCTAssertEqual(grdb?.row, 3)
        let arbor = try arborFailure(
            path,
            """
            struct NationPart: Decodable, FetchableRecord { var id: Int64; var name: String }
            struct PieceNation: Decodable, FetchableRecord { var id: Int64; var nickname: String?; var nation: NationPart? }
            """,
            "try PieceNation.fetchAll(db, Piece.annotated(withOptional: Piece.holder.select(Column(\"nickname\")).including(optional: Holder.nation)))"
        )
        XCTAssertEqual(arbor?.row, grdb?.row)
        XCTAssertEqual(arbor?.error, grdb?.error)
    }

    // MARK: Signatures

    /// Two rows alike in what is read share a signature; a row that differs in a
    /// read value's class, range or (for an enum) value does not.
    func testSignaturesKeepWhatDecodingDependsOn() {
        let shape = RecordShape(
            typeName: "T", isFetchableRecord: true,
            properties: [
                PropertyShape(name: "small", key: "small", type: .scalar(.int8)),
                PropertyShape(
                    name: "kind", key: "kind",
                    type: .rawEnum(
                        RawEnumShape(
                            typeName: "Kind", rawType: .string, rawValues: [.text("a")],
                            isDatabaseValueConvertible: false))),
            ], origin: "")
        let admission = DecodingAdmission(shape: shape)
        func row(_ small: DatabaseValue, _ kind: DatabaseValue, _ other: DatabaseValue) -> ResultRow {
            ResultRow(names: ["small", "KIND", "other"], values: [small, kind, other], children: [])
        }
        admission.learn(row(1.databaseValue, "a".databaseValue, "x".databaseValue))
        // Another in-range integer, another unread text: admitted.
        XCTAssertTrue(admission.admits(row(100.databaseValue, "a".databaseValue, "y".databaseValue)))
        XCTAssertFalse(admission.admits(row(200.databaseValue, "a".databaseValue, "x".databaseValue)))
        XCTAssertFalse(admission.admits(row(1.databaseValue, "b".databaseValue, "x".databaseValue)))
        XCTAssertFalse(admission.admits(row(1.databaseValue, "a".databaseValue, .null)))
        XCTAssertFalse(admission.admits(row(1.5.databaseValue, "a".databaseValue, "x".databaseValue)))
    }

    /// Shown rows cut long values (the terminal's display limit): a cut value still
    /// counts by its storage class, unless its content is what decoding depends on.
    func testACutValueCountsUnlessItsContentIsRead() {
        let shape = RecordShape(
            typeName: "T", isFetchableRecord: true,
            properties: [
                PropertyShape(name: "body", key: "body", type: .scalar(.string)),
                PropertyShape(name: "stamp", key: "stamp", type: .scalar(.date)),
            ], origin: "")
        let admission = DecodingAdmission(shape: shape)
        func row(cut index: Int?) -> ResultRow {
            ResultRow(
                names: ["body", "stamp"], values: ["long text".databaseValue, "2020-01-01".databaseValue],
                children: [], cutSizes: index.map { [$0: 5_000] } ?? [:])
        }
        admission.learn(row(cut: nil))
        XCTAssertTrue(admission.admits(row(cut: 0)))
        XCTAssertFalse(admission.admits(row(cut: 1)))
    }

    /// GRDB parses a date read from a statement to the text's full length (a NUL in
    /// it fails), and one from a copied row to its first NUL: a date text holding a
    /// NUL is never judged by whether its prefix parses.
    func testADateTextWithANulIsNotAdmittedAsADateThatParses() {
        let shape = RecordShape(
            typeName: "T", isFetchableRecord: true,
            properties: [PropertyShape(name: "stamp", key: "stamp", type: .scalar(.date))], origin: "")
        let admission = DecodingAdmission(shape: shape)
        func row(_ stamp: String) -> ResultRow {
            ResultRow(names: ["stamp"], values: [stamp.databaseValue], children: [])
        }
        admission.learn(row("2020-01-01"))
        XCTAssertTrue(admission.admits(row("2021-02-03 10:00")))
        XCTAssertFalse(admission.admits(row("2020-01-01\0x")))
        admission.learn(row("2020-01-01\0x"))
        XCTAssertFalse(admission.admits(row("2020-01-01\0y")))
    }

    /// From a statement, GRDB's date parser asserts that a text holds no NUL: a debug
    /// build stops there. Arbor says so for that row, with the fix, and does not stop.
    func testADateTextWithANulReadFromTheStatementIsReportedNotReached() throws {
        let path = try database([
            "1, 'a', 1, 'tool', '2020-01-01', 1", "2, 'b', 2, 'tool', '2020-01-01' || char(0) || 'x', 1",
        ])
        let session = try Session(path: path)
        _ = session.run("struct Stamped: Decodable, FetchableRecord { var id: Int64; var stamp: Date }")
        guard case .failure(let errors, _)? = session.run("try Stamped.fetchAll(db, Item.all())").last else {
            return XCTFail("the row decodes")
        }
        XCTAssertEqual(
            errors.first?.message,
            "`Stamped.fetchAll` stops the app on row 2, decoding `Stamped.stamp` (<input 1>:1:65): GRDB traps with Assertion failed: strlen(cString) == length (GRDB's SQLiteDateParser, debug builds)"
        )
        XCTAssertEqual(
            errors.first?.suggestion,
            "the column `stamp` holds a date text with a NUL character on this row: remove it from the data (`UPDATE … SET stamp = replace(stamp, char(0), '')`), or declare the property `String`"
        )
    }
}
