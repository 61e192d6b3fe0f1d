import ArborCore

/// The constants files declare at their top level (`private let abbreviations = [...]`,
/// read by an initializer): the static properties of one namespace that no Swift name can
/// spell, evaluated when first read like any static. Swift keeps a `private` one to its
/// file; arbor reads them all into one namespace, so two files' private constants of one
/// name are one (the later file's).
enum TopLevelConstants {
    static let typePath = "(top level)"

    /// The declaration holding a file's top-level constants; nil when it has none.
    static func declaration(_ members: [TypeDeclaration.Member]) -> TypeDeclaration? {
        guard let first = members.first, case .property(let property) = first else { return nil }
        return TypeDeclaration(
            keyword: .extension, name: typePath, nameRange: property.nameRange, members: members,
            range: property.range)
    }
}

extension Evaluator {
    /// A file's top-level constant `name`, evaluated once when first read.
    func topLevelConstant(_ name: String, range: SourceRange) throws -> Value? {
        guard
            environment.types[TopLevelConstants.typePath] != nil
                || environment.pendingMembers[TopLevelConstants.typePath] != nil
        else { return nil }
        try forceMember(TopLevelConstants.typePath, name, range: range)
        return environment.types[TopLevelConstants.typePath]?.statics[name]
    }
}
