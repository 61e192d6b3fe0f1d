import ArborCore
import ArborLanguage
import ArborSession
import Foundation
import GRDB

/// Prints outcomes in the chosen format; returns false for a failure.
struct OutcomePrinter {
    var format: OutputFormat
    /// The session's environment while a text's outcomes print (`--format swift` names its
    /// declarations). Not kept between texts: a copy held then made each `let` copy every binding.
    var environment: Environment?
    /// The app's code loaded in the session, which `--format swift` uses rather than repeats.
    var app: AppCode?
    /// `--prefetch`: `sql` prints each request's prefetch statements after its main one.
    var prefetch = false
    /// The start-up file's commands (`:load`…) report on standard error: standard
    /// output is for what the command line asked.
    var commandTextToStandardError = false

    /// Runs the statements of `text`, streaming the rows of requests as they come.
    mutating func run(_ text: String, in session: Session) -> Bool {
        // `--format swift` with `:schema`: the whole schema as Swift.
        let text = format == .swift && text.trimmingCharacters(in: .whitespaces) == ":schema" ? ":schema --swift" : text
        if RawSQLPrinter.prints(format), let (sql, range) = RawSQLPrinter.command(in: text) {
            return RawSQLPrinter.run(text, sql: sql, range: range, format: format, in: session)
        }
        var succeeded = true
        // Value fetches are checked now and printed as they are converted again (`stream`).
        let streamedValues = session.streamsValueFetches
        session.streamsValueFetches = true
        // `--format sql` prints statements: a value fetch is not even checked.
        let printedSQLOnly = session.printsSQLOnly
        session.printsSQLOnly = format == .sql
        defer {
            session.streamsValueFetches = streamedValues
            session.printsSQLOnly = printedSQLOnly
        }
        let outcomes = session.run(text, fetch: false)
        // `--format swift` names the declarations read so far, this text's included.
        environment = session.environment
        defer { environment = nil }
        app = format == .swift ? AppCode(session: session, requestText: text) : nil
        for outcome in outcomes {
            if case .rows(let result) = outcome {
                for warning in result.warnings {
                    Output.error(
                        "warning: \(Output.terminalSafe(warning.message))\n  \(Output.terminalSafe(warning.fix))")
                }
            }
            if case .rows(let result) = outcome, format == .sql, prefetch {
                succeeded = AppStatementsPrinter.print(result, from: session) && succeeded
            } else if case .rows(let result) = outcome, format != .sql, format != .swift {
                succeeded = stream(result, from: session) && succeeded
            } else {
                succeeded = print(outcome) && succeeded
            }
        }
        return succeeded
    }

    /// Prints a request's rows as they are fetched, in bounded memory.
    func stream(_ result: RequestResult, from session: Session) -> Bool {
        if result.valuesAreStreamed { return streamValues(result, from: session) }
        if result.isFetchedWhole {
            if format == .json, result.strategy.valueType != nil {
                ValueFetchJSON.print(result)
                return true
            }
            // `Row.fetchAll(db, sql: …)` has no table: its rows are rows.
            var output = StreamingOutput(
                format: format, table: result.plan.table.isEmpty ? "row" : result.plan.table,
                valuesOnly: result.strategy.valueType != nil)
            for row in result.rows { output.write(row) }
            output.finish()
            return true
        }
        do {
            // `Row.fetchAll(db, sql: …)` has no table: its rows are rows.
            var output = StreamingOutput(format: format, table: result.plan.table.isEmpty ? "row" : result.plan.table)
            if format == .json || format == .jsonl, !result.isSingleRow,
                try session.streamJSON(result.checked, lines: format == .jsonl, write: Output.writeBytes)
            {
                return true
            }
            // The text formats show 200 bytes of a value: they read no more than a KiB of it.
            let valueLimit = format.isData ? nil : ValueCut.printLimit
            if result.isSingleRow {
                let fetched = try session.singleRow(of: result, valueLimit: valueLimit)
                for row in fetched.rows { output.write(row) }
            } else if result.strategy.decodedTypePath != nil {
                // Decoded as the app's type: the rows, then the check's verdict.
                let fetched = try session.request(
                    result.checked, range: nil, single: false, fetch: true, valueLimit: valueLimit)
                for row in fetched.rows { output.write(row) }
                output.finish()
                if let verdict = fetched.decodingVerdict { Self.printVerdict(verdict) }
                return true
            } else {
                try session.stream(result.checked, range: nil, valueLimit: valueLimit) { output.write($0) }
            }
            output.finish()
            return true
        } catch var error as ArborError where result.strategy.decodedTypePath != nil {
            // A decoding check's verdict: GRDB's error, then the fix on its own line.
            error.range = nil
            Output.error(DiagnosticRenderer.render(error, in: ""))
        } catch let error as ArborError {
            Output.error("error: \(error.description)")
        } catch {
            Output.error("error: \(Session.message(error))")
        }
        return false
    }

