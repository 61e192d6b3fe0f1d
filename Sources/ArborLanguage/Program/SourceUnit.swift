import ArborCore
import Foundation

/// One text of the app's code: a file, a paste at the prompt, or the demo's prelude.
public struct SourceUnit: Sendable {
    /// The file's path as given, or `<input 3>` for a paste.
    public var name: String
    public var text: String
    public var declarations: [TypeDeclaration]
    /// What parsing found: errors of broken declarations, notes (`#if` branches taken).
    public var diagnostics: [ProgramDiagnostic]
    /// The constants the file declares at its top level (`TopLevelConstants`).
    public var topLevelConstants: [TypeDeclaration.Member] = []
    /// The names of those declared `private` or `fileprivate`: Swift keeps them to this file.
    public var fileScopedConstants: Set<String> = []
    /// The type aliases the file declares at its top level: module-wide names for arbor
    /// (Swift keeps a `fileprivate` one to its file).
    public var topLevelTypeAliases: [TypeDeclaration.Member] = []

    public init(name: String, text: String, declarations: [TypeDeclaration], diagnostics: [ProgramDiagnostic] = []) {
        self.name = name
        self.text = text
        self.declarations = declarations
        self.diagnostics = diagnostics
    }

    /// Reads several files, on a thread for each core (see `LargeStackThread`): files are
    /// independent until they are resolved together. Ctrl-C (`cancellation`) returns at
    /// once, even in the middle of one file's parse, with the files read before it; a parse
    /// left behind ends on its own and nothing keeps it. `willRead` is told each file's
    /// name as its parse starts.
    public static func parse(
        files: [(name: String, text: String)], flags: Set<String> = ConditionalCompilation.defaultFlags,
        cancellation: Cancellation? = nil, willRead: (@Sendable (String) -> Void)? = nil
    ) -> [SourceUnit] {
        let files = files.map { SendableFile(name: $0.name, text: $0.text) }
        let read = ReadUnits(count: files.count)
        // The biggest first, each to the least loaded thread: the threads end together.
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        let threads = max(1, min(cores, files.count))
        // Cores no file keeps busy read the pieces of a long file (one file, on every core).
        let pieceThreads = max(1, cores / threads)
        var groups = Array(repeating: [Int](), count: threads)
        var sizes = Array(repeating: 0, count: threads)
        for index in files.indices.sorted(by: { files[$0].text.utf8.count > files[$1].text.utf8.count }) {
            let least = sizes.indices.min { sizes[$0] < sizes[$1] } ?? 0
            groups[least].append(index)
            sizes[least] += files[index].text.utf8.count
        }
        let works = groups.map { group in
            { @Sendable in
                for index in group {
                    if cancellation?.isCancelled == true { break }
                    let file = files[index]
                    willRead?(file.name)
                    read.set(
                        index,
                        parse(
                            name: file.name, text: file.text, flags: flags, cancellation: cancellation,
                            threads: pieceThreads))
                }
                return true
            }
        }
        // Each thread allocates from an arena of its own (glibc's default): with one arena
        // for the process, the two threads waited on its lock, and 100 model files took
        // longer to read on two cores than on one.
        _ = LargeStackThread.run(each: works, abandoningOn: cancellation)
        FreedMemory.returnToSystem()
        return read.units
    }

    /// The units read so far, by the files' order, shared with the reading threads (which
    /// may still be adding one when their caller has gone on after Ctrl-C: that one is not
    /// in the copy it took).
    private final class ReadUnits: @unchecked Sendable {
        private let lock = NSLock()
        private var read: [SourceUnit?]

        init(count: Int) { read = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ unit: SourceUnit) {
            lock.lock()
            read[index] = unit
            lock.unlock()
        }

        var units: [SourceUnit] {
            lock.lock()
            defer { lock.unlock() }
            return read.compactMap { $0 }
        }
    }

    private struct SendableFile: Sendable {
        var name: String
        var text: String
    }

