import ArborCore
import ArborSession
import ArborTestSupport
import XCTest

/// Index advice when a request joins (issue 21, item 6): the query plan of every
/// statement is read for every table it scans, by name or alias, with a filter or
/// a join condition on a column no index starts with.
final class JoinedScanAdviceTests: XCTestCase {
    private func explain(_ session: Session, _ request: String) -> String {
        guard case .commandOutput(let text)? = session.run(":explain " + request).first else {
            XCTFail("no plan for \(request)")
            return ""
        }
        return text
    }

    private func notes(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("note: ") }.map(String.init)
    }

    func testAFilterBesideAJoinGetsItsIndex() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let text = explain(session, #"Track.filter(Column("Composer") == "AC/DC").including(required: Track.album)"#)
        XCTAssertTrue(text.contains("SCAN Track"), text)
        XCTAssertEqual(
            notes(text),
            ["note: full scan of `Track`, which this statement filters on `Composer`: an index makes it a search"])
        XCTAssertTrue(
            text.contains(#"try db.create(index: "index_Track_on_Composer", on: "Track", columns: ["Composer"])"#))
    }

    func testAFilterOnTheJoinedTableGetsItsIndex() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let text = explain(session, #"Track.joining(required: Track.album.filter(Column("Title") == "Facelift"))"#)
        XCTAssertTrue(text.contains("SCAN Album"), text)
        XCTAssertEqual(
            notes(text),
            ["note: full scan of `Album`, which this statement filters on `Title`: an index makes it a search"])
    }

    /// A table joined to itself is scanned under its alias (`SCAN Employee2`).
    func testAnAliasedTableIsFound() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let text = explain(
            session,
            #"Employee.joining(required: Employee.belongsTo(Employee.self, key: "boss", using: ForeignKey(["ReportsTo"])).filter(Column("Title") == "x"))"#
        )
        XCTAssertEqual(
            notes(text),
            ["note: full scan of `Employee`, which this statement filters on `Title`: an index makes it a search"])
    }

    /// Each statement of a prefetch is read: the filtered children of `including(all:)`.
    func testEveryStatementOfAPrefetchIsRead() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let text = explain(
            session,
            #"Album.including(all: Album.tracks.filter(Column("Composer") == "AC/DC")).filter(Column("Title") == "Big Ones")"#
        )
        XCTAssertEqual(
            notes(text),
            [
                "note: full scan of `Album`, which this statement filters on `Title`: an index makes it a search"
            ],
            text)
        XCTAssertTrue(text.contains("-- prefetch tracks"), text)
    }

    /// A join on an indexed key with an indexed filter is no scan, and gets no note.
    func testAnIndexedJoinGetsNoNote() throws {
        let session = try Session(path: try MusicStoreFixture.make())
        let text = explain(session, #"Album.filter(Column("ArtistId") == 1).including(required: Album.artist)"#)
        XCTAssertEqual(notes(text), [], text)
    }
}
