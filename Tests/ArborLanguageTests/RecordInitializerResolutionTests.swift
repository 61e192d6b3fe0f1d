import ArborCore
import ArborLanguage
import ArborTestSupport
import GRDB
import XCTest

/// A record type that declares its own `init`: calls go through it as Swift does (its body
/// runs: `self.x = …`, a `switch` on an argument, a file's private constant), and the
/// memberwise initializer exists only where Swift synthesizes it (no `init` in the struct's
/// body; one in an extension keeps it). Compared with the same Swift compiled against GRDB here.
final class RecordInitializerResolutionTests: XCTestCase {
    static let schema = """
        CREATE TABLE place(uuid TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, latitude DOUBLE NOT NULL,
            longitude DOUBLE NOT NULL, region TEXT);
        CREATE TABLE timeline(id TEXT PRIMARY KEY NOT NULL, listId TEXT, tag TEXT);
        CREATE TABLE status(id INTEGER PRIMARY KEY, timelineId TEXT REFERENCES timeline(id));
        CREATE TABLE label(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        """

    // Modelled on a check-in app's place (an `init` whose labels are not in declaration order,
    // a hand-written `encode(to:)` that spreads a struct over two columns, a file's private
    // dictionary) and a social app's timeline record (an `init` switching on an enum).
    static let appCode = """
        import Foundation
        import GRDB
        struct Coordinate: Codable, Hashable { var latitude: Double; var longitude: Double }
        struct Place: Codable, FetchableRecord, PersistableRecord {
            var region: String?
            let uuid: String
            var coordinate: Coordinate
            var name: String
            init(uuid: String, name: String, coordinate: Coordinate, region: String?) {
                self.uuid = uuid
                self.name = name
                self.coordinate = coordinate
                self.region = regionAbbreviations[region ?? ""] ?? region
            }
            func encode(to container: inout PersistenceContainer) throws {
                container["uuid"] = uuid
                container["name"] = name
                container["latitude"] = coordinate.latitude
                container["longitude"] = coordinate.longitude
                container["region"] = region
            }
            static func sameCoordinates(as place: Place) -> QueryInterfaceRequest<Place> {
                Place.filter(
                    sql: "latitude = ? AND longitude = ?",
                    arguments: [place.coordinate.latitude, place.coordinate.longitude])
            }
            static func sameRegion(as place: Place) -> QueryInterfaceRequest<Place> {
                Place.filter(Column("region") == place.region)
            }
        }
        private let regionAbbreviations = ["California": "CA", "Oregon": "OR"]

        enum Timeline: Hashable {
            case home, local
            var id: String {
                switch self {
                case .home: return "home"
                case .local: return "local"
                }
            }
        }
        struct TimelineRecord: Codable, FetchableRecord, PersistableRecord {
            static let databaseTableName = "timeline"
            let id: String
            let listId: String?
            let tag: String?
            static let statuses = hasMany(StatusRecord.self, using: ForeignKey(["timelineId"]))
            var statuses: QueryInterfaceRequest<StatusRecord> { request(for: Self.statuses) }
            init(timeline: Timeline) {
                id = timeline.id
                switch timeline {
                case .home, .local:
                    listId = nil
                    tag = nil
                }
            }
        }
        struct StatusRecord: Codable, FetchableRecord, TableRecord {
            static let databaseTableName = "status"
            var id: Int64
            var timelineId: String?
        }
        struct Label: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
            var name: String
            static func named(like label: Label) -> QueryInterfaceRequest<Label> {
                Label.filter(Column("name") == label.name && Column("id") != label.id)
            }
        }
        extension Label {
            init(text: String) {
                id = 0
                name = text.lowercased()
            }
            static func page(_ options: PageOptions) -> QueryInterfaceRequest<Label> {
                Label.order(Column("name")).limit(options.limit, offset: options.offset)
            }
        }
        struct PageOptions: Hashable {
            let limit: Int
            let offset: Int
            init(limit: Int, offset: Int = 0) {
                self.limit = limit
                self.offset = offset
            }
        }
        extension PageOptions {
            static let standard = Self(limit: 2)
            func next() -> Self { Self(limit: limit, offset: offset + limit) }
            init(page: Int) {
                self.init(limit: 2, offset: 2 * page)
            }
        }
        """

    func harness() throws -> LanguageHarness {
        let harness = try LanguageHarness(schema: Self.schema)
        XCTAssertEqual(harness.load(Self.appCode).filter { $0.severity == .error }.map(\.error.message), [])
        return harness
    }

