import ArborCore
import ArborSession
import ArborTestSupport
import Foundation
import GRDB
import XCTest

@testable import ArborTerminal

/// Issue 6, item 3 in the schema pane: odd names are drawn quoted as `:tables`
/// shows them, escaped and measured in terminal columns, and choosing one inserts
/// text that reaches it.
final class HostileSchemaPaneTests: XCTestCase {
    func session() throws -> Session {
        let directory = try TemporaryItems.folder("arbor-pane")
        let path = directory.appendingPathComponent("hostile.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    CREATE TABLE "my table" (id INTEGER PRIMARY KEY, "first name" TEXT);
                    CREATE TABLE "書籍" (id INTEGER PRIMARY KEY, "著者" TEXT, "my table id" INTEGER REFERENCES "my table"(id));
                    CREATE TABLE "esc\u{1B}[31m" ("x\u{7}" INTEGER);
                    CREATE TABLE "order" (id INTEGER PRIMARY KEY);
                    CREATE VIRTUAL TABLE doc USING fts5(body);
                    """)
        }
        try queue.close()
        return try Session(path: path)
    }

    func draw(_ state: SchemaState, width: Int, height: Int) -> [String] {
        var buffer = ScreenBuffer(width: width, height: height)
        SchemaView.draw(state, into: &buffer, rect: buffer.bounds, focused: false)
        return buffer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testOddNamesInTheSchemaPane() throws {
        var state = SchemaState(environment: try session().environment)
        // Shadow tables of the FTS5 table are left out; everything else is listed.
        XCTAssertEqual(state.tables.map(\.name), ["my table", "書籍", "esc\u{1B}[31m", "order", "doc"])
        XCTAssertEqual(state.tables.map(\.typeName), ["MyTable", "書籍", #"Table("esc\u{1b}[31m")"#, "Order", "Doc"])
        for t in state.tables.indices { state.counts[state.tables[t].name] = .counted(t) }
        state.expanded = ["my table", "書籍", "esc\u{1B}[31m"]
        XCTAssertEqual(
            draw(state, width: 36, height: 14),
            [
                "─ Schema ──────────────────────────┬",
                "▾ \"my table\"                      0│",
                "    id integer                     │",
                "    \"first name\" text              │",
                "    書籍s hasMany → 書籍 (my table…│",
                "▾ 書籍                            1│",
                "    id integer                     │",
                "    著者 text                      │",
                "    \"my table id\" integer          │",
                "    myTable belongsTo → MyTable (m…│",
                "▾ \"esc\\e[31m\"                     2│",
                "    \"x\\u{7}\" integer               │",
                "▸ order                           3│",
                "▸ doc                             4│",
            ])
        // What choosing a line inserts reaches the table, the column or the association.
        state.selected = 9
        XCTAssertEqual(state.insertion, #"Table("esc\u{1b}[31m")"#)
        state.selected = 10
        XCTAssertEqual(state.insertion, #"Column("x\u{7}")"#)
        state.selected = 2
        XCTAssertEqual(state.insertion, #"Column("first name")"#)
        state.selected = 3
        XCTAssertEqual(state.insertion, "MyTable.書籍s")
    }
}
