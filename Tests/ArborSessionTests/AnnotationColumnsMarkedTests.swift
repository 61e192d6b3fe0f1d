import ArborCore
import ArborSession
import ArborTestSupport
import GRDB
import XCTest

/// The result tree knows which columns are annotations (issue 21, item 10): the
/// last base columns of a level, as many as the plan's `annotated(…)` calls give,
/// whether the rows are fetched whole, a window at a time (read from the
/// statement) or as prefetched children.
final class AnnotationColumnsMarkedTests: XCTestCase {
    var session: Session!

    override func setUpWithError() throws {
        session = try Session(path: try MusicStoreFixture.make())
    }

    /// The annotation columns' names of the first row, fetched whole and windowed.
    private func annotations(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let whole = try XCTUnwrap(try session.requestResult(text).rows.first, file: file, line: line)
        guard case .rows(let result)? = session.runInteractive(text).last else {
            XCTFail("no rows for \(text)", file: file, line: line)
            return []
        }
        let windowed = try XCTUnwrap(result.rows.first, file: file, line: line)
        let names = Array(whole.names[whole.annotationIndexes])
        XCTAssertEqual(Array(windowed.names[windowed.annotationIndexes]), names, "windowed", file: file, line: line)
        return names
    }

    func testAggregatesAndExpressionsAreMarked() throws {
        XCTAssertEqual(
            try annotations(
                #"Customer.annotated(with: Customer.invoices.sum(Column("Total")), Customer.invoices.count)"#),
            ["invoiceTotalSum", "invoiceCount"])
        XCTAssertEqual(
            try annotations(#"Track.annotated(with: (Column("Milliseconds") / 1000).forKey("seconds"))"#),
            ["seconds"])
        XCTAssertEqual(try annotations("Track.all()"), [])
    }

    /// `annotated(withRequired:)` appends the association's selection: one column
    /// when it selects one, every column of the table (known from the schema) else.
    func testAnnotatedAssociationsCountTheirSelection() throws {
        XCTAssertEqual(
            try annotations(#"Track.annotated(withRequired: Track.album.select(Column("Title")))"#), ["Title"])
        XCTAssertEqual(
            try annotations("Album.annotated(withOptional: Album.artist)"), ["ArtistId", "Name"])
    }

    /// A later `select` drops the annotations, as GRDB does.
    func testASelectAfterAnnotationsDropsThem() throws {
        let text = #"Track.annotated(with: Track.invoiceLines.count).select(Column("Name"))"#
        let row = try XCTUnwrap(try session.requestResult(text).rows.first)
        XCTAssertEqual(row.names, ["Name"])
        XCTAssertEqual(row.annotationCount, 0)
    }

    /// Annotations of an included row are marked on that row, and the prefetched
    /// rows' `grdb_` columns are not taken for annotations.
    func testIncludedRowsMarkTheirOwnAnnotations() throws {
        let text =
            #"Album.including(required: Album.artist.annotated(with: (Column("ArtistId") * 10).forKey("tenfold")))"#
            + ".including(all: Album.tracks.annotated(with: Track.invoiceLines.count))"
        let album = try XCTUnwrap(try session.requestResult(text).rows.first)
        XCTAssertEqual(album.annotationCount, 0)
        guard case .toOne(let artist?) = album.children.first(where: { $0.key == "artist" })?.value,
            case .toMany(let tracks) = album.children.first(where: { $0.key == "tracks" })?.value,
            let track = tracks.first
        else { return XCTFail("no artist or tracks: \(album.children.map(\.key))") }
        XCTAssertEqual(Array(artist.names[artist.annotationIndexes]), ["tenfold"])
        XCTAssertEqual(Array(track.names[track.annotationIndexes]), ["invoiceLineCount"])
        XCTAssertFalse(track.names.contains { $0.hasPrefix("grdb_") }, "\(track.names)")
    }
}