    /// A passing decoding check says so on standard error; GRDB's silent conversions
    /// are a warning, each sampled row on a line with the value GRDB decoded.
    static func printVerdict(_ verdict: DecodingVerdict) {
        guard verdict.isSurprising else { return Output.error("note: \(Output.terminalSafe(verdict.headline))") }
        Output.error(
            (["warning: \(verdict.headline)"] + verdict.details.map { "  " + $0 }).map(Output.terminalSafe)
                .joined(separator: "\n"))
    }

    /// A value fetch checked whole by `Session.run`: its values printed as they are converted again.
    func streamValues(_ result: RequestResult, from session: Session) -> Bool {
        do {
            // The second pass straight from the columns, where GRDB reads them without parsing.
            if format == .json || format == .jsonl,
                try session.streamValuesJSON(result.checked, lines: format == .jsonl, write: Output.writeBytes)
            {
                return true
            }
            if format == .json {
                var json = ValueFetchJSON.Stream()
                try session.streamValues(result.checked, checked: true) { json.write($1) }
                json.finish()
            } else {
                var output = StreamingOutput(
                    format: format, table: result.plan.table.isEmpty ? "row" : result.plan.table, valuesOnly: true)
                try session.streamValues(result.checked, checked: true) { column, value in
                    output.write(ResultRow(names: [column], values: [value], children: []))
                }
                output.finish()
            }
            return true
        } catch let error as ArborError {
            Output.error("error: \(error.description)")
        } catch {
            Output.error("error: \(Session.message(error))")
        }
        return false
    }

    mutating func print(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .rows(let result):
            printRows(result)
        case .count(let count, let sql):
            if format == .sql { printSQL(sql) } else { Output.line(String(count)) }
        case .boolean(let value, let sql):
            if format == .sql { printSQL(sql) } else { Output.line(String(value)) }
        case .computed(let text, let statements):
            // `--format sql`: the statements the app's code ran to compute the value.
            if format == .sql { statements.forEach(printSQL) } else { return print(.description(text)) }
        case .description(let text), .commandOutput(let text):
            if commandTextToStandardError {
                Output.error("arbor: " + text)
            } else if format == .json || format == .jsonl {
                ValueFetchJSON.printText(text)
            } else {
                Output.line(Output.terminalSafe(text))
            }
        case .silent:
            break
        case .failure(let errors, let text):
            Output.errors(errors, in: text)
            return false
        }
        return true
    }

    func printSQL(_ sql: String) { AppStatementsPrinter.printSQL(sql) }

    func printRows(_ result: RequestResult) {
        switch format {
        case .sql:
            printSQL(result.mainSQL)
        case .json:
            var writer = JSONWriter()
            if result.rows.isEmpty {
                Output.line("[]")
                return
            }
            writer.append("[\n")
            for (i, row) in result.rows.enumerated() {
                writer.write(row)
                writer.append(i == result.rows.count - 1 ? "\n" : ",\n")
                if writer.bytes.count > 1 << 16 {
                    writer.bytes.withUnsafeBytes(Output.writeBytes)
                    writer.reset()
                }
            }
            writer.append("]\n")
            writer.bytes.withUnsafeBytes(Output.writeBytes)
        case .tree:
            Output.lines(TreeFormat.lines(table: result.plan.table, rows: result.rows))
        case .table:
            let layout = FlatLayout(rows: result.rows)
            Output.lines(TableFormat.lines(columns: layout.names, cells: result.rows.map { layout.cells(of: $0) }))
        case .swift:
            if let environment { Output.line(SwiftCode.generate(result.plan, environment: environment, app: app)) }
        case .csv, .tsv, .jsonl:
            var output = RecordOutput(format: format, valuesOnly: result.strategy.valueType != nil)
            for row in result.rows { output?.write(row) }
            output?.finish()
        }
    }
}

/// Detects SQL that only runs inside GRDB (Swift-defined functions and collations).
enum SwiftDefinedSQL {
    static func isPresent(in sql: String) -> Bool {
        sql.contains("swiftLowercaseString") || sql.contains("swiftUppercaseString")
            || sql.contains("swiftCapitalizedString") || sql.contains("swiftLocalized")
            || sql.contains("swiftCompare") || sql.contains("swiftCaseInsensitiveCompare")
    }
}
