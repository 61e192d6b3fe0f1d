import ArborCore

/// One type of the app's code, as the resolver knows it: a record type, an enum, a
/// plain struct or a namespace (`enum Columns`, `extension Book`), with everything
/// declared in it, gathered once from all its declarations and extensions.
public struct TypeInfo: Sendable {
    public enum Kind: String, Sendable {
        /// A type with a table (`struct Book: TableRecord`).
        case record
        /// An enum with cases (`enum Kind: String { case novel }`, `SortOrder`).
        case enumeration = "enum"
        /// A struct or class that stores properties and has no table (`BookInfo`, a GRDBQuery request).
        case structure = "struct"
        /// Only static members (`enum Queries { static let … }`, an extension of a type arbor has no body for).
        case namespace
    }

    /// The full path: `Book`, `Book.Columns`.
    public let path: String
    /// The fields, shared by copies until one of them changes (copy on write): the resolver
    /// reads one field of a type at a time, and copying every field for each read was much
    /// of loading's reference counting.
    private var storage = Storage()

    /// The table, for a record type.
    public var table: String? {
        get { storage.table }
        set { mutableStorage().table = newValue }
        _modify { yield &mutableStorage().table }
    }
    /// For a type whose `databaseTableName` names no table of the database, why: GRDB accepts
    /// the declaration, and a statement that uses the type fails with this error.
    public var missingTable: ArborError? {
        get { storage.missingTable }
        set { mutableStorage().missingTable = newValue }
        _modify { yield &mutableStorage().missingTable }
    }
    /// `static let`s and getters once evaluated, enum cases as values, by name.
    public var statics: [String: Value] {
        get { storage.statics }
        set { mutableStorage().statics = newValue }
        _modify { yield &mutableStorage().statics }
    }
    /// The cases, for an enum.
    public var enumeration: EnumInfo? {
        get { storage.enumeration }
        set { mutableStorage().enumeration = newValue }
        _modify { yield &mutableStorage().enumeration }
    }
    /// For `enum Columns: String, ColumnExpression`: each case's raw value, its column's name.
    /// Its cases are columns wherever GRDB takes them, and `rawValue` gives the name.
    public var columnRawValues: [String: SQLValue]? {
        get { storage.columnRawValues }
        set { mutableStorage().columnRawValues = newValue }
        _modify { yield &mutableStorage().columnRawValues }
    }
    /// The stored properties of a struct (labels of its memberwise initializer), in declaration order.
    public var storedProperties: [StoredProperty]? {
        get { storage.storedProperties }
        set { mutableStorage().storedProperties = newValue }
        _modify { yield &mutableStorage().storedProperties }
    }
    /// Instance methods and computed properties of a plain struct or an enum.
    public var methods: RequestMethods {
        get { storage.methods }
        set { mutableStorage().methods = newValue }
        _modify { yield &mutableStorage().methods }
    }
    /// The explicit initializers of a plain struct.
    public var initializers: [RequestMethod] {
        get { storage.initializers }
        set { mutableStorage().initializers = newValue }
        _modify { yield &mutableStorage().initializers }
    }
    /// The struct declares an initializer in its body: Swift then synthesizes no memberwise one.
    public var declaresInitializer: Bool {
        get { storage.declaresInitializer }
        set { mutableStorage().declaresInitializer = newValue }
        _modify { yield &mutableStorage().declaresInitializer }
    }
    /// `func encode(to container: inout PersistenceContainer)`, when a record writes its columns by hand.
    public var recordEncoder: FunctionDeclaration? {
        get { storage.recordEncoder }
        set { mutableStorage().recordEncoder = newValue }
        _modify { yield &mutableStorage().recordEncoder }
    }
    /// The unit declaring `recordEncoder`: the file whose private names its body sees.
    public var recordEncoderOrigin: Int? {
        get { storage.recordEncoderOrigin }
        set { mutableStorage().recordEncoderOrigin = newValue }
        _modify { yield &mutableStorage().recordEncoderOrigin }
    }
    /// `static let databaseSelection`: what the record type's requests select; nil for all columns.
    public var databaseSelection: [Selectable]? {
        get { storage.databaseSelection }
        set { mutableStorage().databaseSelection = newValue }
        _modify { yield &mutableStorage().databaseSelection }
    }
    /// How rows decode into the type, for a struct or class with stored properties.
    public var decodable: DecodableType? {
        get { storage.decodable }
        set { mutableStorage().decodable = newValue }
        _modify { yield &mutableStorage().decodable }
    }

    public init(path: String) {
        self.path = path
    }

    /// The storage, copied first when another `TypeInfo` shares it.
    private mutating func mutableStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Mutated only through `mutableStorage()`, when no other value shares it: a value
    /// shared between threads is only read.
    private final class Storage: @unchecked Sendable {
        var table: String? = nil
        var missingTable: ArborError? = nil
        var statics: [String: Value] = [:]
        var enumeration: EnumInfo? = nil
        var columnRawValues: [String: SQLValue]? = nil
        var storedProperties: [StoredProperty]? = nil
        var methods: RequestMethods = RequestMethods()
        var initializers: [RequestMethod] = []
        var declaresInitializer: Bool = false
        var recordEncoder: FunctionDeclaration? = nil
        var recordEncoderOrigin: Int? = nil
        var databaseSelection: [Selectable]? = nil
        var decodable: DecodableType? = nil

        func copy() -> Storage {
            let copy = Storage()
            copy.table = table
            copy.missingTable = missingTable
            copy.statics = statics
            copy.enumeration = enumeration
            copy.columnRawValues = columnRawValues
            copy.storedProperties = storedProperties
            copy.methods = methods
            copy.initializers = initializers
            copy.declaresInitializer = declaresInitializer
            copy.recordEncoder = recordEncoder
            copy.recordEncoderOrigin = recordEncoderOrigin
            copy.databaseSelection = databaseSelection
            copy.decodable = decodable
            return copy
        }
    }

    public var kind: Kind {
        if table != nil { return .record }
        if enumeration != nil { return .enumeration }
        if storedProperties != nil || decodable != nil { return .structure }
        return .namespace
    }
}

/// An enum's cases, in declaration order, with their raw values.
public struct EnumInfo: Sendable {
    /// The raw value type (`String`, `UInt16`), parsed; nil for an enum without raw values.
    public var rawType: SwiftType?
    /// Each case's raw value (`"novel"`, `0`); for an enum without raw values, its name.
    public var rawValues: [String: SQLValue]
    /// The case names, in declaration order.
    public var caseNames: [String]
    /// Cases without raw values (`enum Ordering { case byTitle }`): values of Swift only, never SQL.
    public var isCaseOnly: Bool
    /// Adopts `DatabaseValueConvertible`: GRDB decodes it with `fromDatabaseValue`.
    public var isDatabaseValue: Bool
    /// A `CodingKey` enum (`CodingKeys`): its cases are column names, held as strings.
    public var isCodingKey = false
    /// The cases with associated values (`case tag(String)`), by name: their labels and types.
    public var associatedValues: [String: [EnumCase.AssociatedValue]] = [:]

    public init(
        rawType: SwiftType?, rawValues: [String: SQLValue], caseNames: [String], isCaseOnly: Bool,
        isDatabaseValue: Bool
    ) {
        self.rawType = rawType
        self.rawValues = rawValues
        self.caseNames = caseNames
        self.isCaseOnly = isCaseOnly
        self.isDatabaseValue = isDatabaseValue
    }
}
