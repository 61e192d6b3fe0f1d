import ArborSession
import Foundation

extension EngineBenchmarks {
    /// Schema advice (issue 12) on the 1,000-table schema, without and with
    /// `PRAGMA foreign_key_check`, against loading that schema; and the check's cost
    /// on rows (the 10k-book library: 10,000 books and 30,000 prizes to check).
    static func schemaAdvice() throws {
        let wide = try BenchmarkData.wideSchema()
        let session = try Session(path: wide)
        var count = 0
        let withoutCheck = try Measure.seconds(repeat: 5) {
            count = try session.advice(checksForeignKeys: false).count
        }
        let withCheck = try Measure.seconds(repeat: 5) { _ = try session.advice(checksForeignKeys: true) }
        let load = try Measure.seconds(repeat: 5) { _ = try Session(path: wide) }
        Measure.report("  of which pieces of advice", "\(count)")
        Measure.report(
            "advice, 1,000 tables / 2,000 FKs, no foreign_key_check", Measure.ms(withoutCheck),
            reference: Measure.ms(load), ratio: withoutCheck / load, goal: "≤ 200 ms")
        Measure.report(
            "advice, 1,000 tables / 2,000 FKs, with foreign_key_check", Measure.ms(withCheck),
            reference: Measure.ms(withoutCheck), ratio: withCheck / withoutCheck)
        let library = try BenchmarkData.library(authors: 1_000, books: 10_000, prizes: 30_000)
        let small = try Session(path: library)
        let rowsWithout = try Measure.seconds(repeat: 5) { _ = try small.advice(checksForeignKeys: false) }
        let rowsWith = try Measure.seconds(repeat: 5) { _ = try small.advice(checksForeignKeys: true) }
        Measure.report(
            "advice, 10k books / 30k prizes, with foreign_key_check", Measure.ms(rowsWith),
            reference: Measure.ms(rowsWithout), ratio: rowsWith / rowsWithout)
    }
}
