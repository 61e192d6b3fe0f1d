import ArborCore
import ArborTestSupport
import XCTest

@testable import ArborSession

/// A Decodable type with its own `init(from:)` (in the type or in an extension)
/// decodes as its body says, which arbor does not run: the rows show with the
/// "not checked" warning other types arbor can not model get, never as checked.
final class OwnDecoderWarningTests: XCTestCase {
    func assertNotChecked(_ declaration: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let session = try Session(path: nil)
        _ = session.run(declaration)
        guard case .rows(let result)? = session.run("try Named.fetchAll(db, Author.limit(2))").last else {
            return XCTFail("no rows", file: file, line: line)
        }
        XCTAssertEqual(result.rows.count, 2, file: file, line: line)
        XCTAssertEqual(result.warnings.count, 1, "\(result.warnings)", file: file, line: line)
        let message = result.warnings.first?.message ?? ""
        XCTAssertTrue(
            message.hasPrefix(
                "arbor does not check how the rows decode into `Named`: `Named` decodes itself with its own `init(from:)` (<input 1>:"
            ), message, file: file, line: line)
        XCTAssertTrue(message.hasSuffix("), which arbor does not run"), message, file: file, line: line)
    }

    func testAnOwnInitFromInTheType() throws {
        try assertNotChecked(
            """
            struct Named: Decodable, FetchableRecord {
                var id: Int64
                var name: String
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    id = try container.decode(Int64.self, forKey: .id)
                    name = "x"
                }
                enum CodingKeys: String, CodingKey { case id, name }
            }
            """)
    }

    func testAnOwnInitFromInAnExtension() throws {
        try assertNotChecked(
            """
            struct Named: Decodable, FetchableRecord { var id: Int64; var name: String }
            extension Named { init(from decoder: any Decoder) throws { id = 0; name = "" } }
            """)
    }

    func testASynthesizedDecoderIsStillChecked() throws {
        let session = try Session(path: nil)
        _ = session.run(
            "struct Named: Decodable, FetchableRecord { var id: Int64; var name: String; init(id: Int64) { self.id = id; name = \"\" } }"
        )
        guard case .rows(let result)? = session.run("try Named.fetchAll(db, Author.limit(2))").last else {
            return XCTFail("no rows")
        }
        XCTAssertEqual(result.warnings.map(\.message), [])
    }
}
