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
    /// The fields, in one reference shared by copies (`CopyOnWrite`): the resolver reads one
    /// field of a type at a time.
    private var storage = CopyOnWrite(Fields())

    private struct Fields: Sendable {
        var table: String?
        var missingTable: ArborError?
        var statics: [String: Value] = [:]
        var enumeration: EnumInfo?
        var columnRawValues: [String: SQLValue]?
        var storedProperties: [StoredProperty]?
        var methods = RequestMethods()
        var initializers: [RequestMethod] = []
        var declaresInitializer = false
        var recordEncoder: FunctionDeclaration?
        var recordEncoderOrigin: Int?
        var databaseSelection: [Selectable]?
        var decodable: DecodableType?
        var instancePropertyNames: [String] = []
    }

    /// Every instance property the app's code declares on the type, stored or computed, read
    /// or not: what `record?.name` may name on a record that is absent. In the order declared
    /// (an array: a set cost a hash of each name of every loaded type).
    public var instancePropertyNames: [String] {
        get { storage.fields.instancePropertyNames }
        set { storage.fields.instancePropertyNames = newValue }
        _modify { yield &storage.fields.instancePropertyNames }
    }
    /// The table, for a record type.
    public var table: String? {
        get { storage.fields.table }
        set { storage.fields.table = newValue }
        _modify { yield &storage.fields.table }
    }
    /// For a type whose `databaseTableName` names no table of the database, why: GRDB accepts
    /// the declaration, and a statement that uses the type fails with this error.
    public var missingTable: ArborError? {
        get { storage.fields.missingTable }
        set { storage.fields.missingTable = newValue }
        _modify { yield &storage.fields.missingTable }
    }
    /// `static let`s and getters once evaluated, enum cases as values, by name.
    public var statics: [String: Value] {
        get { storage.fields.statics }
        set { storage.fields.statics = newValue }
        _modify { yield &storage.fields.statics }
    }
    /// The cases, for an enum.
    public var enumeration: EnumInfo? {
        get { storage.fields.enumeration }
        set { storage.fields.enumeration = newValue }
        _modify { yield &storage.fields.enumeration }
    }
    /// For `enum Columns: String, ColumnExpression`: each case's raw value, its column's name.
    /// Its cases are columns wherever GRDB takes them, and `rawValue` gives the name.
    public var columnRawValues: [String: SQLValue]? {
        get { storage.fields.columnRawValues }
        set { storage.fields.columnRawValues = newValue }
        _modify { yield &storage.fields.columnRawValues }
    }
    /// The stored properties of a struct (labels of its memberwise initializer), in declaration order.
    public var storedProperties: [StoredProperty]? {
        get { storage.fields.storedProperties }
        set { storage.fields.storedProperties = newValue }
        _modify { yield &storage.fields.storedProperties }
    }
    /// Instance methods and computed properties of a plain struct or an enum.
    public var methods: RequestMethods {
        get { storage.fields.methods }
        set { storage.fields.methods = newValue }
        _modify { yield &storage.fields.methods }
    }
    /// The explicit initializers of a plain struct.
    public var initializers: [RequestMethod] {
        get { storage.fields.initializers }
        set { storage.fields.initializers = newValue }
        _modify { yield &storage.fields.initializers }
    }
    /// The struct declares an initializer in its body: Swift then synthesizes no memberwise one.
    public var declaresInitializer: Bool {
        get { storage.fields.declaresInitializer }
        set { storage.fields.declaresInitializer = newValue }
        _modify { yield &storage.fields.declaresInitializer }
    }
    /// `func encode(to container: inout PersistenceContainer)`, when a record writes its columns by hand.
    public var recordEncoder: FunctionDeclaration? {
        get { storage.fields.recordEncoder }
        set { storage.fields.recordEncoder = newValue }
        _modify { yield &storage.fields.recordEncoder }
    }
    /// The unit declaring `recordEncoder`: the file whose private names its body sees.
    public var recordEncoderOrigin: Int? {
        get { storage.fields.recordEncoderOrigin }
        set { storage.fields.recordEncoderOrigin = newValue }
        _modify { yield &storage.fields.recordEncoderOrigin }
    }
    /// `static let databaseSelection`: what the record type's requests select; nil for all columns.
    public var databaseSelection: [Selectable]? {
        get { storage.fields.databaseSelection }
        set { storage.fields.databaseSelection = newValue }
        _modify { yield &storage.fields.databaseSelection }
    }
    /// How rows decode into the type, for a struct or class with stored properties.
    public var decodable: DecodableType? {
        get { storage.fields.decodable }
        set { storage.fields.decodable = newValue }
        _modify { yield &storage.fields.decodable }
    }

    public init(path: String) {
        self.path = path
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
