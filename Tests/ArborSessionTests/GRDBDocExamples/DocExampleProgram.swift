import ArborTestSupport
import Foundation

/// The examples compiled against GRDB: one function per example (its lines, the last
/// one given to `Render.output`), Records.swift and Render.swift, in one executable
/// that runs the example named by its argument. An example GRDB does not compile is
/// left out of the program, with the compiler's first error.
struct DocExampleProgram {
    var products: URL
    var compileErrors: [String: String]

    static func build(_ examples: [DocExampleCorpus.Example]) throws -> DocExampleProgram {
        let folder = try TemporaryItems.folder("grdb-doc-examples")
        var compiled = examples
        var compileErrors: [String: String] = [:]
        for _ in 0..<10 {
            let files = try sources(compiled)
            do {
                let products = try GRDBCompilation.build(["Examples": files], in: folder)
                return DocExampleProgram(products: products, compileErrors: compileErrors)
            } catch let failure as GRDBCompilation.BuildFailure {
                let errors = firstErrors(failure.description, examples: compiled)
                guard !errors.isEmpty else { throw failure }
                compileErrors.merge(errors) { first, _ in first }
                compiled.removeAll { errors[$0.id] != nil }
            }
        }
        throw GRDBCompilation.BuildFailure(description: "the examples still do not compile after 10 builds")
    }

    static func fileName(_ index: Int) -> String { "Example\(index).swift" }

    static func sources(_ examples: [DocExampleCorpus.Example]) throws -> [String: String] {
        var files = [
            "Records.swift": try DocExampleCorpus.read("Records.swift"),
            "Render.swift": try DocExampleCorpus.read("Render.swift"),
        ]
        var table: [String] = []
        for (index, example) in examples.enumerated() {
            let body = example.lines.dropLast().map { "    " + $0 }.joined(separator: "\n")
            files[fileName(index)] = """
                // \(example.id)
                import Foundation
                import GRDB

                func example\(index)(_ db: Database) throws -> [String] {
                \(body)
                    return try Render.output(db, \(example.lines.last ?? ""))
                }

                """
            table.append("    \(literal(example.id)): example\(index),")
        }
        files["main.swift"] = """
            import Foundation
            import GRDB

            let examples: [String: (Database) throws -> [String]] = [
            \(table.joined(separator: "\n"))
            ]
            let schema = try String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
            let dbQueue = try DatabaseQueue()
            try dbQueue.writeWithoutTransaction { try $0.execute(sql: schema) }
            var lines: [String]
            do {
                lines = try dbQueue.read { db in
                    guard let example = examples[CommandLine.arguments[2]] else { return ["no such example"] }
                    recorder.record(db)
                    return try example(db)
                }
            } catch {
                lines = Render.error(error)
            }
            print(lines.joined(separator: "\\n"))

            """
        return files
    }

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The first compiler error in each example's file, by example.
    static func firstErrors(_ output: String, examples: [DocExampleCorpus.Example]) -> [String: String] {
        var errors: [String: String] = [:]
        for line in output.split(separator: "\n").map(String.init) {
            guard
                let fileRange = line.range(
                    of: #"Example[0-9]+\.swift:[0-9]+:[0-9]+: error: "#, options: .regularExpression)
            else { continue }
            let file = line[fileRange].prefix { $0 != ":" }
            guard let index = Int(file.dropFirst("Example".count).dropLast(".swift".count)), index < examples.count
            else { continue }
            let id = examples[index].id
            if errors[id] == nil { errors[id] = String(line[fileRange.upperBound...]) }
        }
        return errors
    }

    /// What GRDB gives for `example`: its output lines, or `compile-error …`, or `crash …`.
    func output(_ example: DocExampleCorpus.Example) throws -> [String] {
        if let error = compileErrors[example.id] { return ["compile-error \(error)"] }
        let run = try GRDBCompilation.run(
            products.appendingPathComponent("Examples"), [DocExampleCorpus.url("schema.sql").path, example.id])
        let lines = run.text.split(separator: "\n").map(String.init)
        guard run.status == 0 else {
            let fatal =
                lines.first { $0.contains("Fatal error: ") }.map {
                    $0.components(separatedBy: "Fatal error: ").last ?? $0
                }
                ?? "status \(run.status)"
            return ["crash \(fatal)"]
        }
        return lines
    }
}
