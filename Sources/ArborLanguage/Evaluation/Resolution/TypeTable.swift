import ArborCore

/// Every type of the app's code, by full path, and the type aliases between paths:
/// the one place the resolver looks a type up.
public struct TypeTable: Sendable {
    /// Read by `TypeTableView`, which keeps this alone rather than a copy of the whole table.
    private(set) var infos: [String: TypeInfo] = [:]
    /// `typealias Columns = CodingKeys`, by the alias's full path (`alias(_:to:)` adds one).
    public private(set) var aliases: [String: String] = [:]
    /// The last component of every nested type's path and nested alias's (`Columns` of
    /// `Book.Columns`): a name that is none of them names no nested type, and is not
    /// looked up in each enclosing type.
    private var nestedNames: Set<String> = []
    /// The enums with instance methods or computed properties, kept as types change: every
    /// member call asks which enums could be its receiver, and scanning every type there
    /// made loading an app with many types slow.
    public private(set) var enumsWithMethods: Set<String> = []
    /// The names of the enums' cases with associated values (`tag` of `case tag(String)`): a
    /// call is looked up as such a case only when its name is one.
    public var associatedCaseNames: Set<String> = []

    public init() {}

    /// The type at `path` (aliases not followed).
    public subscript(path: String) -> TypeInfo? {
        get { infos[path] }
        set {
            if newValue != nil { noteNested(path) }
            infos[path] = newValue
            note(path, hasMethods: newValue.map(Self.isEnumWithMethods) ?? false)
        }
    }

    /// Declares `path` an alias of `target`.
    public mutating func alias(_ path: String, to target: String) {
        noteNested(path)
        aliases[path] = target
    }

    /// Whether the enum at `path` has instance methods or computed properties.
    public func hasEnumMethods(_ path: String) -> Bool {
        !enumsWithMethods.isEmpty && enumsWithMethods.contains(path)
    }

    /// Whether some nested type or alias ends with `name` (a path `….name`).
    public func mayNest(_ name: String) -> Bool { nestedNames.contains(name) }

    /// Cheap for a top-level path (no dot), as every change of a type notes its path.
    private mutating func noteNested(_ path: String) {
        guard let name = path.suffix(afterLast: UInt8(ascii: ".")) else { return }
        nestedNames.insert(name)
    }

    /// Changes the type at `path`, declaring it when it is new.
    public mutating func update<T>(_ path: String, _ change: (inout TypeInfo) throws -> T) rethrows -> T {
        var hasMethods = false
        defer { note(path, hasMethods: hasMethods) }
        func changed(_ info: inout TypeInfo) throws -> T {
            defer { hasMethods = Self.isEnumWithMethods(info) }
            return try change(&info)
        }
        noteNested(path)
        return try changed(&infos[path, default: TypeInfo(path: path)])
    }

    private static func isEnumWithMethods(_ info: TypeInfo) -> Bool {
        info.enumeration != nil && !info.methods.isEmpty
    }

    private mutating func note(_ path: String, hasMethods: Bool) {
        if hasMethods {
            enumsWithMethods.insert(path)
        } else if !enumsWithMethods.isEmpty {
            enumsWithMethods.remove(path)
        }
    }

    /// Room for `count` more types: declared all at once, they would rehash the table each time it doubles.
    public mutating func reserveCapacity(forMore count: Int) {
        infos.reserveCapacity(infos.count + count)
    }

    public var paths: Dictionary<String, TypeInfo>.Keys { infos.keys }

    public var all: Dictionary<String, TypeInfo>.Values { infos.values }

    /// `path` with the aliases followed (`Author.Columns` → `Author.CodingKeys`).
    public func canonical(_ path: String) -> String { Self.canonical(path, aliases: aliases) }

    /// `canonical(path)` given the aliases alone: a caller that holds the table in a class
    /// (`evaluator.environment.types`) passes only them, where calling the method copies
    /// the whole table first, a retain and a release of each of its fields.
    static func canonical(_ path: String, aliases: [String: String]) -> String {
        if aliases.isEmpty { return path }
        var path = path
        var seen: Set<String> = []
        while let target = aliases[path], seen.insert(path).inserted { path = target }
        return path
    }
}

/// A read-only view of one field of every type, by path: `environment.statics[path]`.
public struct TypeTableView<Field>: Sendable {
    /// The types by path: a view is made for each lookup (`environment.statics[path]`), and
    /// holding the whole table retained each of its sets as well.
    let infos: [String: TypeInfo]
    let field: @Sendable (TypeInfo) -> Field?

    init(table: TypeTable, field: @escaping @Sendable (TypeInfo) -> Field?) {
        self.infos = table.infos
        self.field = field
    }

    public subscript(path: String) -> Field? { infos[path].flatMap(field) }

    /// The paths whose type has the field.
    public var keys: [String] { infos.values.filter { field($0) != nil }.map(\.path) }
}
