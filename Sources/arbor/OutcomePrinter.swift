import ArborCore
import ArborLanguage
import ArborSession
import Foundation

/// Prints outcomes in the chosen format; returns false for a failure.
struct OutcomePrinter {
    var format: OutputFormat
    var environment: Environment

    /// Runs the statements of `text`, streaming the rows of requests as they come.
    mutating func run(_ text: String, in session: Session) -> Bool {
        var succeeded = true
        let outcomes = session.run(text, fetch: false)
        // `--format swift` names the declarations read so far, this text's included.
        environment = session.environment
        for outcome in outcomes {
            if case .rows(let result) = outcome, format != .sql, format != .swift {
                succeeded = stream(result, from: session) && succeeded
            } else if case .rows(let result) = outcome, format == .sql {
                succeeded = printStatements(result, from: session) && succeeded
            } else {
                succeeded = print(outcome) && succeeded
            }
        }
        return succeeded
    }

    /// Prints a request's rows as they are fetched, in bounded memory.
    func stream(_ result: RequestResult, from session: Session) -> Bool {
        do {
            var output = StreamingOutput(format: format, table: result.plan.table)
            if format == .json, !result.isSingleRow,
                try session.streamJSON(result.plan, write: Output.writeBytes)
            {
                return true
            }
            // The text formats show 200 bytes of a value: they read no more than a KiB of it.
            let valueLimit = format == .json ? nil : ValueCut.printLimit
            if result.isSingleRow {
                let fetched = try session.request(
                    result.plan, range: nil, single: true, fetch: true, valueLimit: valueLimit)
                for row in fetched.rows { output.write(row) }
            } else {
                try session.stream(result.plan, range: nil, valueLimit: valueLimit) { output.write($0) }
            }
            output.finish()
            return true
        } catch let error as ArborError {
            Output.error("error: \(error.description)")
        } catch {
            Output.error("error: \(error)")
        }
        return false
    }

    mutating func print(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .rows(let result):
            printRows(result)
        case .count(let count, let sql):
            if format == .sql { printSQL(sql) } else { Output.line(String(count)) }
        case .description(let text):
            Output.line(Output.terminalSafe(text))
        case .silent:
            break
        case .commandOutput(let text):
            Output.line(Output.terminalSafe(text))
        case .failure(let errors, let text):
            Output.errors(errors, in: text)
            return false
        }
        return true
    }

    /// Prints a statement and its `;`, after a `/* comment */` when one is given.
    func printSQL(_ sql: String, comment: String? = nil) {
        let (text, isExact) = SQLText.terminalSafe(sql)
        let head = comment.map { "/* " + SQLText.commentSafe($0) + " */ " } ?? ""
        Output.line(head + text + ";")
        if !isExact {
            Output.error(
                "arbor: note: a name in this SQL holds control characters, shown escaped: it will not run as printed")
        }
        if SwiftDefinedSQL.isPresent(in: sql) {
            Output.error(
                "arbor: note: this SQL calls functions or collations GRDB defines in Swift; it will not run in the sqlite3 shell"
            )
        }
    }

    /// `--format sql`: the main statement, then each statement GRDB would prefetch
    /// with, in the order it runs them, after `/* prefetch KEY */` (still one
    /// statement a line, ending in `;`). A prefetch lists its parents' keys, so a
    /// request with `including(all:)` runs to know them.
    func printStatements(_ result: RequestResult, from session: Session) -> Bool {
        printSQL(result.mainSQL)
        guard result.plan.hasPrefetch else { return true }
        do {
            let statements = try session.appStatements(result.plan, single: result.isSingleRow)
            for statement in statements.dropFirst() {
                printSQL(statement.sql, comment: statement.label)
            }
            return true
        } catch let error as ArborError {
            Output.error("error: \(error.description)")
        } catch {
            Output.error("error: \(error)")
        }
        return false
    }

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
            let columns = result.rows.first?.names ?? []
            Output.lines(TableFormat.lines(columns: columns, rows: result.rows))
        case .swift:
            Output.line(SwiftCode.generate(result.plan, environment: environment))
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
