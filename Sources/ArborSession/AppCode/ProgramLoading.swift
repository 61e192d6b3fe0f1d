import ArborCore
import ArborLanguage
import ArborMigrations
import Foundation

/// The app's code in a session: files loaded with `--load` and `:load`, and
/// declarations pasted at the prompt, resolved together whatever their order.
extension Session {
    /// Pasted declarations: resolved with everything loaded; returns the errors of this paste.
    func declare(_ declarations: [TypeDeclaration], text: String) -> [ArborError] {
        pasteCount += 1
        let name = "<input \(pasteCount)>"
        program.paste(SourceUnit(name: name, text: text, declarations: declarations))
        resolveProgram()
        return resolution.diagnostics.filter { $0.unit == name && $0.severity == .error }.map { $0.error }
    }

    /// Reads Swift files, and every `*.swift` file below folders, as the app's code.
    /// A file read again replaces what it declared.
    public func load(paths: [String]) throws -> LoadReport {
        try load(try SourceFileReading(paths: paths))
    }

    /// Loads files already read (`SourceFileReading`), and parsed when `parsed` holds their
    /// units (`LoadAhead`, with this session's flags).
    public func load(_ reading: SourceFileReading, parsed: [SourceUnit]? = nil) throws -> LoadReport {
        var units: [String] = []
        // Ctrl-C puts the session back as it was: nothing of a cancelled load stays.
        let before = (program, resolution, evaluator)
        func cancelled() -> ArborError? {
            guard cancellation.isCancelled else { return nil }
            (program, resolution, evaluator) = before
            return ArborError("cancelled")
        }
        // Ctrl-C in the middle of one file's parse returns at once (`SourceUnit.parse`).
        let parsed =
            parsed
            ?? SourceUnit.parse(
                files: reading.texts.map { (name: $0.path, text: $0.text) }, flags: flags, cancellation: cancellation,
                willRead: willReadFile)
        for unit in parsed {
            program.load(unit)
            units.append(unit.name)
        }
        if let error = cancelled() { throw error }
        resolveProgram()
        if let error = cancelled() { throw error }
        let loaded = Set(units)
        let order = Dictionary(
            program.units.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The migrator the database was built from is used, not skipped.
        let migrator = builtFrom.map { "skipped `\($0.migratorName)`" }
        let used = { (diagnostic: ProgramDiagnostic) in
            diagnostic.severity == .note && migrator.map(diagnostic.error.message.hasPrefix) == true
        }
        // Whether a unit was loaded, asked once for a run of its notes or declarations.
        var lastUnit: (name: String, isLoaded: Bool)?
        func isLoaded(_ unit: String) -> Bool {
            if let lastUnit, lastUnit.name == unit { return lastUnit.isLoaded }
            let found = loaded.contains(unit)
            lastUnit = (unit, found)
            return found
        }
        // Each diagnostic copied once, into the one array: a load may say 20,000 notes.
        var unsorted = reading.problems
        unsorted.reserveCapacity(unsorted.count + resolution.diagnostics.count)
        for diagnostic in resolution.diagnostics where isLoaded(diagnostic.unit) && !used(diagnostic) {
            unsorted.append(diagnostic)
        }
        // Each one's place found once, not in each comparison (20,000 notes of one file); in
        // the order they came where two share a place.
        // A unit's order is found once for a run of its diagnostics.
        var unit: (name: String, order: Int)?
        var places = unsorted.enumerated().map { position, diagnostic in
            if unit?.name != diagnostic.unit { unit = (diagnostic.unit, order[diagnostic.unit] ?? 0) }
            return (unit?.order ?? 0, diagnostic.error.range?.lowerBound ?? 0, position)
        }
        // They mostly come in order already: then they are not copied again.
        let inOrder = zip(places, places.dropFirst()).allSatisfy { $0 <= $1 }
        if !inOrder { places.sort(by: <) }
        let diagnostics = inOrder ? unsorted : places.map { unsorted[$0.2] }
        return LoadReport(
            files: reading.found, entries: resolution.entries.filter { isLoaded($0.unit) },
            diagnostics: diagnostics, texts: unitTexts)
    }

    /// Reads `source` as the file `name` of the app's code (a file given as text: the fuzzer's
    /// inputs, a test's fixture), as `load(paths:)` reads a file.
    public func load(source: String, name: String) -> LoadReport {
        program.load(SourceUnit.parse(name: name, text: source, flags: flags, cancellation: cancellation))
        resolveProgram()
        return LoadReport(
            files: 1, entries: resolution.entries.filter { $0.unit == name },
            diagnostics: resolution.diagnostics.filter { $0.unit == name }, texts: unitTexts)
    }

    /// Forgets the file `name` of the app's code (what `load(source:name:)` read).
    public func unload(name: String) {
        program.remove(named: name)
        resolveProgram()
    }

    /// The `.swift` files that `load` reads for `path` (the file, or those below the folder), sorted.
    static func swiftFiles(at path: String) throws -> [String] {
        try SourceFileReading(paths: [path]).texts.map(\.path)
    }

    var unitTexts: [String: String] {
        Dictionary(program.units.map { ($0.name, $0.text) }, uniquingKeysWith: { _, last in last })
    }

    /// Resolves the whole program again on the schema, keeping the session's frame (its
    /// `let`s and `var`s, a `var` still assignable) and aliases.
    func resolveProgram() {
        var environment = baseEnvironment
        environment.session = self.environment.session
        // Aliases keep their numbers and tables: GRDB traps on one alias for two tables (T2).
        environment.nextAliasID = self.environment.nextAliasID
        environment.aliasTables = self.environment.aliasTables
        let evaluator = Evaluator(environment: environment)
        evaluator.cancellation = cancellation
        installBinder(on: evaluator)
        resolution = ProgramResolver.resolve(program, into: evaluator)
        self.evaluator = evaluator
    }
}

/// What loading files said: the summary line, then each note and error located.
public struct LoadReport: Sendable {
    public var files: Int
    /// What the files declared.
    public var entries: [DeclarationEntry]
    public var diagnostics: [ProgramDiagnostic]
    var texts: [String: String]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// `read 17 files: 24 record types, 46 associations, 31 column sets, 12 request methods`.
    public var summary: String {
        func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        // Counted in one pass, with no entry copied (45,000 record types of a load).
        var counts: [DeclarationEntry.Kind: Int] = [:]
        // A column set is a type holding columns: `Author.Columns`.
        var columnSets: Set<Substring> = []
        for i in entries.indices {
            counts[entries[i].kind, default: 0] += 1
            if entries[i].kind == .columns, let dot = entries[i].name.lastIndex(of: ".") {
                columnSets.insert(entries[i].name[..<dot])
            }
        }
        func count(_ kind: DeclarationEntry.Kind) -> Int { counts[kind] ?? 0 }
        var line =
            "read \(counted(files, "file")): \(counted(count(.recordType), "record type")), "
            + "\(counted(count(.association), "association")), \(counted(columnSets.count, "column set")), "
            + "\(counted(count(.requestMethod), "request method"))"
        // Counted in place, with no diagnostic copied.
        var notes = 0
        for index in diagnostics.indices where diagnostics[index].severity == .note { notes += 1 }
        let errors = diagnostics.count - notes
        if notes > 0 { line += "; \(counted(notes, "note"))" }
        if errors > 0 { line += "; \(counted(errors, "error"))" }
        return line
    }

