import ArborCore
import ArborLanguage
import Foundation
import GRDB

/// Turns what `WasteFinder` collected into findings: confirms a loop against the
/// database (the keys it pins are in the rows of the statement before it), writes
/// the request that replaces the statements, and measures both, read-only.
struct TraceFixes {
    let session: Session
    /// Rows of a parent statement read to confirm a loop.
    static let parentRowLimit = 100_000
    /// A table of at most this many rows is small: a scan of it is noted, not waste.
    static let smallTable = 1_000

    var writer: RequestFromSQL { RequestFromSQL(environment: session.environment) }

    // MARK: N+1

    func loop(_ loop: WasteFinder.Loop) -> TraceFinding {
        let run = loop.run
        var notes: [String] = []
        var association = run.association
        var parameters = run.parameters
        // The parent's rows say which association holds the keys, and confirm the loop.
        let heldKeys = run.parent.isExpanded && run.isExpanded ? try? parentKeys(run) : nil
        if run.parent.isExpanded, run.isExpanded, heldKeys == nil {
            notes.append(
                "not checked: the statement at line \(run.parent.lines.lowerBound) did not run on this database")
        } else if let heldKeys {
            let keys = run.values.map { values in parameters.map { values.indices.contains($0) ? values[$0] : nil } }
            if let found = ([LoopRun.Alternative(association: association, parameters: parameters)] + run.alternatives)
                .first(where: { alternative in
                    let held = heldKeys[alternative.association.swiftName] ?? []
                    return run.values.allSatisfy { values in
                        held.contains(
                            KeyValue.key(alternative.parameters.map { values.indices.contains($0) ? values[$0] : nil }))
                    }
                })
            {
                association = found.association
                parameters = found.parameters
                notes.append(
                    "confirmed: every key the loop reads is in the rows of the statement at line \(run.parent.lines.lowerBound)"
                )
            } else {
                notes.append(
                    "unconfirmed: on this database, the rows of the statement at line \(run.parent.lines.lowerBound) do not hold all \(Set(keys.map(KeyValue.key)).count) keys the loop reads"
                )
            }
        } else {
            notes.append("not checked on the database: the log shows placeholders (`?`), not values")
        }
        let request = replacement(for: association, parent: run.parent, loopSQL: run.sqls.first)
        notes += request.notes
        var finding = TraceFinding(
            kind: .nPlusOne,
            summary:
                "\(run.count) statements read `\(association.destination)` once per row of `\(association.origin)` read at line \(run.parent.lines.lowerBound): \(association.swiftName) in a loop",
            request: request.text, association: association.swiftName, before: 1 + run.count,
            after: association.isToMany ? 2 : 1,
            lines: Array(run.parent.lines) + run.lines, occurrences: loop.occurrences, notes: notes)
        if run.lines.count < run.count {
            finding.notes.append("the loop runs to line \(run.lastLine)")
        }
        let loopStatements = run.count
        measure(
            &finding,
            before: run.parent.isExpanded && run.isExpanded && run.sqls.count == loopStatements
                ? [run.parent.sql] + run.sqls : nil,
            loggedBefore: run.duration.map { $0 + (run.parent.duration ?? 0) },
            after: request.isRunnable ? request.text : nil)
        return finding
    }

