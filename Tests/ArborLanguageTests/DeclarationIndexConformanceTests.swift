import XCTest

@testable import ArborLanguage

/// The conformances the index gathers for a type across its declaration and extensions:
/// `GRDB.` prefixes taken away, compositions split, attributes dropped, each once.
final class DeclarationIndexConformanceTests: XCTestCase {
    func testConformancesAreGatheredOnceEachAsWritten() {
        let unit = SourceUnit.parse(
            name: "Model.swift",
            text: """
                import GRDB
                struct Book: GRDB.TableRecord, Codable & FetchableRecord, @unchecked Sendable {}
                extension Book: TableRecord, Identifiable {}
                extension Book: GRDB.FetchableRecord & Hashable {}
                struct Plain {}
                """)
        let index = DeclarationIndex([unit])
        XCTAssertEqual(
            index["Book"]?.conformances,
            ["TableRecord", "Codable", "FetchableRecord", "Sendable", "Identifiable", "Hashable"])
        XCTAssertEqual(index["Plain"]?.conformances, [])
    }

    func testAPlainNameIsOneWithNothingToTakeAway() {
        XCTAssertTrue(DeclarationIndex.IndexedType.isPlainName("TableRecord"))
        XCTAssertTrue(DeclarationIndex.IndexedType.isPlainName("GRDBQuery"))
        for written in ["GRDB.TableRecord", "A & B", "A&B", "@unchecked Sendable", "Any Sendable"] {
            XCTAssertFalse(DeclarationIndex.IndexedType.isPlainName(written), written)
        }
    }
}
