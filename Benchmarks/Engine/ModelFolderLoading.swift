import ArborCore
import ArborLanguage
import ArborSession
import Foundation
import GRDB

/// Issue 9: an app's model folder of 100 files and 1,000 declarations loads in
/// ≤ 100 ms, and a session with it starts as fast as one without (ratio ≤ 1.2).
extension EngineBenchmarks {
    static func modelFolderLoading(arbor: String) throws {
        let (database, folder) = try BenchmarkData.modelFolder(files: 100)
        let load = try Measure.seconds(repeat: 9) {
            let session = try Session(path: database)
            _ = try session.load(paths: [folder])
        }
        let open = try Measure.seconds(repeat: 9) { _ = try Session(path: database) }
        let texts = try FileManager.default.contentsOfDirectory(atPath: folder).map {
            try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
        }
        let parse = Measure.seconds(repeat: 9) {
            for text in texts { _ = SourceUnit.parse(name: "x", text: text) }
        }
        Measure.report("  of which parsing", Measure.ms(parse))
        let declarations = try Session(path: database).load(paths: [folder])
        Measure.report("  " + declarations.summary, "")
        Measure.report(
            "load 100 files / 1,000 declarations (session open excluded)", Measure.ms(load - open),
            reference: Measure.ms(open), goal: "≤ 100 ms")
        // The first request of a session holding the folder's declarations, against one without.
        let loaded = try Session(path: database)
        _ = try loaded.load(paths: [folder])
        let plain = try Session(path: database)
        func firstRequest(_ session: Session, _ text: String) throws -> Double {
            try Measure.seconds(repeat: 15) {
                guard case .rows = session.run(text, fetch: true).last else { throw ArborError("no rows") }
            }
        }
        // The same text in both sessions: what the declarations cost a request that does not use them.
        let text = "Item50.filter(Column(\"name\") == \"x\").order(Column(\"score\")).limit(10)"
        let withDeclarations = try firstRequest(loaded, text)
        let withoutDeclarations = try firstRequest(plain, text)
        Measure.report(
            "a request, session holding the 1,000 declarations", Measure.ms(withDeclarations),
            reference: Measure.ms(withoutDeclarations), ratio: withDeclarations / withoutDeclarations, goal: "≤ 1.2")
        // `parent` is declared in one (`ForeignKey(["parentId"])`, without `to:`: GRDB reads the
        // parent's primary key, as it would in the app) and inferred in the other.
        let joined = "Item50.filter(Column(\"name\") == \"x\").including(required: Item50.parent)"
        let declaredJoin = try firstRequest(loaded, joined)
        let inferredJoin = try firstRequest(plain, joined)
        Measure.report(
            "  with a declared association, against the inferred one", Measure.ms(declaredJoin),
            reference: Measure.ms(inferredJoin), ratio: declaredJoin / inferredJoin, goal: "report")
        let request = ["-c", text, "--format", "sql"]
        let with = try Measure.seconds(repeat: 15) {
            _ = try Measure.process(arbor, [database, "--load", folder] + request)
        }
        let without = try Measure.seconds(repeat: 15) {
            _ = try Measure.process(arbor, [database] + request)
        }
        Measure.report(
            "whole process: start, load the folder, first request", Measure.ms(with), reference: Measure.ms(without),
            ratio: with / without, goal: "report")
    }
}

extension BenchmarkData {
    /// `item0` … `item<n-1>`, each pointing at the one before it, and a folder of one
    /// Swift file per table: its record type, columns, associations and request methods.
    static func modelFolder(files: Int) throws -> (database: String, folder: String) {
        let database = try generate(directory.appendingPathComponent("models-\(files).sqlite").path) { db in
            for i in 0..<files {
                let parent = i == 0 ? "" : ", parentId INTEGER REFERENCES item\(i - 1)(id)"
                try db.execute(sql: "CREATE TABLE item\(i) (id INTEGER PRIMARY KEY, name TEXT, score INTEGER\(parent))")
            }
        }
        let folder = directory.appendingPathComponent("models-\(files)")
        if !FileManager.default.fileExists(atPath: folder.path) {
            let temporary = directory.appendingPathComponent("models-\(files).tmp")
            try? FileManager.default.removeItem(at: temporary)
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            for i in 0..<files {
                // Ten declarations a file: a record type, three columns, three associations,
                // a foreign key, a static request and two request methods.
                let parent =
                    i == 0
                    ? ""
                    : """
                        static let parentForeignKey = ForeignKey(["parentId"])
                        static let parent = belongsTo(Item\(i - 1).self, using: parentForeignKey)
                        static let siblings = hasMany(Item\(i).self, through: parent, using: Item\(i - 1).children)

                    """
                let children = i == files - 1 ? "" : "    static let children = hasMany(Item\(i + 1).self)\n"
                let text = """
                    import GRDB

                    extension DerivableRequest<Item\(i)> {
                        func named(_ name: String) -> Self {
                            filter(Item\(i).Columns.name == name)
                        }

                        func best(limit: Int = 10, descending: Bool = true) -> Self {
                            if descending {
                                return order(Item\(i).Columns.score.desc)
                            }
                            return order(Item\(i).Columns.score)
                        }
                    }

                    struct Item\(i): Codable, FetchableRecord, PersistableRecord {
                        static let databaseTableName = "item\(i)"
                        enum Columns: String, ColumnExpression { case id, name, score }
                    \(parent)\(children)    static let byName = all().order(Columns.name)
                    }

                    """
                try text.write(
                    to: temporary.appendingPathComponent("Item\(i).swift"), atomically: true, encoding: .utf8)
            }
            try FileManager.default.moveItem(at: temporary, to: folder)
        }
        return (database, folder.path)
    }
}