    /// The request that reads the parent's rows with the association's rows.
    private func replacement(for association: LoopAssociation, parent: WasteFinder.Parent, loopSQL: String?) -> (
        text: String, isRunnable: Bool, notes: [String]
    ) {
        let method: String
        if association.isToMany {
            method = "including(all:"
        } else {
            // A key that can be NULL leaves some rows without a match: `required` would drop them.
            let holder = association.kind == .belongsTo ? association.origin : association.keyTable
            let table = session.environment.schema.table(named: holder)
            let columns = association.kind == .belongsTo ? association.originColumns : association.keyColumns
            let notNull = columns.allSatisfy { table?.column(named: $0)?.isNotNull ?? false }
            method = notNull && !association.kind.isThrough ? "including(required:" : "including(optional:"
        }
        // The loop's own conditions and ordering (`request(for: Author.books).filter(…)`) refine the association.
        let refinement =
            association.kind.isThrough
            ? nil : loopSQL.flatMap { writer.refinements(ofLoop: $0, keyColumns: association.keyColumns) }
        let suffix = ".\(method) \(association.swiftName)\(refinement?.text ?? ""))"
        let refinementIsRunnable = !(refinement?.hasPlaceholders ?? false)
        if let base = writer.request(parent.sql) {
            let isRunnable = !base.hasPlaceholders && refinementIsRunnable
            return (
                base.text + suffix, isRunnable,
                isRunnable ? [] : ["write the values of the `?` the log hides in the request"]
            )
        }
        let type = session.environment.displayName(ofTable: association.origin)
        return (
            "\(type).all()" + suffix, false,
            [
                "narrow `\(type).all()` as the statement at line \(parent.lines.lowerBound) does: arbor writes only requests of one table as Swift"
            ]
        )
    }

    /// For each association the loop may walk, the keys the parent's rows hold.
    private func parentKeys(_ run: LoopRun) throws -> [String: Set<String>] {
        try session.database.read { db in
            var rows: [Row] = []
            let cursor = try Row.fetchCursor(db, sql: run.parent.sql)
            while rows.count < Self.parentRowLimit, let row = try cursor.next() { rows.append(row.copy()) }
            var result: [String: Set<String>] = [:]
            for alternative in [LoopRun.Alternative(association: run.association, parameters: run.parameters)]
                + run.alternatives
            {
                var keys = Set<String>()
                for row in rows {
                    let values = alternative.association.originColumns.map { column -> DatabaseValue in
                        row.hasColumn(column) ? (row[column] as DatabaseValue) : .null
                    }
                    keys.insert(KeyValue.key(values))
                }
                result[alternative.association.swiftName] = keys
            }
            return result
        }
    }

    // MARK: Repeated, count then fetch

    func repetition(_ repetition: WasteFinder.Repetition) -> TraceFinding {
        let request = writer.request(repetition.sql)
        let times = repetition.statements + 1
        var finding = TraceFinding(
            kind: .repeated,
            summary:
                "the same statement runs \(times) times with the same values: fetch once and keep the result",
            request: request?.text, before: times, after: 1, lines: repetition.lines,
            notes: ["statement: " + repetition.sql])
        // Run once, and counted as many times as the log runs it.
        if let once = time([repetition.sql]) {
            finding.beforeSeconds = once * Double(times)
            finding.afterSeconds = once
            finding.measured = true
        } else {
            finding.beforeSeconds = repetition.duration
        }
        return finding
    }

    func countThenFetch(_ found: WasteFinder.CountThenFetch) -> TraceFinding {
        let request = writer.request(found.fetchSQL)
        var finding = TraceFinding(
            kind: .countThenFetch,
            summary: "a count, then a fetch of the same rows: fetch them once and count the array",
            request: request?.text, before: 2, after: 1, lines: found.lines, occurrences: found.occurrences,
            notes: ["count: " + found.countSQL, "fetch: " + found.fetchSQL])
        measure(&finding, before: [found.countSQL, found.fetchSQL], loggedBefore: nil, afterSQL: [found.fetchSQL])
        return finding
    }

    // MARK: Scans

