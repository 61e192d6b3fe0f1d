import ArborCore

/// The constants files declare at their top level (`private let abbreviations = [...]`,
/// read by an initializer): the static properties of namespaces that no Swift name can
/// spell, evaluated when first read like any static. The module's constants share one
/// namespace; a file's `private` and `fileprivate` ones are its own (Swift keeps them to
/// their file), so two files may each declare `private let pageSize` with its own value,
/// and each file's code sees its own.
enum TopLevelConstants {
    /// The namespace of the constants every file sees.
    static let typePath = "(top level)"

    /// The namespace of the file-scoped constants of the unit at `unit` (its index in the
    /// program being resolved): no dot, so no type path reads it as nested.
    static func fileScopedPath(unit: Int) -> String { "(top level of file \(unit))" }

    /// The declarations holding a unit's top-level constants: the module's, then the file's own.
    static func declarations(of unit: SourceUnit, at index: Int) -> [TypeDeclaration] {
        let shared = unit.topLevelConstants.filter { !unit.fileScopedConstants.contains($0.name) }
        let fileScoped = unit.topLevelConstants.filter { unit.fileScopedConstants.contains($0.name) }
        return [
            declaration(shared, path: typePath), declaration(fileScoped, path: fileScopedPath(unit: index)),
        ].compactMap { $0 }
    }

    /// The declaration holding `members` as statics of `path`; nil when there are none.
    private static func declaration(_ members: [TypeDeclaration.Member], path: String) -> TypeDeclaration? {
        guard let first = members.first, case .property(let property) = first else { return nil }
        return TypeDeclaration(
            keyword: .extension, name: path, nameRange: property.nameRange, members: members, range: property.range)
    }
}

extension Evaluator {
    /// A top-level constant `name`, evaluated once when first read: the file's own first
    /// (in the code of the unit being run), then the module's.
    func topLevelConstant(_ name: String, range: SourceRange) throws -> Value? {
        var paths = [TopLevelConstants.typePath]
        if let unit = scope.sourceUnit { paths.insert(TopLevelConstants.fileScopedPath(unit: unit), at: 0) }
        for path in paths
        where environment.types[path] != nil || environment.pendingMembers.hasMembers(of: path) {
            try forceMember(path, name, range: range)
            if let value = environment.types[path]?.statics[name] { return value }
        }
        return nil
    }

    /// Why `name` is not visible here when another file declares it `private`: Swift's own
    /// refusal, with the file that keeps it.
    func fileScopedElsewhere(_ name: String, range: SourceRange) -> ArborError? {
        for unit in environment.sourceTexts.indices where unit != scope.sourceUnit {
            let path = TopLevelConstants.fileScopedPath(unit: unit)
            guard environment.types[path]?.statics[name] != nil || environment.pendingMembers.contains(name, of: path)
            else { continue }
            return ArborError(
                "cannot find '\(name)' in scope: it is `private` to \(environment.sourceTexts[unit].name)", at: range,
                suggestion: "Swift keeps a file's `private` and `fileprivate` top-level names to that file")
        }
        return nil
    }
}
