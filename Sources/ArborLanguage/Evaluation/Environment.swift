import ArborCore

/// What names mean in a session: the schema, record types, associations,
/// `let` bindings and the static values of pasted declarations.
public struct Environment: Sendable {
    public var schema: SchemaGraph
    public var typeNames: RecordTypeNames
    public var catalog: AssociationCatalog
    /// The session's `let` and `var` names: the outermost frame of the scope chain, below
    /// the frames of whatever is being evaluated (`Evaluator.identifier` walks them in one path).
    public var session = ScopeFrame(kind: .session)
    /// The session's names and their values (a view of `session`).
    public var bindings: [String: Value] {
        get { session.names.compactMapValues(\.value) }
        set {
            session.names = newValue.mapValues { value in LocalName(value: value, type: nil, isVariable: false) }
                .merging(session.names.filter { newValue[$0.key] != nil }) { new, old in
                    LocalName(value: new.value, type: old.type, isVariable: old.isVariable)
                }
        }
    }
    /// The value the session binds to `name`: asked for names evaluated, where building
    /// `bindings` would copy every binding each time.
    public func binding(_ name: String) -> Value? {
        session.names[name]?.value
    }
    /// The bindings made with `var`, which an assignment may change.
    public var variables: Set<String> { Set(session.names.filter(\.value.isVariable).keys) }
    /// The app's types, by full path: statics, cases, methods, initializers, stored properties.
    public var types = TypeTable()
    /// Numbers `TableAlias()` calls, so that each alias stays distinct.
    public var nextAliasID = 1
    /// The table each `TableAlias` was attached to: GRDB traps when one alias
    /// refers to two tables, even across requests (T2).
    public var aliasTables: [Int: String] = [:]
    /// Members of loaded declarations not evaluated yet, by type path then name:
    /// evaluated when first named, so that the order of declarations never matters.
    public var pendingMembers = PendingMemberTable()
    /// The members being evaluated, innermost last, to report a declaration that refers to itself.
    var membersInProgress: [(path: String, name: String)] = []
    /// Why a member of a loaded declaration could not be declared, by `Type.member`.
    public var memberErrors: [String: ArborError] = [:]
    /// Request methods of the app: `extension DerivableRequest<Book> { func … }` and statics of record types.
    public var requestMethods = RequestMethods()
    /// What the compiler refuses in each request extension's method (`limit(1)` on `Self` in
    /// `extension DerivableRequest<Post>`), found once at loading (`SelfMemberCheck`) rather
    /// than at each call; a method not in it is checked when called.
    var selfMemberChecks: [RequestMethod.Place: ArborError?] = [:]
    /// The name and text of each unit of the app's code, by the index methods keep as
    /// their `origin`: where an error inside a method's body is.
    public var sourceTexts: [SourceText] = []

    public init(schema: SchemaGraph) {
        self.schema = schema
        self.typeNames = RecordTypeNames(schema: schema)
        self.catalog = AssociationCatalog(convention: Convention(schema: schema, typeNames: typeNames))
    }

    /// Static values of declared types (`Book.authorForeignKey`), by type path: every
    /// declared type has an entry, empty or not.
    public var statics: TypeTableView<[String: Value]> { TypeTableView(table: types) { $0.statics } }
    /// Instance methods and computed properties of the app's plain structs and enums, by type path.
    public var valueMethods: TypeTableView<RequestMethods> {
        TypeTableView(table: types) { $0.methods.count > 0 ? $0.methods : nil }
    }
    /// The raw values of enums' cases (`Book.Kind`), by type path.
    public var enums: TypeTableView<[String: SQLValue]> {
        TypeTableView(table: types) { $0.enumeration?.rawValues }
    }
    /// The app's structs and classes with stored properties, as rows decode into them, by type path.
    public var decodableTypes: TypeTableView<DecodableType> { TypeTableView(table: types) { $0.decodable } }

    /// The record type name of a table, or `Table("t")`.
    public func displayName(ofTable table: String) -> String {
        typeNames.displayName(ofTable: table)
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