    /// Reads the type declarations of a Swift file, `#if` branches chosen by `flags`, the
    /// pieces of a long one on `threads` threads.
    public static func parse(
        name: String, text: String, flags: Set<String> = ConditionalCompilation.defaultFlags,
        cancellation: Cancellation? = nil, threads: Int = 1
    ) -> SourceUnit {
        let result = SwiftSourceReader.read(text, flags: flags, cancellation: cancellation, threads: threads)
        var unit = SourceUnit(
            name: name, text: text, declarations: result.declarations,
            diagnostics: (result.errors.map { ProgramDiagnostic(.error, $0, unit: name) }
                + result.notes.map { ProgramDiagnostic(.note, $0, unit: name) }).sorted {
                    ($0.error.range?.lowerBound ?? 0) < ($1.error.range?.lowerBound ?? 0)
                })
        unit.topLevelConstants = result.topLevelConstants
        unit.fileScopedConstants = result.fileScopedConstants
        unit.topLevelTypeAliases = result.topLevelTypeAliases
        return unit
    }
}

/// An error or a note about loaded code, located in its unit.
public struct ProgramDiagnostic: Sendable, Equatable {
    public enum Severity: String, Sendable { case error, note }

    public var severity: Severity
    public var error: ArborError
    /// The unit's name (a file path, `<input 3>`).
    public var unit: String

    public init(_ severity: Severity, _ error: ArborError, unit: String) {
        self.severity = severity
        self.error = error
        self.unit = unit
    }
}

/// Every text of the app's code a session holds, in the order it came. A file
/// loaded again replaces its earlier text; so does a member pasted again.
public struct Program: Sendable {
    public private(set) var units: [SourceUnit] = []

    public init() {}

    /// Adds `unit`, or replaces the unit of the same name (a file loaded again).
    public mutating func load(_ unit: SourceUnit) {
        if let index = units.firstIndex(where: { $0.name == unit.name }) {
            units[index] = unit
        } else {
            units.append(unit)
        }
    }

    /// Removes the unit of this name, if any.
    public mutating func remove(named name: String) {
        units.removeAll { $0.name == name }
    }

    /// Adds a paste: the members it declares again leave the earlier pastes, so that a
    /// session that pastes one declaration many times holds it once.
    public mutating func paste(_ unit: SourceUnit) {
        var keys: Set<String> = []
        for declaration in unit.declarations { Self.collectKeys(declaration, path: declaration.name, into: &keys) }
        units = units.compactMap { old in
            guard old.name.hasPrefix("<input") else { return old }
            var kept = old
            kept.declarations = old.declarations.compactMap { Self.without(keys, in: $0, path: $0.name) }
            return kept.declarations.isEmpty ? nil : kept
        }
        units.append(unit)
    }

    private static func collectKeys(_ declaration: TypeDeclaration, path: String, into keys: inout Set<String>) {
        let path = constrained(path, declaration)
        keys.insert(path)
        for member in declaration.members {
            if case .nested(let nested) = member {
                collectKeys(nested, path: String.memberKey(path, nested.name), into: &keys)
            } else {
                keys.insert("\(path)#\(key(of: member))")
            }
        }
    }

    private static func without(_ keys: Set<String>, in declaration: TypeDeclaration, path: String)
        -> TypeDeclaration?
    {
        let path = constrained(path, declaration)
        var kept = declaration
        kept.members = declaration.members.compactMap { member in
            if case .nested(let nested) = member {
                return without(keys, in: nested, path: "\(path).\(nested.name)").map { .nested($0) }
            }
            return keys.contains("\(path)#\(key(of: member))") ? nil : member
        }
        if kept.members.isEmpty, keys.contains(path) { return nil }
        return kept
    }

    /// `DerivableRequest<Book>` and `DerivableRequest<Author>` extend different things.
    private static func constrained(_ path: String, _ declaration: TypeDeclaration) -> String {
        let constraints =
            declaration.genericArguments + declaration.sameTypeRequirements.map { "\($0.left)==\($0.right)" }
            + declaration.conformanceRequirements.map { "\($0.left):\($0.right)" }
        return constraints.isEmpty ? path : path + "<" + constraints.joined(separator: ",") + ">"
    }

    /// Functions overload by their labels, as in Swift.
    private static func key(of member: TypeDeclaration.Member) -> String {
        if case .function(let function) = member { return function.signature }
        return member.name
    }
}
