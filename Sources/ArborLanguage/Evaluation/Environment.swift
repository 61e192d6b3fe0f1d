import ArborCore

/// What names mean in a session: the schema, record types, associations,
/// `let` bindings and the static values of pasted declarations.
public struct Environment: Sendable {
    public var schema: SchemaGraph
    public var typeNames: RecordTypeNames
    public var catalog: AssociationCatalog
    public var bindings: [String: Value] = [:]
    /// The bindings made with `var`, which an assignment may change.
    public var variables: Set<String> = []
    /// Static values of declared types (`Book.authorForeignKey`), by type name.
    public var statics: [String: [String: Value]] = [:]
    /// Numbers `TableAlias()` calls, so that each alias stays distinct.
    public var nextAliasID = 1
    /// The table each `TableAlias` was attached to: GRDB traps when one alias
    /// refers to two tables, even across requests (T2).
    public var aliasTables: [Int: String] = [:]
    /// Members of loaded declarations not evaluated yet, by type path then name:
    /// evaluated when first named, so that the order of declarations never matters.
    public var pendingMembers: [String: [String: PendingMember]] = [:]
    /// The members being evaluated, to report a declaration that refers to itself.
    var membersInProgress: Set<String> = []
    /// Why a member of a loaded declaration could not be declared, by `Type.member`.
    public var memberErrors: [String: ArborError] = [:]
    /// Request methods of the app: `extension DerivableRequest<Book> { func … }` and statics of record types.
    public var requestMethods = RequestMethods()
    /// Instance methods and computed properties of the app's plain structs (GRDBQuery's
    /// `Queryable` requests), by type path: called on values built with the memberwise initializer.
    public var valueMethods: [String: RequestMethods] = [:]
    /// The explicit initializers of the app's plain structs (`init(ordering: SortOrder? = .forward)`),
    /// by type path: those that only assign properties build the value.
    public var initializers: [String: [RequestMethod]] = [:]
    /// `typealias Columns = CodingKeys`, by the alias's full path.
    public var typeAliases: [String: String] = [:]
    /// The cases of enums with raw values (`Book.Kind`), for arguments written `.novel`.
    public var enums: [String: [String: SQLValue]] = [:]
    /// The enums of `enums` without raw values (`enum Ordering { case byTitle, byYear }`): their
    /// values stay cases (`.byTitle`), which Swift code compares and switches on but never sends to SQL.
    public var caseOnlyEnums: Set<String> = []
    /// The enums of `enums` that adopt `DatabaseValueConvertible`: GRDB decodes them from
    /// a column with `fromDatabaseValue`, not with their `Decodable` conformance.
    public var databaseValueEnums: Set<String> = []
    /// The stored properties of declared record structs, in declaration order, by type path.
    public var storedProperties: [String: [StoredProperty]] = [:]
    /// `func encode(to container: inout PersistenceContainer)` of record types, by type path:
    /// the columns a record encodes into, when the app writes them by hand.
    public var recordEncoders: [String: FunctionDeclaration] = [:]
    /// `static let databaseSelection` of record types, by type path: what GRDB's requests of
    /// the type and associations to it select. Absent for all columns.
    public var databaseSelections: [String: [Selectable]] = [:]
    /// The app's structs and classes with stored properties, as rows decode into them, by type path.
    public var decodableTypes: [String: DecodableType] = [:]
    /// The name and text of each unit of the app's code, by the index methods keep as
    /// their `origin`: where an error inside a method's body is.
    public var sourceTexts: [SourceText] = []

    public init(schema: SchemaGraph) {
        self.schema = schema
        self.typeNames = RecordTypeNames(schema: schema)
        self.catalog = AssociationCatalog(convention: Convention(schema: schema, typeNames: typeNames))
    }

    /// The record type name of a table, or `Table("t")`.
    public func displayName(ofTable table: String) -> String {
        typeNames.type(forTable: table) ?? "Table(\(SQLValue.swiftQuoted(table)))"
    }
}

/// A unit of the app's code as errors locate into it: `Models/Book.swift`, `<input 3>`.
public struct SourceText: Sendable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
