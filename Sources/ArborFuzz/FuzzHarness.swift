import ArborCore
import ArborLanguage
import ArborSession
import Foundation
import GRDB

/// Runs one input the way arbor runs what a user types: parse, evaluate,
/// validate, lower, prepare and fetch on the demo database, then render every
/// outcome in every output format and render every error under the text.
///
/// One session serves every input (opening the demo database takes far longer
/// than running a statement); its environment is restored before each input,
/// so that a `let` or a declaration of one input cannot change how the next
/// one runs, and each input gives the same result alone as in a campaign.
final class FuzzHarness {
    let session: Session
    private let initialEnvironment: Environment
    /// Whether inputs marked `// open:` (known crashes not fixed yet, Tests/Fuzz/regressions) run.
    let runsOpenInputs: Bool

    init(runsOpenInputs: Bool = false) throws {
        session = try Session(path: nil)
        initialEnvironment = session.environment
        self.runsOpenInputs = runsOpenInputs
    }

    /// A known crash, kept in Tests/Fuzz/regressions until it is fixed: the first line says why.
    static func isOpen(_ text: String) -> Bool { text.hasPrefix("// open:") }

    /// Runs `text`; returns the broken promises it revealed (an error outside
    /// the text, a failure without an error). Crashes show by themselves.
    func run(_ text: String) -> [String] {
        session.evaluator.environment = initialEnvironment
        guard !Self.readsFiles(text), runsOpenInputs || !Self.isOpen(text) else { return [] }
        var problems: [String] = []
        for outcome in session.run(text, fetch: true) {
            problems += render(outcome)
        }
        problems += complete(text)
        problems += load(text)
        return problems
    }

    /// The input as a file of the app's code: read by the loader (swift-syntax, `#if`,
    /// the resolver), then each request method it declares without parameters run.
    private func load(_ text: String) -> [String] {
        let name = "Fuzz.swift"
        let report = session.load(source: text, name: name)
        defer { session.unload(name: name) }
        var problems: [String] = []
        let length = text.utf8.count
        for diagnostic in report.diagnostics {
            if let range = diagnostic.error.range, range.lowerBound < 0 || range.upperBound > length {
                problems.append(
                    "loading: “\(diagnostic.error.message)” at \(range), outside the file (\(length) bytes)")
            }
        }
        _ = report.renderedDiagnostics
        for entry in report.entries.prefix(8) where entry.kind == .requestMethod && entry.name.hasSuffix("()") {
            guard let first = entry.name.first, first.isUppercase, !entry.name.hasPrefix("DerivableRequest"),
                !entry.name.hasPrefix("QueryInterfaceRequest")
            else { continue }
            for outcome in session.run(entry.name, fetch: true) { problems += render(outcome) }
        }
        return problems
    }

    /// Completion at the end of the text, in its middle and at a place chosen by its bytes,
    /// with the environment the text left behind (its `let`s and declarations).
    private func complete(_ text: String) -> [String] {
        let length = text.utf8.count
        let checksum = text.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        var problems: [String] = []
        for cursor in Set([length, length / 2, length == 0 ? 0 : checksum % (length + 1)]) {
            let result = Completer.complete(text, cursor: cursor, environment: session.environment)
            let range = result.range
            if range.lowerBound < 0 || range.upperBound > cursor || range.lowerBound > range.upperBound {
                problems.append("completion at \(cursor) replaces \(range), outside the text before the cursor")
            }
        }
        return problems
    }

    /// `:load FILE` and `:trace FILE` read any file of the machine (`/dev/zero` never ends,
    /// a FIFO without a writer never opens): not fuzzed.
    static func readsFiles(_ text: String) -> Bool {
        Lexer.tokenize(text, recognizesCommands: true).contains { token in
            if case .command(let name, _) = token.kind { return name == "load" || name == "trace" }
            return false
        }
    }

    private func render(_ outcome: Outcome) -> [String] {
        switch outcome {
        case .rows(let result):
            _ = TreeFormat.lines(table: result.plan.table, rows: result.rows)
            var writer = JSONWriter()
            for row in result.rows { writer.write(row) }
            let columns = result.rows.first?.columns.map(\.name) ?? []
            _ = TableFormat.lines(columns: columns, rows: result.rows.map { $0.columns.map(\.value) })
            _ = SwiftCode.generate(result.plan, environment: session.environment)
            return []
        case .failure(let errors, let text):
            var problems: [String] = []
            if errors.isEmpty { problems.append("a failure without any error") }
            let length = text.utf8.count
            for error in errors {
                _ = DiagnosticRenderer.render(error, in: text)
                guard let range = error.range else {
                    problems.append("error “\(error.message)” has no range")
                    continue
                }
                if range.lowerBound < 0 || range.upperBound > length {
                    problems.append("error “\(error.message)” at \(range), outside the text (\(length) bytes)")
                }
            }
            return problems
        case .count, .boolean, .description, .computed, .silent, .commandOutput:
            return []
        }
    }
}
