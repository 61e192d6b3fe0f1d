import ArborCore

/// Every type of the app's code, by full path, and the type aliases between paths:
/// the one place the resolver looks a type up.
public struct TypeTable: Sendable {
    private var infos: [String: TypeInfo] = [:]
    /// `typealias Columns = CodingKeys`, by the alias's full path.
    public var aliases: [String: String] = [:]

    public init() {}

    /// The type at `path` (aliases not followed).
    public subscript(path: String) -> TypeInfo? {
        get { infos[path] }
        set { infos[path] = newValue }
    }

    /// Changes the type at `path`, declaring it when it is new.
    public mutating func update<T>(_ path: String, _ change: (inout TypeInfo) throws -> T) rethrows -> T {
        try change(&infos[path, default: TypeInfo(path: path)])
    }

    public var paths: Dictionary<String, TypeInfo>.Keys { infos.keys }

    public var all: Dictionary<String, TypeInfo>.Values { infos.values }

    /// `path` with the aliases followed (`Author.Columns` → `Author.CodingKeys`).
    public func canonical(_ path: String) -> String {
        var path = path
        var seen: Set<String> = []
        while let target = aliases[path], seen.insert(path).inserted { path = target }
        return path
    }
}

/// A read-only view of one field of every type, by path: `environment.statics[path]`.
public struct TypeTableView<Field>: Sendable {
    let table: TypeTable
    let field: @Sendable (TypeInfo) -> Field?

    public subscript(path: String) -> Field? { table[path].flatMap(field) }

    /// The paths whose type has the field.
    public var keys: [String] { table.all.filter { field($0) != nil }.map(\.path) }
}
