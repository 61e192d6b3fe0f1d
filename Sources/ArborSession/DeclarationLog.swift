import ArborLanguage

/// The declarations a session replays after a schema change, kept as small as
/// what they mean: a member declared again replaces the earlier one (as it does
/// in the catalog), so a session that pastes the same declaration 100,000 times
/// remembers it once, and memory stays steady.
struct DeclarationLog {
    private(set) var declarations: [TypeDeclaration] = []

    /// A member (`static let` or nested type) by the path of its type.
    private struct Key: Hashable {
        var path: String
        var member: String?
    }

    mutating func append(_ new: [TypeDeclaration]) {
        var keys: Set<Key> = []
        for declaration in new { Self.collectKeys(declaration, path: declaration.name, into: &keys) }
        declarations = declarations.compactMap { Self.without(keys, in: $0, path: $0.name) }
        declarations += new
    }

    private static func collectKeys(_ declaration: TypeDeclaration, path: String, into keys: inout Set<Key>) {
        keys.insert(Key(path: path, member: nil))
        for member in declaration.members {
            switch member {
            case .staticLet(let name, _, _, _): keys.insert(Key(path: path, member: name))
            case .nested(let nested): collectKeys(nested, path: "\(path).\(nested.name)", into: &keys)
            }
        }
    }

    /// `declaration` without the members `keys` declares again; nil when nothing
    /// is left and the type itself is declared again.
    private static func without(_ keys: Set<Key>, in declaration: TypeDeclaration, path: String) -> TypeDeclaration? {
        var kept = declaration
        kept.members = declaration.members.compactMap { member in
            switch member {
            case .staticLet(let name, _, _, _):
                return keys.contains(Key(path: path, member: name)) ? nil : member
            case .nested(let nested):
                return without(keys, in: nested, path: "\(path).\(nested.name)").map { .nested($0) }
            }
        }
        if kept.members.isEmpty, keys.contains(Key(path: path, member: nil)) { return nil }
        return kept
    }
}
