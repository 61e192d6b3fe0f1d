import ArborCore
import Foundation

/// Every type of the loaded code, its extensions gathered, by full path
/// (`Author`, `Author.Columns`), and the extensions of GRDB's request types.
struct DeclarationIndex {
    struct Fragment {
        var declaration: TypeDeclaration
        var unit: Int
    }

    /// A type and all its declarations and extensions, in loading order.
    struct IndexedType {
        var path: String
        var fragments: [Fragment] = []

        /// The conformances of every fragment, `GRDB.` prefixes removed, `A & B` split.
        var conformances: Set<String> {
            var names: Set<String> = []
            for fragment in fragments {
                for written in fragment.declaration.inheritance {
                    for part in written.split(separator: "&") {
                        var name = part.trimmingCharacters(in: .whitespaces)
                        if name.hasPrefix("GRDB.") { name.removeFirst(5) }
                        if name.hasPrefix("@") { name = String(name.drop { $0 != " " }.dropFirst()) }
                        names.insert(name)
                    }
                }
            }
            return names
        }

        /// Declared (not only extended) somewhere.
        var isDeclared: Bool { fragments.contains { $0.declaration.keyword != .extension } }

        /// Every member with the unit it comes from.
        var members: [(member: TypeDeclaration.Member, unit: Int)] {
            fragments.flatMap { fragment in
                fragment.declaration.members.compactMap { member -> (TypeDeclaration.Member, Int)? in
                    if case .nested = member { return nil }
                    return (member, fragment.unit)
                }
            }
        }
    }

    /// `extension DerivableRequest<Book> { … }` and its kin.
    struct RequestExtension {
        var receiver: RequestMethod.Receiver
        /// The record type written in `<Book>` or `where RowDecoder == Book`.
        var recordType: String?
        var declaration: TypeDeclaration
        var unit: Int
    }

    private(set) var types: [String: IndexedType] = [:]
    /// Type paths in the order they first appear.
    private(set) var order: [String] = []
    private(set) var requestExtensions: [RequestExtension] = []

    /// GRDB's protocols that requests and associations adopt: their extensions hold request methods.
    static let derivableProtocols: Set<String> = [
        "DerivableRequest", "TableRequest", "FilteredRequest", "OrderedRequest", "SelectionRequest",
        "JoinableRequest", "AggregatingRequest", "TypedRequest",
    ]

    init(_ units: [SourceUnit]) {
        for (index, unit) in units.enumerated() {
            for declaration in unit.declarations { add(declaration, path: nil, unit: index) }
        }
    }

    private mutating func add(_ declaration: TypeDeclaration, path parent: String?, unit: Int) {
        var name = declaration.name
        if name.hasPrefix("GRDB.") { name.removeFirst(5) }
        if parent == nil, declaration.keyword == .extension,
            Self.derivableProtocols.contains(name) || name == "QueryInterfaceRequest"
        {
            let constraint =
                declaration.genericArguments.first
                ?? declaration.sameTypeRequirements.first {
                    ["RowDecoder", "Self.RowDecoder"].contains($0.left)
                }?.right
            requestExtensions.append(
                RequestExtension(
                    receiver: name == "QueryInterfaceRequest" ? .queryInterface : .derivable,
                    recordType: constraint, declaration: declaration, unit: unit))
            return
        }
        let path = parent.map { "\($0).\(name)" } ?? name
        if types[path] == nil {
            types[path] = IndexedType(path: path)
            order.append(path)
        }
        types[path]?.fragments.append(Fragment(declaration: declaration, unit: unit))
        for case .nested(let nested) in declaration.members {
            add(nested, path: path, unit: unit)
        }
    }

    /// The full path of a type written `name` inside `context` (Swift's lookup:
    /// nested types of the context and its parents first, then top level).
    func resolve(_ name: String, from context: String?, aliases: [String: String]) -> String? {
        var candidates: [String] = []
        if var path = context {
            while true {
                candidates.append("\(path).\(name)")
                guard let dot = path.lastIndex(of: ".") else { break }
                path = String(path[..<dot])
            }
        }
        candidates.append(name)
        for candidate in candidates {
            if types[candidate] != nil { return candidate }
            if let target = aliases[candidate] { return target }
        }
        return nil
    }
}