    func scans(_ shapes: [WasteFinder.Shape]) -> [TraceFinding] {
        var findings: [TraceFinding] = []
        var seen = Set<String>()
        let schema = session.environment.schema
        for shape in shapes.prefix(2_000) where shape.kind == .read || shape.kind == .count {
            guard
                let details = try? session.database.read({ db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + shape.sample).map { row -> String in
                        row["detail"] ?? ""
                    }
                })
            else { continue }
            for warning in ScanWarning.warnings(sql: shape.sample, planDetails: details, schema: schema) {
                let key = warning.table.sqlFolded + " " + warning.columns.joined(separator: ",")
                guard seen.insert(key).inserted else { continue }
                let rows =
                    (try? session.database.read { db in
                        try Int.fetchOne(
                            db,
                            sql:
                                "SELECT COUNT(*) FROM (SELECT 1 FROM \(warning.table.quotedDatabaseIdentifier) LIMIT \(Self.smallTable + 1))"
                        )
                    }) ?? nil
                let isSmall = (rows ?? Int.max) <= Self.smallTable
                let count = rows.map { $0 > Self.smallTable ? "more than \(Self.smallTable)" : "\($0)" } ?? "?"
                findings.append(
                    TraceFinding(
                        kind: .scan,
                        summary:
                            "a full scan of `\(warning.table)` (\(count) rows), which the statement filters on \(warning.columns.map { "`\($0)`" }.joined(separator: ", "))"
                            + (isSmall ? ": a small table, noted only" : ""),
                        request: writer.request(shape.sample)?.text, before: 1, after: 1, lines: [shape.firstLine],
                        occurrences: shape.count,
                        notes: [
                            "statement: " + shape.sample, warning.text.replacingOccurrences(of: "note: ", with: ""),
                        ],
                        isWaste: !isSmall))
            }
        }
        return findings
    }

    // MARK: Measures

    /// Times `before` (the app's statements) and the fix, run read-only; the log's
    /// durations when the app's statements can not be run (placeholders).
    private func measure(_ finding: inout TraceFinding, before: [String]?, loggedBefore: Double?, after: String?) {
        var afterSQL: [String]?
        if let after {
            switch session.run(after, fetch: true).first {
            case .rows(let result)?:
                afterSQL = result.statements.map(\.sql)
                finding.after = result.statements.count
            case .failure(let errors, _)?:
                finding.notes.append("the fix did not run here: " + errors.map(\.message).joined(separator: "; "))
            default:
                break
            }
        }
        measure(&finding, before: before, loggedBefore: loggedBefore, afterSQL: afterSQL)
    }

    private func measure(_ finding: inout TraceFinding, before: [String]?, loggedBefore: Double?, afterSQL: [String]?) {
        if let before, let seconds = time(before) {
            finding.beforeSeconds = seconds
            finding.measured = true
        } else {
            finding.beforeSeconds = loggedBefore
        }
        // The fix runs whenever it can: beside the log's own durations when the app's statements can not.
        if let afterSQL { finding.afterSeconds = time(afterSQL) }
    }

    /// The time to run every statement to its last row; nil when one fails.
    private func time(_ sqls: [String]) -> Double? {
        var total = 0.0
        for sql in sqls {
            guard let measure = try? session.measure(sql) else { return nil }
            total += measure.duration
        }
        return total
    }
}

/// A key as text, so that the same value read from the log and from a row compare
/// equal (`1` and `1.0` alike, as SQLite compares them).
enum KeyValue {
    static func key(_ values: [SQLValue?]) -> String {
        values.map { value -> String in
            switch value {
            case nil, .null?: "n"
            case .bool(let b)?: "i\(b ? 1 : 0)"
            case .integer(let i)?: "i\(i)"
            case .real(let d)?: real(d)
            case .text(let s)?: "t" + s
            case .blob(let d)?: "b" + d.base64EncodedString()
            }
        }.joined(separator: "\u{1}")
    }

    static func key(_ values: [DatabaseValue]) -> String {
        values.map { value -> String in
            switch value.storage {
            case .null: "n"
            case .int64(let i): "i\(i)"
            case .double(let d): real(d)
            case .string(let s): "t" + s
            case .blob(let d): "b" + d.base64EncodedString()
            }
        }.joined(separator: "\u{1}")
    }

    private static func real(_ d: Double) -> String {
        if d.rounded() == d, abs(d) < 9e15 { return "i\(Int64(d))" }
        return "r\(d)"
    }
}
