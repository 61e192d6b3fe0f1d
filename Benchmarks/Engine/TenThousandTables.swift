import ArborCore
import ArborLanguage
import ArborSession
import Foundation
import GRDB

/// Issue 6, item 3: a schema of 10,000 tables (each referencing the one before it)
/// loads, and gets its names and associations, in well under a second.
extension EngineBenchmarks {
    static func tenThousandTables() throws {
        let path = try BenchmarkData.chainedSchema(tables: 10_000)
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        var schema: SchemaGraph?
        let introspection = try Measure.seconds(repeat: 5) {
            try queue.read { db in
                db.clearSchemaCache()
                schema = try SchemaGraph.load(db)
            }
        }
        // The convention is lazy: `Environment` indexes the keys; `all()` infers every association.
        let environment = Measure.seconds(repeat: 5) { if let schema { _ = Environment(schema: schema) } }
        let everyAssociation = Measure.seconds(repeat: 3) {
            if let schema { _ = Convention.infer(schema, typeNames: RecordTypeNames(schema: schema)).count }
        }
        let session = Measure.seconds(repeat: 3) { _ = try? Session(path: path) }
        let raw = Measure.seconds(repeat: 5) { _ = RawSQLite.step(path: path, sql: "SELECT * FROM sqlite_master") }
        Measure.report("  of which introspection (5 queries)", Measure.ms(introspection))
        Measure.report("  of which names and convention index", Measure.ms(environment))
        Measure.report(
            "schema load, 10,000 tables / 9,999 FKs (Session open)", Measure.ms(session), reference: Measure.ms(raw),
            ratio: session / raw, goal: "< 1 s")
        Measure.report("every association of 10,000 tables (19,998)", Measure.ms(everyAssociation))
    }
}

extension BenchmarkData {
    /// `t0` … `t<n-1>`, each with a foreign key to the one before it.
    static func chainedSchema(tables: Int) throws -> String {
        let path = directory.appendingPathComponent("chain-\(tables).sqlite").path
        return try generate(path) { db in
            try db.execute(sql: "CREATE TABLE t0 (id INTEGER PRIMARY KEY, name TEXT)")
            for i in 1..<tables {
                try db.execute(
                    sql:
                        "CREATE TABLE t\(i) (id INTEGER PRIMARY KEY, t\(i - 1)Id INTEGER REFERENCES t\(i - 1)(id), name TEXT)"
                )
            }
        }
    }
}