    func testTheDeclaredInitializerRunsWithItsLabelsAndItsFilesConstants() throws {
        let harness = try harness()
        let place = Place(
            uuid: "8F6A", name: "Cafe", coordinate: Coordinate(latitude: 37.7749, longitude: -122.4194),
            region: "California")
        let text =
            #"Place(uuid: "8F6A", name: "Cafe", coordinate: Coordinate(latitude: 37.7749, longitude: -122.4194), region: "California")"#
        XCTAssertEqual(
            try harness.sql("Place.sameCoordinates(as: \(text))"),
            try harness.grdbSQL(Place.sameCoordinates(as: place)))
        // The private dictionary of the file gave "CA".
        XCTAssertEqual(
            try harness.sql("Place.sameRegion(as: \(text))"), try harness.grdbSQL(Place.sameRegion(as: place)))
        // Swift has no memberwise initializer here: its order is no call.
        let memberwise = harness.error(
            #"Place(region: nil, uuid: "x", coordinate: Coordinate(latitude: 1, longitude: 2), name: "y")"#)
        XCTAssertEqual(memberwise?.message, "`Place(region:uuid:coordinate:name:)` matches no initializer of `Place`")
    }

    func testAnInitializerThatSwitchesOnItsArgument() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("TimelineRecord(timeline: .home).statuses"),
            try harness.grdbSQL(TimelineRecord(timeline: .home).statuses))
    }

    func testSelfAndSelfInitCallTheTypesInitializers() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql("Label.page(PageOptions.standard.next())"),
            try harness.grdbSQL(Label.page(PageOptions.standard.next())))
        // `self.init(…)` runs the initializer it names.
        XCTAssertEqual(
            try harness.sql("Label.page(PageOptions(page: 3))"), try harness.grdbSQL(Label.page(PageOptions(page: 3))))
    }

    func testAnInitializerInAnExtensionKeepsTheMemberwiseOne() throws {
        let harness = try harness()
        XCTAssertEqual(
            try harness.sql(#"Label.named(like: Label(id: 3, name: "swift"))"#),
            try harness.grdbSQL(Label.named(like: Label(id: 3, name: "swift"))))
        XCTAssertEqual(
            try harness.sql(#"Label.named(like: Label(text: "Swift"))"#),
            try harness.grdbSQL(Label.named(like: Label(text: "Swift"))))
    }
}

// The same app code, compiled against GRDB.
private struct Coordinate: Codable, Hashable {
    var latitude: Double
    var longitude: Double
}

private struct Place: Codable, FetchableRecord, PersistableRecord {
    var region: String?
    let uuid: String
    var coordinate: Coordinate
    var name: String
    init(uuid: String, name: String, coordinate: Coordinate, region: String?) {
        self.uuid = uuid
        self.name = name
        self.coordinate = coordinate
        self.region = regionAbbreviations[region ?? ""] ?? region
    }
    func encode(to container: inout PersistenceContainer) throws {
        container["uuid"] = uuid
        container["name"] = name
        container["latitude"] = coordinate.latitude
        container["longitude"] = coordinate.longitude
        container["region"] = region
    }
    static func sameCoordinates(as place: Place) -> QueryInterfaceRequest<Place> {
        Place.filter(
            sql: "latitude = ? AND longitude = ?",
            arguments: [place.coordinate.latitude, place.coordinate.longitude])
    }
    static func sameRegion(as place: Place) -> QueryInterfaceRequest<Place> {
        Place.filter(Column("region") == place.region)
    }
}
private let regionAbbreviations = ["California": "CA", "Oregon": "OR"]

private enum Timeline: Hashable {
    case home, local
    var id: String {
        switch self {
        case .home: return "home"
        case .local: return "local"
        }
    }
}

private struct TimelineRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "timeline"
    let id: String
    let listId: String?
    let tag: String?
    static let statuses = hasMany(StatusRecord.self, using: ForeignKey(["timelineId"]))
    var statuses: QueryInterfaceRequest<StatusRecord> { request(for: Self.statuses) }
    init(timeline: Timeline) {
        id = timeline.id
        switch timeline {
        case .home, .local:
            listId = nil
            tag = nil
        }
    }
}

private struct StatusRecord: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "status"
    var id: Int64
    var timelineId: String?
}

private struct Label: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var name: String
    static func named(like label: Label) -> QueryInterfaceRequest<Label> {
        Label.filter(Column("name") == label.name && Column("id") != label.id)
    }
}

extension Label {
    fileprivate init(text: String) {
        id = 0
        name = text.lowercased()
    }
    fileprivate static func page(_ options: PageOptions) -> QueryInterfaceRequest<Label> {
        Label.order(Column("name")).limit(options.limit, offset: options.offset)
    }
}

private struct PageOptions: Hashable {
    let limit: Int
    let offset: Int
    init(limit: Int, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }
}

extension PageOptions {
    static let standard = Self(limit: 2)
    func next() -> Self { Self(limit: limit, offset: offset + limit) }
    init(page: Int) {
        self.init(limit: 2, offset: 2 * page)
    }
}
