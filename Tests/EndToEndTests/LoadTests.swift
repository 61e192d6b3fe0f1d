import ArborTestSupport
import Foundation
import XCTest

/// `--load` reads a whole model file of an app, and its associations work in requests.
final class LoadTests: XCTestCase {
    static let shop = """
        CREATE TABLE customers (id INTEGER PRIMARY KEY, full_name TEXT, email TEXT, referred_by INTEGER REFERENCES customers(id));
        CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id), price_cents INTEGER);
        CREATE TABLE products (sku TEXT PRIMARY KEY, name TEXT);
        CREATE TABLE line_items (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(id), product_sku TEXT REFERENCES products(sku), quantity INTEGER, position INTEGER);
        INSERT INTO customers VALUES (1, 'Ada', 'ada@example.com', NULL), (2, 'Grace', NULL, 1);
        INSERT INTO orders VALUES (10, 1, 500), (11, 1, 700), (12, 2, 100);
        INSERT INTO products VALUES ('P1', 'Pen'), ('P2', 'Paper');
        INSERT INTO line_items VALUES (1, 10, 'P1', 2, 2), (2, 10, 'P2', 1, 1), (3, 12, 'P2', 5, 1);
        """

    var modelFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
            "Fixtures/ShopModels.swift"
        ).path
    }

    /// `Order.firstLine` is a hasOne that matches two line items of order 10: GRDB
    /// joins both, and so does arbor (the Associations guide warns about it).
    func testAModelFileLoadsAndItsAssociationsWork() throws {
        let path = try Fixture.database(Self.shop)
        let result = try ArborProcess.run([
            path, "--load", modelFile, "--format", "json",
            "-c",
            "Customer.including(optional: Customer.referrer).including(all: Customer.orderedProducts).order(Customer.Columns.id)",
            "-c", "Order.including(optional: Order.firstLine.including(optional: LineItem.product)).filter(key: 10)",
            "-c", "Customer.annotated(with: Customer.orders.count).having(Customer.orders.count >= 2)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            [
            {"id":1,"full_name":"Ada","email":"ada@example.com","referred_by":null,"referrer":null,"products":[{"sku":"P1","name":"Pen"},{"sku":"P2","name":"Paper"}]},
            {"id":2,"full_name":"Grace","email":null,"referred_by":1,"referrer":{"id":1,"full_name":"Ada","email":"ada@example.com","referred_by":null},"products":[{"sku":"P2","name":"Paper"}]}
            ]
            [
            {"id":10,"customer_id":1,"price_cents":500,"firstLine":{"id":2,"order_id":10,"product_sku":"P2","quantity":1,"position":1,"product":{"sku":"P2","name":"Paper"}}},
            {"id":10,"customer_id":1,"price_cents":500,"firstLine":{"id":1,"order_id":10,"product_sku":"P1","quantity":2,"position":2,"product":{"sku":"P1","name":"Pen"}}}
            ]
            [
            {"id":1,"full_name":"Ada","email":"ada@example.com","referred_by":null,"orderCount":2}
            ]

            """)
    }

    func testLoadCommandInLineMode() throws {
        let path = try Fixture.database(Self.shop)
        let result = try ArborProcess.run(
            [path, "--format", "sql"], stdin: ":load \(modelFile)\nOrder.including(all: Order.lines)\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(
            lines.first, "read 1 file: 4 record types, 10 associations, 1 column set, 0 request methods; 1 note")
        XCTAssertEqual(
            lines.dropFirst().first, "\(modelFile):45:5: note: #if DEBUG: took the first branch (DEBUG is defined)")
        XCTAssertEqual(lines.suffix(2), ["SELECT * FROM \"orders\";", ""])
    }

    /// `--format swift` names the associations declared during the session.
    func testSwiftFormatSeesDeclarationsMadeInTheSession() throws {
        let result = try ArborProcess.run(
            ["--format", "swift"],
            stdin: """
                extension Author { static let works = hasMany(Book.self, using: ForeignKey(["authorId"])) }
                Author.including(all: Author.works)
                """)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("static let works = hasMany(Book.self, using: ForeignKey([\"authorId\"]))"),
            result.stdout)
        XCTAssertTrue(result.stdout.contains("Author.including(all: Author.works)"), result.stdout)
    }
}
