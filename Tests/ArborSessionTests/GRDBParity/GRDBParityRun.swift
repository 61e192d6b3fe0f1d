import ArborCore
import ArborLanguage
import ArborTestSupport
import Foundation
import GRDB

@testable import ArborSession

/// Walks GRDB's test functions statement by statement, as they would run:
/// schema statements build the database, type declarations are loaded as the
/// app's code, `let`s and `for` loops bind names, and each `assertEqualSQL(db,
/// request, "…")` runs `request` through arbor and compares the SQL.
final class GRDBParityRun {
    struct Assertion {
        var file: String
        var test: String
        /// Where the assertion is written (an offset in the file): one site runs once per loop turn and helper call.
        var site: Int
        var expression: String
        var expected: String?
        /// Arbor's SQL, or why there is none.
        var actual: String
        var matched: Bool
        /// A request built from a record value (`A().request(for: A.b)`).
        var isInstanceRequest: Bool
    }

    /// What is in scope at one point of a test function.
    struct Scope {
        var schema: [String]
        var declarations: [String]
        /// `let` statements given to arbor, in order.
        var bindings: [String] = []
        /// Each bound name's Swift text.
        var boundTexts: [String: String] = [:]
        /// Strings a helper's expected SQL interpolates.
        var strings: [String: String] = [:]
        /// `let names = [a, b]`, for `for x in names`.
        var arrays: [String: [String]] = [:]
        /// In `let name = { … }()`, the name its `return` binds.
        var returnName: String?
        /// The request of the last `_ = try Row.fetchAll(db, request)`, whose statements
        /// `XCTAssertEqual(selectQueries, […])` then checks.
        var fetched: String?
    }

    private(set) var assertions: [Assertion] = []
    /// The `let`s arbor refused, with its errors: what a failed assertion may come from.
    private(set) var refusedBindings: [String] = []
    private let directory: URL
    private var databaseCount = 0
    private var cachedKey: [String]?
    private var cachedSession: Session?
    private var cachedError: String?
    private var appliedBindings: [String] = []
    /// Names whose last `let` arbor refused: they keep an older value that must not be compared.
    private var refusedNames: [String: String] = [:]

