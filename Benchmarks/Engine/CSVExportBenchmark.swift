import ArborSession
import Foundation

/// The whole `arbor BIG -c … --format csv > /dev/null` against `sqlite3 -csv -header`
/// on the SQL arbor prints for the same request (reals included: arbor writes the
/// shortest form that reads back, sqlite3 fifteen digits), and `--format jsonl`
/// against `sqlite3 -json`.
enum CSVExportBenchmark {
    static func run(_ path: String, arbor: String, sqlite3: String) throws {
        let request = "Book.all()"
        let sql = "SELECT * FROM \"book\""
        let arborCSV = try Measure.seconds(repeat: 3) {
            _ = try Measure.process(arbor, [path, "--no-init", "-c", request, "--format", "csv"])
        }
        let sqliteCSV = try Measure.seconds(repeat: 3) {
            _ = try Measure.process(sqlite3, ["-csv", "-header", path, sql])
        }
        Measure.report(
            "arbor BIG -c '\(request)' --format csv", Measure.ms(arborCSV), reference: Measure.ms(sqliteCSV),
            ratio: arborCSV / sqliteCSV, goal: "ratio ≤ 1.0 vs sqlite3 -csv -header")
        let arborLines = try Measure.seconds(repeat: 3) {
            _ = try Measure.process(arbor, [path, "--no-init", "-c", request, "--format", "jsonl"])
        }
        let sqliteJSON = try Measure.seconds(repeat: 3) { _ = try Measure.process(sqlite3, ["-json", path, sql]) }
        Measure.report(
            "arbor BIG -c '\(request)' --format jsonl", Measure.ms(arborLines), reference: Measure.ms(sqliteJSON),
            ratio: arborLines / sqliteJSON, goal: "ratio ≤ 1.0 vs sqlite3 -json")
    }
}