    /// Each diagnostic as `file:line:column: note: message`, with the line underlined.
    public var renderedDiagnostics: [String] {
        var sources = DiagnosticSources(texts: texts)
        var text: [UInt8] = []
        return diagnostics.map { diagnostic in
            text.removeAll(keepingCapacity: true)
            sources.append(diagnostic, to: &text)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// `renderedDiagnostics`, each followed by a line break, handed to `write` in batches of
    /// about 64 KB: a load's 20,000 notes are written with no string made for each.
    public func writeRenderedDiagnostics(_ write: ([UInt8]) -> Void) {
        var sources = DiagnosticSources(texts: texts)
        let batchSize = 1 << 16
        var batch: [UInt8] = []
        batch.reserveCapacity(batchSize + 4096)
        for diagnostic in diagnostics {
            sources.append(diagnostic, to: &batch)
            batch.append(UInt8(ascii: "\n"))
            if batch.count >= batchSize {
                write(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { write(batch) }
    }

    /// `file:line:column` of a diagnostic.
    public func place(of diagnostic: ProgramDiagnostic) -> String {
        guard let range = diagnostic.error.range else { return diagnostic.unit }
        let location = SourceLines(texts[diagnostic.unit] ?? "").location(of: range.lowerBound)
        return "\(diagnostic.unit):\(location.line):\(location.column)"
    }
}
