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
        private(set) var fragments: [Fragment] = []
        /// The conformances of every fragment, `GRDB.` prefixes removed, `A & B` split, each
        /// once: an array, as a type has a few (a set hashed each of every loaded type).
        private(set) var conformances: [String] = []
        /// Every member with the unit it comes from.
        private(set) var members: [(member: TypeDeclaration.Member, unit: Int)] = []

        /// Its path has a dot (`Library.Book`): found once, not for each pass that asks.
        let isNested: Bool

        init(path: String) {
            self.path = path
            self.isNested = path.containsByte(UInt8(ascii: "."))
        }

        /// A conformance written as one name, with no `&`, space, `@` or `GRDB.` to take away:
        /// one pass over its bytes.
        static func isPlainName(_ written: String) -> Bool {
            var written = written
            return written.withUTF8 { bytes in
                if bytes.first == UInt8(ascii: "@") || bytes.starts(with: "GRDB.".utf8) { return false }
                return !bytes.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: " ") }
            }
        }

        /// Declared (not only extended) somewhere.
        var isDeclared: Bool { fragments.contains { $0.declaration.keyword != .extension } }

        /// Adds a declaration or extension: its conformances and members are gathered
        /// once here, not each time the resolver asks.
        mutating func add(_ fragment: Fragment) {
            fragments.append(fragment)
            for written in fragment.declaration.inheritance {
                // Mostly one plain name (`TableRecord`): kept as written, nothing split.
                if Self.isPlainName(written) {
                    if !conformances.contains(written) { conformances.append(written) }
                    continue
                }
                for part in written.split(separator: "&") {
                    // Spaces trimmed by hand: Foundation's `trimmingCharacters` costs for every type.
                    var trimmed = part
                    while trimmed.first == " " { trimmed.removeFirst() }
                    while trimmed.last == " " { trimmed.removeLast() }
                    var name = String(trimmed)
                    if name.hasPrefix("GRDB.") { name.removeFirst(5) }
                    if name.hasPrefix("@") { name = String(name.drop { $0 != " " }.dropFirst()) }
                    if !conformances.contains(name) { conformances.append(name) }
                }
            }
            // The first fragment's room at once (a later one grows the array as usual).
            if members.isEmpty { members.reserveCapacity(fragment.declaration.members.count) }
            for member in fragment.declaration.members {
                if case .nested = member { continue }
                members.append((member, fragment.unit))
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

    /// Every type, in the order its path first appears: the resolver's passes walk them
    /// here, each found by path only when a name is looked up.
    private(set) var types: [IndexedType] = []
    private var positions: [String: Int] = [:]
    /// The last component of every type's path (`Columns` of `Author.Columns`): a name none
    /// ends with names no type here, whatever the context.
    private(set) var simpleNames: Set<String> = []
    private(set) var requestExtensions: [RequestExtension] = []
    /// Top-level `typealias Name = Target`s, in file order: (name, target).
    private(set) var topLevelTypeAliases: [(name: String, target: String)] = []

    /// GRDB's protocols that requests and associations adopt: their extensions hold request methods.
    static let derivableProtocols: Set<String> = [
        "DerivableRequest", "TableRequest", "FilteredRequest", "OrderedRequest", "SelectionRequest",
        "JoinableRequest", "AggregatingRequest", "TypedRequest",
    ]

    init(_ units: [SourceUnit]) {
        // Room for every top-level type at once: 45,000 types grew the table a dozen times.
        let expected = units.reduce(0) { $0 + $1.declarations.count }
        types.reserveCapacity(expected)
        positions.reserveCapacity(expected)
        simpleNames.reserveCapacity(expected)
        for (index, unit) in units.enumerated() {
            for declaration in unit.declarations { add(declaration, path: nil, unit: index) }
            for constants in TopLevelConstants.declarations(of: unit, at: index) {
                add(constants, path: nil, unit: index)
            }
            for case .typeAlias(let name, _, let target, _) in unit.topLevelTypeAliases {
                topLevelTypeAliases.append((name, target))
            }
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
        let path = parent.map { String.memberKey($0, name) } ?? name
        // One lookup: a path met for the first time takes the next position.
        let position = Self.value(&positions[path, default: types.count])
        if position == types.count {
            simpleNames.insert(name)
            types.append(IndexedType(path: path))
        }
        types[position].add(Fragment(declaration: declaration, unit: unit))
        for case .nested(let nested) in declaration.members {
            add(nested, path: path, unit: unit)
        }
    }

    /// The value of a dictionary entry read through its `default:` subscript, which stores
    /// the default when the key is new.
    private static func value(_ entry: inout Int) -> Int { entry }

    /// The type at `path`, its extensions gathered.
    subscript(path: String) -> IndexedType? {
        positions[path].map { types[$0] }
    }

    /// Whether a type has the path `path`.
    func contains(_ path: String) -> Bool { positions[path] != nil }

    /// The full path of a type written `name` inside `context` (Swift's lookup:
    /// nested types of the context and its parents first, then top level).
    func resolve(_ name: String, from context: String?, aliases: [String: String]) -> String? {
        var candidates: [String] = []
        if var path = context {
            while true {
                candidates.append(String.memberKey(path, name))
                guard let dot = path.lastIndex(of: ".") else { break }
                path = String(path[..<dot])
            }
        }
        candidates.append(name)
        for candidate in candidates {
            if positions[candidate] != nil { return candidate }
            if let target = aliases[candidate] { return target }
        }
        return nil
    }
}