    init() throws {
        directory = try TemporaryItems.folder("grdb-parity")
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func run(_ file: GRDBTestFile) {
        let setupSchema = file.setup.map { schemaStatements(in: $0.body, file: file) } ?? []
        for test in file.tests {
            let scope = Scope(schema: setupSchema, declarations: file.declarations)
            walk(test.body, in: scope, file: file, test: test.name)
        }
        countUnreached(in: file)
    }

    static let assertionCalls = ["assertEqualSQL(", "XCTAssertEqual(selectQueries,"]

    /// Where `call` starts in `statement`, as the site of its assertion.
    private static func site(of statement: Range<Int>, in file: GRDBTestFile) -> Int {
        let text = file.reader.text[statement]
        for call in assertionCalls {
            let characters = Array(call)
            if let start = text.indices.first(where: { text[$0...].starts(with: characters) }) { return start }
        }
        return statement.lowerBound
    }

    /// Assertions the walk never reached (code it does not read) count as misses, so that
    /// the total is every assertion of the file.
    private func countUnreached(in file: GRDBTestFile) {
        let reached = Set(assertions.filter { $0.file == file.name }.map(\.site))
        let text = file.reader.text
        for call in Self.assertionCalls.map(Array.init) {
            var i = 0
            while i + call.count <= text.count {
                if text[i] == call[0], text[i..<(i + call.count)].elementsEqual(call), !reached.contains(i) {
                    let line = text[..<i].filter { $0 == "\n" }.count + 1
                    assertions.append(
                        Assertion(
                            file: file.name, test: "line \(line)", site: i, expression: String(call), expected: nil,
                            actual: "(not reached: the suite does not read the code around it)", matched: false,
                            isInstanceRequest: false))
                }
                i += 1
            }
        }
    }

    /// The schema statements of `setup`, wherever they are nested.
    private func schemaStatements(in range: Range<Int>, file: GRDBTestFile) -> [String] {
        var result: [String] = []
        for statement in file.reader.statements(in: range) {
            let text = Self.withoutTry(file.reader.string(statement))
            if text.hasPrefix("db.create(") || text.hasPrefix("db.execute(") {
                result.append(text)
            } else if let block = file.reader.blocks(in: statement).last {
                result += schemaStatements(in: file.reader.body(of: block), file: file)
            }
        }
        return result
    }

    @discardableResult
    private func walk(_ range: Range<Int>, in outer: Scope, file: GRDBTestFile, test: String) -> Scope {
        var scope = outer
        let reader = file.reader
        for statement in reader.statements(in: range) {
            let text = Self.withoutTry(reader.string(statement))
            if GRDBTestFile.isTypeDeclaration(text) {
                scope.declarations.append(GRDBTestFile.withoutAccessLevel(text))
            } else if text.hasPrefix("db.create(") || text.hasPrefix("db.execute(") {
                scope.schema.append(text)
            } else if text.hasPrefix("let dbQueue") || text.hasPrefix("let dbPool") {
                scope.schema = file.setup.map { schemaStatements(in: $0.body, file: file) } ?? []
            } else if text.hasPrefix("assertEqualSQL(") {
                assert(text, site: Self.site(of: statement, in: file), in: scope, file: file, test: test)
            } else if let fetch = text.firstMatch(
                of: #/^_\s*=\s*try\s+Row\.fetchAll\(db,\s*([A-Za-z_][A-Za-z0-9_]*)\)$/#)
            {
                scope.fetched = String(fetch.1)
            } else if text.hasPrefix("XCTAssertEqual(selectQueries,"), let request = scope.fetched {
                assertStatements(
                    text, site: Self.site(of: statement, in: file), request: request, in: scope, file: file, test: test)
            } else if let loop = text.firstMatch(of: #/^for\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+/#) {
                forLoop(statement, variable: String(loop.1), in: scope, file: file, test: test)
            } else if let binding = text.firstMatch(of: #/^(let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\s*(:[^=]*)?=/#) {
                let value = text[binding.range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
                if value.hasPrefix("{"), value.hasSuffix("}()"), let block = reader.blocks(in: statement).last {
                    // `let request = { …; return A.… }()`: the closure's names stay bound, as arbor has no closures.
                    var inner = scope
                    inner.returnName = String(binding.2)
                    let closure = walk(reader.body(of: block), in: inner, file: file, test: test)
                    scope.bindings = closure.bindings
                    scope.boundTexts = closure.boundTexts
                } else {
                    bind(String(binding.2), to: value, in: &scope)
                }
            } else if text.hasPrefix("return "), let name = scope.returnName {
                bind(name, to: String(text.dropFirst(7)), in: &scope)
            } else if let call = text.firstMatch(of: #/^([A-Za-z_][A-Za-z0-9_]*)\(/#),
                let helper = file.helpers[String(call.1)]
            {
                let open =
                    statement.lowerBound
                    + reader.string(statement).distance(
                        from: reader.string(statement).startIndex,
                        to: reader.string(statement).firstIndex(of: "(") ?? reader.string(statement).startIndex)
                callHelper(helper, arguments: reader.arguments(ofCallAt: open), in: scope, file: file, test: test)
            } else if let block = reader.blocks(in: statement).last {
                // `dbQueue.inDatabase { db in … }`, `do { … }`: the block runs in place; the tables it creates stay.
                scope.schema = walk(reader.body(of: block), in: scope, file: file, test: test).schema
            }
        }
        return scope
    }

    private static func withoutTry(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("try ") ? String(trimmed.dropFirst(4)).trimmingCharacters(in: .whitespaces) : trimmed
    }

    private func bind(_ name: String, to value: String, in scope: inout Scope) {
        let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if let string = SwiftStringLiteral.decode(value, strings: scope.strings) {
            scope.strings[name] = string
            return
        }
        if value.hasPrefix("["), value.hasSuffix("]") {
            scope.arrays[name] = SwiftSourceReader.split(String(value.dropFirst().dropLast()), at: ",")
        }
        scope.bindings.append("let \(name) = \(value)")
        scope.boundTexts[name] = value
    }

    private func forLoop(_ statement: Range<Int>, variable: String, in scope: Scope, file: GRDBTestFile, test: String) {
        let reader = file.reader
        guard let block = reader.blocks(in: statement).last else { return }
        let text = reader.string(statement.lowerBound..<block.lowerBound)
        guard let inKeyword = text.range(of: #"\sin\s"#, options: .regularExpression) else { return }
        let sequence = text[inKeyword.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        let elements: [String]
        if sequence.hasPrefix("["), sequence.hasSuffix("]") {
            elements = SwiftSourceReader.split(String(sequence.dropFirst().dropLast()), at: ",")
        } else if let array = scope.arrays[sequence] {
            elements = array
        } else {
            elements = [sequence]
        }
        for element in elements {
            var inner = scope
            bind(variable, to: element, in: &inner)
            walk(reader.body(of: block), in: inner, file: file, test: test)
        }
    }

    private func callHelper(
        _ helper: GRDBTestFile.Function, arguments: [(label: String?, value: String)], in scope: Scope,
        file: GRDBTestFile, test: String
    ) {
        var inner = scope
        for (parameter, argument) in zip(helper.parameters, arguments) where argument.value != "db" {
            bind(parameter.name, to: argument.value, in: &inner)
        }
        walk(helper.body, in: inner, file: file, test: test + " → " + helper.name)
    }

    // MARK: Assertions

    private func assert(_ text: String, site: Int, in scope: Scope, file: GRDBTestFile, test: String) {
        let reader = SwiftSourceReader(text)
        guard let open = reader.text.firstIndex(of: "(") else { return }
        let arguments = reader.arguments(ofCallAt: open)
        guard arguments.count >= 3, arguments[0].value == "db" else { return }
        let expression = arguments[1].value
        var isInstanceRequest = Self.isInstanceRequest(expression)
        if let bound = scope.boundTexts[expression] { isInstanceRequest = Self.isInstanceRequest(bound) }
        var assertion = Assertion(
            file: file.name, test: test, site: site, expression: expression, expected: nil, actual: "", matched: false,
            isInstanceRequest: isInstanceRequest)
        defer { assertions.append(assertion) }
        guard
            let expected = SwiftStringLiteral.decode(arguments[2].value, strings: scope.strings)
                ?? scope.strings[arguments[2].value]
        else {
            assertion.actual = "(the expected SQL could not be read)"
            return
        }
        assertion.expected = expected
        let session: Session
        do {
            session = try self.session(for: scope)
        } catch {
            assertion.actual = "(schema: \(error))"
            return
        }
        if let refusal = refusedNames[expression] {
            assertion.actual = "(its `let` was refused: \(refusal))"
            return
        }
        let outcome = session.run(expression, fetch: false).last
        switch outcome {
        case .rows(let result):
            assertion.actual = result.mainSQL
            assertion.matched = Self.trimmed(result.mainSQL) == Self.trimmed(expected)
        case .failure(let errors, _):
            assertion.actual = "(error: \(errors.map(\.message).joined(separator: "; ")))"
        default:
            assertion.actual = "(not a request: \(String(describing: outcome)))"
        }
    }

    /// `XCTAssertEqual(selectQueries, ["…", "…"])` after `Row.fetchAll(db, request)`: every
    /// SELECT arbor runs to fetch `request` (prefetches included), as GRDB's test filters them.
    private func assertStatements(
        _ text: String, site: Int, request: String, in scope: Scope, file: GRDBTestFile, test: String
    ) {
        let reader = SwiftSourceReader(text)
        guard let open = reader.text.firstIndex(of: "(") else { return }
        let arguments = reader.arguments(ofCallAt: open)
        var assertion = Assertion(
            file: file.name, test: test, site: site, expression: request, expected: nil, actual: "", matched: false,
            isInstanceRequest: scope.boundTexts[request].map(Self.isInstanceRequest) ?? false)
        defer { assertions.append(assertion) }
        let list = arguments.count == 2 ? arguments[1].value : ""
        let expected =
            list.hasPrefix("[") && list.hasSuffix("]")
            ? SwiftSourceReader.split(String(list.dropFirst().dropLast()), at: ",").map {
                SwiftStringLiteral.decode($0, strings: scope.strings)
            } : [nil]
        guard expected.allSatisfy({ $0 != nil }) else {
            assertion.actual = "(the expected SQL could not be read)"
            return
        }
        assertion.expected = expected.compactMap { $0 }.joined(separator: "\n       ")
        let session: Session
        do {
            session = try self.session(for: scope)
        } catch {
            assertion.actual = "(schema: \(error))"
            return
        }
        if let refusal = refusedNames[request] {
            assertion.actual = "(its `let` was refused: \(refusal))"
            return
        }
        switch session.run(request, fetch: true).last {
        case .rows(let result):
            // GRDB's test keeps SELECTs that are not schema queries.
            let statements = result.statements.map(\.sql).filter {
                $0.contains("SELECT") && !$0.contains("sqlite_") && !$0.contains("pragma_table_xinfo")
            }
            assertion.actual = statements.joined(separator: "\n       ")
            assertion.matched = statements.map(Self.trimmed) == expected.compactMap { $0.map(Self.trimmed) }
        case .failure(let errors, _)?:
            assertion.actual = "(error: \(errors.map(\.message).joined(separator: "; ")))"
        case let outcome:
            assertion.actual = "(not a request: \(String(describing: outcome)))"
        }
    }

    /// `Child(parentId: 1).request(for: Child.parent)`, `A().request(for: A.b)`.
    private static func isInstanceRequest(_ text: String) -> Bool {
        text.range(of: #"\)\s*\.request\(for:"#, options: .regularExpression) != nil
    }

    /// As GRDB's `assertEqualSQL` compares: white space and `;` at the ends do not count.
    private static func trimmed(_ sql: String) -> String {
        sql.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: ";")))
    }

    // MARK: Sessions

    /// A session on the scope's schema with its declarations loaded and its names bound;
    /// reused while the schema and declarations stay the same.
    private func session(for scope: Scope) throws -> Session {
        let key = scope.schema + ["—"] + scope.declarations
        if key != cachedKey {
            cachedKey = key
            cachedSession = nil
            cachedError = nil
            appliedBindings = []
            refusedNames = [:]
            do {
                cachedSession = try makeSession(schema: scope.schema, declarations: scope.declarations)
            } catch {
                cachedError = "\(error)"
            }
        }
        guard let session = cachedSession else { throw TestSchemaStatement.Unsupported(description: cachedError ?? "") }
        let pending =
            scope.bindings.starts(with: appliedBindings)
            ? Array(scope.bindings.dropFirst(appliedBindings.count)) : scope.bindings
        for binding in pending {
            // A binding arbor refuses leaves the name unbound: the assertions that use it fail.
            let name = binding.dropFirst(4).prefix { $0 != " " }
            if case .failure(let errors, _)? = session.run(binding, fetch: false).last {
                let message = errors.map(\.message).joined(separator: "; ")
                refusedBindings.append("\(binding): \(message)")
                refusedNames[String(name)] = message
                // Swift would not compile on: the name must not keep an older value.
                session.evaluator.environment.bindings[String(name)] = nil
            } else {
                refusedNames[String(name)] = nil
            }
        }
        appliedBindings = scope.bindings
        return session
    }

    private func makeSession(schema: [String], declarations: [String]) throws -> Session {
        databaseCount += 1
        let path = directory.appendingPathComponent("db\(databaseCount).sqlite").path
        let statements = try schema.map(TestSchemaStatement.read)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for statement in statements { try statement.run(db) }
        }
        try queue.close()
        let session = try Session(path: path)
        session.program.load(
            SourceUnit.parse(name: "GRDB test", text: declarations.joined(separator: "\n\n"), flags: session.flags))
        session.resolveProgram()
        return session
    }
}
