import ArborCore
import Foundation

/// What resolving a program gave: counts for the summary line, what was
/// skipped or rejected, and where each declaration came from.
public struct ProgramResolution: Sendable {
    public var recordTypes = 0
    public var associations = 0
    public var columnSets = 0
    public var requestMethods = 0
    public var diagnostics: [ProgramDiagnostic] = []
    public var entries: [DeclarationEntry] = []

    public init() {}
}

/// One declaration the session holds, for `:declarations`.
public struct DeclarationEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case recordType = "record type"
        case association
        case columns = "column"
        case requestMethod = "request method"
        case value
    }

    public var kind: Kind
    /// `Author.books`, `Author` (→ `author`), `DerivableRequest<Book>.filter(kind:)`.
    public var name: String
    public var detail: String
    public var unit: String
    public var range: SourceRange
}

/// Resolves every loaded text together, as the Swift compiler would: table
/// names first, then enums and column sets, then members, evaluated when
/// first named whatever their order; request methods are kept to be called.
public enum ProgramResolver {
    public static func resolve(_ program: Program, into evaluator: Evaluator) -> ProgramResolution {
        var resolver = Resolution(program: program, evaluator: evaluator)
        resolver.run()
        return resolver.result
    }
}

private struct Resolution {
    let program: Program
    let evaluator: Evaluator
    let index: DeclarationIndex
    var result = ProgramResolution()
    /// The table of each type path that has one.
    var tables: [String: String] = [:]
    /// Why each record type whose `databaseTableName` names no table of the database has none.
    var missingTables: [String: ArborError] = [:]
    /// Members by `Type.member`, statics apart from instance members, to report one declared twice.
    var declaredMembers = MemberDeclarations()
    /// The request methods of plain structs (`BooksRequest.fetch(_:)`), for the summary.
    var valueRequestMethods = 0
    /// Each unit's line starts, by unit, found once when a first location in it is asked or
    /// shown (`SourcePlace`), shared by every place in it.
    var lines: [LazySourceLines?]
    /// Each unit's line starts once a location in it is asked here, by unit: read without
    /// `LazySourceLines`' lock (600 instructions for each of 20,000 redeclarations).
    var madeLines: [SourceLines?]
    /// Each unit's last location asked, by unit: places are mostly asked in order (20,000
    /// redeclarations, each naming the one before).
    var lastPlaces: [SourceLines.Cursor]
    /// The bytes of the note being written, kept from one note to the next (`noteRedeclaration`).
    var noteBytes: [UInt8] = []
    /// Each property's type, parsed once by its text (most say `Int64` or `String`).
    var parsedTypes: [String: SwiftType] = [:]
    /// The written type of each property type's text that names no type of the app: the
    /// same wherever it is written.
    var contextFreeWrittenTypes: [String: WrittenType] = [:]
    /// Some type of the app is named `CodingKeys`: only then may a type have one.
    var someTypeHasCodingKeys = false
    /// Whether each unit is a prelude (`<demo>`) rather than the app's code, by unit.
    let isPrelude: [Bool]
    /// The table each type of `index.types` declares or GRDB's default gives it, by position:
    /// its entry of `tables`, kept in the order the passes walk the types.
    var ownTables: [String?] = []
    /// The table of each type of `index.types`, by position, its own or the convention's,
    /// once table names are known: counted at the end without looking each type up again.
    var tableAt: [String?] = []
    /// The last component of every type path and alias, once the aliases are known: a name
    /// written in a property's type that is none of them is a type of Swift or a library.
    var typeSimpleNames: Set<String> = []

    init(program: Program, evaluator: Evaluator) {
        self.program = program
        self.evaluator = evaluator
        self.index = DeclarationIndex(program.units)
        self.lines = Array(repeating: nil, count: program.units.count)
        self.madeLines = Array(repeating: nil, count: program.units.count)
        self.lastPlaces = Array(repeating: SourceLines.Cursor(), count: program.units.count)
        self.isPrelude = program.units.map { $0.name.hasPrefix("<") }
    }

    mutating func run() {
        for unit in program.units { result.diagnostics += unit.diagnostics }
        evaluator.environment.sourceTexts = program.units.map { SourceText(name: $0.name, text: $0.text) }
        resolveAliases()
        typeSimpleNames = index.simpleNames
        for alias in evaluator.environment.types.aliases.keys { typeSimpleNames.insert(Self.lastComponent(alias)) }
        someTypeHasCodingKeys = typeSimpleNames.contains("CodingKeys")
        resolveTableNames()
        evaluator.environment.types.reserveCapacity(forMore: index.types.count)
        // Each pass reads the types in place: a type copied retains each of its arrays.
        let types = index.types
        // Asked of the evaluator's cancellation itself: `isCancelled` inside the closure copies `self`.
        let cancellation = evaluator.cancellation
        types.withUnsafeBufferPointer { types in
            // Neither reads what the other declares: one walk over the types.
            var preferred: [String: String] = [:]
            for position in types.indices where cancellation?.isCancelled != true {
                declareTableName(of: types[position], at: position, preferred: &preferred)
                declareEnum(types[position])
            }
            for (table, type) in preferred { evaluator.environment.typeNames.prefer(type: type, forTable: table) }
            declareBuiltInEnums()
            // Once all enums are known (a type's `CodingKeys`): what rows decode into, then members.
            tableAt.reserveCapacity(types.count)
            for position in types.indices where cancellation?.isCancelled != true {
                declareMembers(types[position], at: position)
            }
        }
        if isCancelled { return }
        declareRequestExtensions()
        // What the request methods call on `Self` is checked on another thread while the
        // members are evaluated: the check reads only the methods and GRDB's registry.
        let selfMembers = checkSelfMembers()
        let errors = evaluator.forceAllMembers()
        reportSelfMembers(selfMembers.wait())
        report(errors)
        count()
        // A problem met from two places (a cycle) is said once.
        struct Said: Hashable {
            var unit: String
            var range: SourceRange?
            var message: String

            /// A place mostly says who it is: the unit and the message are hashed only
            /// without one (20,000 notes of a load are each hashed), and compared always.
            func hash(into hasher: inout Hasher) {
                hasher.combine(range)
                if range == nil {
                    hasher.combine(unit)
                    hasher.combine(message)
                }
            }
        }
        var seen: Set<Said> = []
        seen.reserveCapacity(result.diagnostics.count)
        // In place: the diagnostics are copied into no new array.
        result.diagnostics.removeAll { diagnostic in
            !seen.insert(Said(unit: diagnostic.unit, range: diagnostic.error.range, message: diagnostic.error.message))
                .inserted
        }
    }

    /// Ctrl-C: the caller puts back what it had before (`Session.load`).
    var isCancelled: Bool { evaluator.cancellation?.isCancelled ?? false }

    // MARK: Names

    private mutating func resolveAliases() {
        // Read in place: a type copied retains each of its arrays.
        let types = index.types
        types.withUnsafeBufferPointer { types in
            for position in types.indices {
                let path = types[position].path
                for (member, _) in types[position].members {
                    guard case .typeAlias(let name, _, let target, _) = member else { continue }
                    let aliasPath = "\(path).\(name)"
                    let resolved =
                        index.resolve(target, from: path, aliases: evaluator.environment.types.aliases) ?? target
                    if resolved != aliasPath { evaluator.environment.types.alias(aliasPath, to: resolved) }
                }
            }
        }
        // A top-level alias names a type from anywhere (Swift's `fileprivate` is not kept).
        for (name, target) in index.topLevelTypeAliases {
            let resolved = index.resolve(target, from: nil, aliases: evaluator.environment.types.aliases) ?? target
            if resolved != name { evaluator.environment.types.alias(name, to: resolved) }
        }
    }

    /// `databaseTableName` as a stored or computed static property, a string or
    /// another type's; GRDB's default name for record types without one.
    private mutating func resolveTableNames() {
        var visiting: Set<String> = []
        tables.reserveCapacity(index.types.count)
        ownTables.reserveCapacity(index.types.count)
        // Read in place, as the later passes do: a type copied retains each of its arrays.
        let types = index.types
        types.withUnsafeBufferPointer { types in
            for position in types.indices {
                // Its entry of `tables` for good: a type found none at the top finds none when
                // another type asks (that only adds types being visited, each a cycle cut short).
                ownTables.append(tableName(of: types[position], visiting: &visiting))
            }
        }
        evaluator.environment.typeNames.reserveCapacity(forMore: tables.count)
    }

    /// Names the table of a record type. The app's own type names a table in generated code:
    /// the first by name when several share one (order never matters). The demo's prelude
    /// keeps the convention's names.
    private mutating func declareTableName(
        of type: DeclarationIndex.IndexedType, at position: Int, preferred: inout [String: String]
    ) {
        let path = type.path
        // Every indexed type is declared with its table when its members are (`declareMembers`).
        guard let table = ownTables[position] else { return }
        evaluator.environment.typeNames.declare(type: path, table: table)
        // The name first: a type that would not be preferred needs no look at its declarations.
        if !type.isNested {
            let folded = table.sqlFolded
            if preferred[folded].map({ path < $0 }) ?? true, isAppType(type) { preferred[folded] = path }
        } else {
            // A nested record type is also named without its parents, as code inside them does.
            let short = Self.lastComponent(path)
            if evaluator.environment.typeNames.table(forType: short) == nil, !index.contains(short) {
                evaluator.environment.typeNames.declare(type: short, table: table)
            }
        }
    }

    /// Declared (not only extended) in the app's code, not in a prelude such as the demo's.
    private func isAppType(_ type: DeclarationIndex.IndexedType) -> Bool {
        let fragments = type.fragments
        // Each fragment's fields read in place: a fragment copied retains every array of its declaration.
        for i in fragments.indices where fragments[i].declaration.keyword != .extension && !isPrelude[fragments[i].unit]
        {
            return true
        }
        return false
    }

    private mutating func tableName(of path: String, visiting: inout Set<String>) -> String? {
        if let table = tables[path] { return table }
        guard let type = index[path] else { return nil }
        return tableName(of: type, visiting: &visiting)
    }

    /// `visiting` holds the types whose table is being found and that look at another type's
    /// (`Other.databaseTableName`, an enclosing type): a cycle among them has no table. A type
    /// is added only when it looks elsewhere, not for each type.
    private mutating func tableName(of type: DeclarationIndex.IndexedType, visiting: inout Set<String>) -> String? {
        let path = type.path
        if let table = tables[path] { return table }
        if !visiting.isEmpty, visiting.contains(path) { return nil }
        let schema = evaluator.environment.schema
        for (member, unit) in type.members {
            guard case .property(let property) = member, property.isStatic, property.name == "databaseTableName"
            else { continue }
            let expr: Expr? =
                switch property.value {
                case .initializer(let e): e
                case .getter(let body):
                    switch body.first {
                    case .expression(let e) where body.count == 1: e
                    case .returnValue(let e?, _) where body.count == 1: e
                    default: nil
                    }
                case nil: nil
                }
            guard let expr, let name = tableNameValue(expr, in: path, visiting: &visiting) else {
                note(
                    "`\(path).databaseTableName` is not a string arbor can read (a literal, another type's `databaseTableName`, or their concatenation with `+`)",
                    at: property.range, unit: unit)
                return nil
            }
            guard schema.table(named: name) != nil else {
                // GRDB accepts the declaration (a record type the app never queries, or whose table a
                // migration of another database makes): only a statement that uses the type fails.
                let missing = ArborError(
                    "`\(path).databaseTableName` is \(SQLValue.swiftQuoted(name)): no table or view has this name",
                    at: expr.range, suggestion: Suggestions.didYouMean(name, in: schema.tables.map(\.name)))
                missingTables[path] = missing
                result.diagnostics.append(
                    ProgramDiagnostic(
                        .note,
                        ArborError(
                            "\(missing.message): statements that use `\(path)` fail", at: missing.range,
                            suggestion: missing.suggestion),
                        unit: program.units[unit].name))
                return nil
            }
            // GRDB writes the declared spelling (`"CHILDREN"` for a table created as `children`).
            tables[path] = name
            return name
        }
        // An extension adds members to a type and never changes its table (LANGUAGE.md §1):
        // a type only extended keeps the table the convention gave its name.
        if !type.isDeclared, let table = evaluator.environment.typeNames.table(forType: path) {
            tables[path] = table
            return table
        }
        // GRDB's default: the type's name with its initial capitals lowered.
        let isRecord = type.conformances.contains(where: Self.tableRecordProtocols.contains)
        let hasAssociations = type.members.contains { member, _ in
            if case .property(let p) = member, p.isStatic, case .initializer(let e) = p.value {
                return Evaluator.looksLikeAssociation(e)
            }
            return false
        }
        guard isRecord || hasAssociations || type.isDeclared else { return nil }
        let shortName = Self.lastComponent(path)
        let defaultName = Self.defaultTableName(shortName)
        if schema.table(named: defaultName) != nil {
            tables[path] = defaultName
            return defaultName
        }
        if isRecord || hasAssociations, let fragment = type.fragments.first {
            // The convention's type name may still name a table (`Author` for `author`).
            if let table = evaluator.environment.typeNames.table(forType: path) {
                tables[path] = table
                return table
            }
            // `enum Association { static let group = belongsTo(Group.self) }` nested in a record
            // type only groups that type's associations: Swift finds `belongsTo` on the enclosing type.
            if !isRecord, visitingOthers(from: path, &visiting, { $0.hasEnclosingRecord(path, visiting: &$1) }) {
                return nil
            }
            note(
                "`\(path)` has no `databaseTableName`: GRDB uses \(SQLValue.swiftQuoted(defaultName)), which is not a table of this database",
                at: fragment.declaration.nameRange, unit: fragment.unit)
        }
        return nil
    }

    /// `look` with `path` among the types being visited.
    private mutating func visitingOthers<T>(
        from path: String, _ visiting: inout Set<String>, _ look: (inout Self, inout Set<String>) -> T
    ) -> T {
        let inserted = visiting.insert(path).inserted
        defer { if inserted { visiting.remove(path) } }
        return look(&self, &visiting)
    }

    /// Whether a type enclosing `path` has a table.
    private mutating func hasEnclosingRecord(_ path: String, visiting: inout Set<String>) -> Bool {
        var parent = path
        while let dot = parent.lastIndex(of: ".") {
            parent = String(parent[..<dot])
            if tableName(of: parent, visiting: &visiting) != nil
                || evaluator.environment.typeNames.table(forType: parent) != nil
            {
                return true
            }
        }
        return false
    }

    /// Whether a static function builds a request (rather than writing with a `db`, or
    /// computing something else): no `Database` parameter, and a request type returned.
    static func buildsRequest(_ function: FunctionDeclaration) -> Bool {
        guard !function.parameters.contains(where: { $0.type.containsBytes("Database") }) else { return false }
        guard let type = function.returnType else { return false }
        // `<T: DerivableRequest>(_ r: T) -> T`: the generic parameter's constraint.
        return isRequestType(function.genericConstraints[type] ?? type)
    }

    /// Whether a static function fetches with the database it is given (`static func
    /// fetchOne(_ db: Database, mangaId: String) throws -> Manga?`): called, its body's fetch
    /// is the result, and a write inside is refused where it is reached.
    static func fetchesWithDatabase(_ function: FunctionDeclaration) -> Bool {
        guard function.parameters.contains(where: { Evaluator.isDatabaseType($0.type) }) else { return false }
        guard let type = function.returnType else { return false }
        return !["", "Void", "()"].contains(type)
    }

    static func isRequestType(_ type: String) -> Bool {
        type.containsBytes("Request") || type.containsBytes("Association")
            || type == "Self" || GRDBExpressionTypes.contains(type)
    }

    static let tableRecordProtocols: Set<String> = [
        "TableRecord", "PersistableRecord", "MutablePersistableRecord", "Record", "FetchableRecord & TableRecord",
    ]

    /// `"Player"` → `player`, `"HTTPRequest"` → `httpRequest`, `"URL"` → `url`, as GRDB's
    /// `TableRecord.databaseTableName` default does.
    static func defaultTableName(_ typeName: String) -> String {
        let name = typeName.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let initial = name.prefix { $0.isUppercase && $0.isASCII }
        switch initial.count {
        case name.count: return name.lowercased()
        case 0: return String(name)
        case 1: return initial.lowercased() + name.dropFirst()
        default: return initial.dropLast().lowercased() + name.dropFirst(initial.count - 1)
        }
    }

    private mutating func tableNameValue(_ expr: Expr, in path: String, visiting: inout Set<String>) -> String? {
        switch expr.kind {
        case .string(let s): return s
        case .parenthesized(let inner): return tableNameValue(inner, in: path, visiting: &visiting)
        case .member(let base, "databaseTableName", _):
            guard let typeName = Self.typeName(base) else { return nil }
            let written = typeName == "Self" ? path : typeName
            if let other = index.resolve(written, from: path, aliases: evaluator.environment.types.aliases) {
                return visitingOthers(from: path, &visiting) { $0.tableName(of: other, visiting: &$1) }
            }
            return evaluator.environment.typeNames.table(forType: written)
        case .binary(.add, let left, let right):
            // `NFTAssetRecord.databaseTableName + "_associations"`: Swift's string concatenation.
            guard let head = tableNameValue(left, in: path, visiting: &visiting),
                let tail = tableNameValue(right, in: path, visiting: &visiting)
            else { return nil }
            return head + tail
        default: return nil
        }
    }

    /// `Draft` of `Book.Draft`.
    static func lastComponent(_ path: String) -> String {
        path.lastIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `Book`, `Book.Draft` as a dotted name.
    static func typeName(_ expr: Expr) -> String? {
        switch expr.kind {
        case .identifier(let name): return name
        case .member(let base, let name, _): return typeName(base).map { "\($0).\(name)" }
        default: return nil
        }
    }

    /// The table of `path` or of the closest type enclosing it.
    private func enclosingTable(_ path: String) -> String? {
        var path = path
        while true {
            if let table = tables[path] ?? evaluator.environment.typeNames.table(forType: path) { return table }
            guard let dot = path.lastIndex(of: ".") else { return nil }
            path = String(path[..<dot])
        }
    }

    // MARK: Enums and column sets

    /// `enum Columns: String, ColumnExpression { case id, name }` gives columns;
    /// `enum Kind: String { case novel }` gives raw values (`CodingKeys` too).
    private mutating func declareEnum(_ type: DeclarationIndex.IndexedType) {
        let path = type.path
        let cases = type.members.compactMap { member, _ -> EnumCase? in
            if case .enumCase(let c) = member { return c }
            return nil
        }
        guard !cases.isEmpty else { return }
        let conformances = type.conformances
        let isColumns = conformances.contains("ColumnExpression")
        let isCodingKey = conformances.contains("CodingKey")
        // Swift's raw type is the first type the enum's declaration inherits, when it is one.
        let rawType = type.fragments.first { $0.declaration.keyword == .enum }?.declaration.inheritance.first
            .map(SwiftType.init(parsing:)).flatMap { Self.rawValueType($0) }
        let isInteger = rawType?.integerType != nil
        let isReal = ["Double", "Float"].contains(rawType?.name)
        // `enum Ordering { case byTitle, byYear }`: cases without raw values, values of Swift only.
        let isCaseOnly =
            !isColumns && rawType == nil && !conformances.contains("DatabaseValueConvertible")
            && cases.allSatisfy { $0.rawValue == nil }
        var values: [String: SQLValue] = [:]
        var next: Int64 = 0
        var nextReal = 0.0
        for enumCase in cases {
            // Implicit raw values: integers count up from the last one, strings are the case's name.
            var raw: SQLValue = isInteger ? .integer(next) : isReal ? .real(nextReal) : .text(enumCase.name)
            switch enumCase.rawValue?.kind {
            case .string(let s)?: raw = .text(s)
            case .integer(let i)?: raw = isReal ? .real(Double(i)) : .integer(i)
            case .double(let d)?: raw = .real(d)
            case .bool(let b)?: raw = .bool(b)
            case .prefix(.negate, let operand)?:
                if case .integer(let i) = operand.kind, i != Int64.min {
                    raw = isReal ? .real(-Double(i)) : .integer(-i)
                }
                if case .double(let d) = operand.kind { raw = .real(-d) }
            default: break
            }
            if case .integer(let i) = raw, i < Int64.max { next = i + 1 }
            if case .real(let d) = raw { nextReal = d + 1 }
            values[enumCase.name] = raw
            // `case tag(String)` is no value until called with its values (`Evaluator+AssociatedValues`).
            if enumCase.associatedValues != nil { continue }
            let value: Value
            if isColumns, case .text(let name) = raw {
                value = .expression(.column(name, alias: nil))
            } else if isCodingKey {
                // A coding key names a column: GRDB takes it where a column name goes.
                value = isCaseOnly ? .implicitMember(enumCase.name) : .expression(.value(raw))
            } else {
                // A case keeps its type; GRDB takes its raw value, and never a case without one.
                value = .swift(
                    .enumCase(EnumCaseValue(type: path, name: enumCase.name, rawValue: isCaseOnly ? nil : raw)))
            }
            evaluator.environment.types.update(path) { $0.statics[enumCase.name] = value }
        }
        if isColumns {
            evaluator.environment.types.update(path) { $0.columnRawValues = values }
        } else {
            evaluator.environment.types.update(path) {
                $0.enumeration = EnumInfo(
                    rawType: rawType, rawValues: values, caseNames: cases.map(\.name), isCaseOnly: isCaseOnly,
                    isDatabaseValue: conformances.contains("DatabaseValueConvertible"))
                $0.enumeration?.isCodingKey = isCodingKey
                for enumCase in cases {
                    if let associated = enumCase.associatedValues {
                        $0.enumeration?.associatedValues[enumCase.name] = associated
                    }
                }
            }
            for enumCase in cases where enumCase.associatedValues != nil {
                evaluator.environment.types.associatedCaseNames.insert(enumCase.name)
            }
        }
    }

    /// The raw value types Swift accepts for an enum (`String`, any integer, `Double`…).
    static func rawValueType(_ type: SwiftType) -> SwiftType? {
        guard case .named(let name, let arguments) = type, arguments.isEmpty else { return nil }
        let bare = name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
        let others: Set<String> = ["String", "Double", "Float", "Character", "Bool"]
        guard SwiftIntegerType.named(bare) != nil || others.contains(bare) else { return nil }
        return .named(bare, arguments: [])
    }

    /// Foundation's enums the app extends (`extension SortOrder { func by(_ column: Column) … }`).
    private mutating func declareBuiltInEnums() {
        for (name, cases) in Evaluator.builtInEnums
        where index.contains(name) && evaluator.environment.enums[name] == nil {
            evaluator.environment.types.update(name) { info in
                info.enumeration = EnumInfo(
                    rawType: nil, rawValues: Dictionary(uniqueKeysWithValues: cases.map { ($0, SQLValue.text($0)) }),
                    caseNames: cases, isCaseOnly: true, isDatabaseValue: false)
                for enumCase in cases { info.statics[enumCase] = .implicitMember(enumCase) }
            }
        }
    }

    // MARK: Stored properties

    /// What a type's struct and class declarations store, read in one walk: the memberwise
    /// initializer's labels (a struct's), and what rows decode into (`AuthorInfo.fetchAll(db,
    /// request)` decodes each property under its `CodingKeys` key).
    private struct StoredMembers {
        var stored: [StoredProperty] = []
        /// Where the first struct or class declaration is; nil when there is none (no decodable type).
        var location: SourcePlace?
        var decodableProperties: [DecodableProperty] = []
        /// An initializer in the struct's body replaces the memberwise one (one in an extension does not).
        var declaresInitializer = false
    }

    private mutating func storedMembers(of type: DeclarationIndex.IndexedType) -> StoredMembers {
        let path = type.path
        var found = StoredMembers()
        // Found when a first property asks: most types have no `CodingKeys`.
        var hasCodingKeys: Bool?
        let fragments = type.fragments
        // Each fragment's fields read in place: a fragment copied retains every array of its declaration.
        for i in fragments.indices {
            let keyword = fragments[i].declaration.keyword
            guard keyword == .struct || keyword == .class else { continue }
            let unit = fragments[i].unit
            if found.location == nil {
                found.location = place(fragments[i].declaration.nameRange, unit: unit)
                // The declaration's room at once: each array grew from nothing for every type.
                let members = fragments[i].declaration.members.count
                found.stored.reserveCapacity(members)
                found.decodableProperties.reserveCapacity(members)
            }
            for member in fragments[i].declaration.members {
                switch member {
                case .property(let property) where !property.isStatic:
                    if case .getter? = property.value { continue }
                    var parsed: SwiftType?
                    if let text = property.type { parsed = parsedType(text) }
                    if keyword == .struct {
                        var initial: Expr?
                        if case .initializer(let e)? = property.value { initial = e }
                        found.stored.append(
                            StoredProperty(
                                name: property.name, type: property.type, parsed: parsed,
                                hasDefault: property.value != nil, defaultValue: initial, origin: unit))
                    }
                    if hasCodingKeys == nil {
                        hasCodingKeys = someTypeHasCodingKeys && index.contains(path + ".CodingKeys")
                    }
                    var key: String? = property.name
                    if hasCodingKeys == true {
                        let codingKeysPath = path + ".CodingKeys"
                        switch evaluator.environment.enums[codingKeysPath]?[property.name]
                            ?? evaluator.environment.statics[codingKeysPath]?[property.name].flatMap(
                                Self.codingKeyValue)
                        {
                        case .text(let raw)?: key = raw
                        default: key = nil
                        }
                    }
                    var written: WrittenType?
                    if let text = property.type, let parsed { written = writtenType(text, parsed: parsed, in: path) }
                    found.decodableProperties.append(
                        DecodableProperty(
                            name: property.name, key: key, writtenType: property.type, type: written,
                            hasDefault: property.value != nil,
                            location: place(property.nameRange, unit: unit)))
                case .function(let function) where function.name == "init":
                    if keyword == .struct { found.declaresInitializer = true }
                case .unreadable("init", _, _, _, _):
                    if keyword == .struct { found.declaresInitializer = true }
                default:
                    break
                }
            }
        }
        return found
    }

    /// The type written `text`, parsed once for every property that writes it.
    private mutating func parsedType(_ text: String) -> SwiftType {
        if let known = parsedTypes[text] { return known }
        let parsed = SwiftType(parsing: text)
        parsedTypes[text] = parsed
        return parsed
    }

    /// `type` with each name of the app's types resolved from `path`; kept by text when it
    /// names none of them, as then it is the same from anywhere.
    private mutating func writtenType(_ text: String, parsed: SwiftType, in path: String) -> WrittenType {
        if let known = contextFreeWrittenTypes[text] { return known }
        var namesAppType = false
        let written = WrittenType(parsed) { name in
            guard self.typeSimpleNames.contains(Self.lastComponent(name)) else { return name }
            namesAppType = true
            return self.index.resolve(name, from: path, aliases: self.evaluator.environment.types.aliases) ?? name
        }
        if !namesAppType { contextFreeWrittenTypes[text] = written }
        return written
    }

    private static func codingKeyValue(_ value: Value) -> SQLValue? {
        if case .expression(.column(let name, _)) = value { return .text(name) }
        return nil
    }

    /// Where `range` starts, its line and column found only if a message shows it.
    private mutating func place(_ range: SourceRange, unit: Int) -> SourcePlace {
        SourcePlace(file: program.units[unit].name, offset: range.lowerBound, lines: lines(of: unit))
    }

    private mutating func location(of offset: Int, unit: Int) -> SourceLocation {
        if madeLines[unit] == nil { madeLines[unit] = lines(of: unit).value }
        return madeLines[unit]?.location(of: offset, from: &lastPlaces[unit]) ?? SourceLocation(line: 1, column: 1)
    }

    private mutating func lines(of unit: Int) -> LazySourceLines {
        if let known = lines[unit] { return known }
        let made = LazySourceLines(program.units[unit].text)
        lines[unit] = made
        return made
    }

    // MARK: Members

    private mutating func declareMembers(_ type: DeclarationIndex.IndexedType, at position: Int) {
        let path = type.path
        let ownTable = ownTables[position]
        let table = ownTable ?? evaluator.environment.typeNames.table(forType: path)
        tableAt.append(table)
        let memberTable = table ?? enclosingTable(path)
        // A struct of the app that is not a record type: a GRDBQuery request, `BookInfo`.
        let isStruct = Self.hasDeclaration(of: type) { $0 == .struct }
        let isPlainStruct = table == nil && isStruct
        // An enum of the app (or Foundation's `SortOrder`): its methods are called on a case.
        // Asked only by a member that may be such a method.
        var knownHasValueMethods: Bool?
        let evaluator = self.evaluator
        func hasValueMethods() -> Bool {
            if let known = knownHasValueMethods { return known }
            let has = isPlainStruct || evaluator.environment.enums[path] != nil
            knownHasValueMethods = has
            return has
        }
        let found = storedMembers(of: type)
        // Every instance property, in the body or an extension, read or not (`var label: String { … }`).
        var propertyNames: [String] = []
        // Its own `init(from:)`, in the type or an extension: what it decodes is up to its body.
        var ownDecoder: SourcePlace?
        for (member, unit) in type.members {
            switch member {
            case .property(let property) where !property.isStatic: propertyNames.append(property.name)
            case .unreadable(let name, false, _, _, _): propertyNames.append(name)
            case .function(let function) where function.name == "init" && function.parameters.map(\.label) == ["from"]:
                ownDecoder = place(function.nameRange, unit: unit)
            default: break
            }
            switch member {
            case .property(let property)
            where property.isStatic && property.name != "databaseTableName"
                && !Self.persistenceMembers.contains(property.name)
                && !(isPlainStruct && Self.queryableMembers.contains(property.name)):
                let definition: PendingMember.Definition
                switch property.value {
                case .initializer(let e)?: definition = .initializer(e)
                case .getter(let body)?: definition = .getter(body)
                case nil: continue
                }
                noteRedeclaration(
                    String.memberKey(path, property.name), level: .type, range: property.nameRange, unit: unit)
                evaluator.environment.pendingMembers.add(
                    PendingMember(
                        typePath: path, table: memberTable, name: property.name, nameRange: property.nameRange,
                        definition: definition, origin: unit))
            case .function(let function)
            where function.isStatic && function.name != "init" && !Self.persistenceMembers.contains(function.name):
                // Every static function is callable, as in Swift (`ContentRecord.primaryKey(noteId:key:)`
                // returning a key dictionary, `CartData.all(db)`); those that build or fetch a request
                // are the type's request methods, listed. A type without a table (a Decodable `Info`
                // struct) lists its static request builders too (`static func request(_ r: …) ->
                // QueryInterfaceRequest<Self>`); there `Self` is no request (`DatabaseWriter.appDatabase(…) -> Self`).
                let returned = function.returnType.map { function.genericConstraints[$0] ?? $0 } ?? ""
                let isRequestMethod =
                    (Self.buildsRequest(function) || (memberTable != nil && Self.fetchesWithDatabase(function)))
                    && (memberTable != nil || returned.containsBytes("Request"))
                evaluator.environment.requestMethods.add(
                    RequestMethod(
                        receiver: .typeStatic, table: memberTable, typePath: path, function: function,
                        isProperty: false, origin: unit))
                if isRequestMethod {
                    entry(.requestMethod, "\(path).\(function.signature)", "", range: function.nameRange, unit: unit)
                }
            case .function(let function)
            where !function.isStatic && function.name == "encode"
                && function.parameters.first?.type.containsBytes("PersistenceContainer") == true:
                evaluator.environment.types.update(path) {
                    $0.recordEncoder = function
                    $0.recordEncoderOrigin = unit
                }
            case .function(let function) where function.name == "init":
                // `init(ordering: SortOrder? = .forward) { self.ordering = ordering }`, of a plain
                // struct or a record type.
                guard isStruct else { continue }
                let initializer = RequestMethod(
                    receiver: .value, table: memberTable, typePath: path, function: function, isProperty: false,
                    origin: unit)
                evaluator.environment.types.update(path) { $0.initializers.append(initializer) }
            case .unreadable("init", _, _, _, _):
                // An initializer arbor can not read: values are then built with the memberwise one.
                continue
            case .function(let function) where !function.isStatic && hasValueMethods():
                // `BooksRequest(minYear: 2000).fetch(db)`: `self` is the struct's value.
                declareValueMethod(function, isProperty: false, of: path, table: memberTable, unit: unit)
            case .property(let property) where !property.isStatic && property.isComputed && hasValueMethods():
                guard case .getter(let body)? = property.value else { continue }
                let function = FunctionDeclaration(
                    isStatic: false, name: property.name, nameRange: property.nameRange, parameters: [],
                    returnType: property.type, body: body, range: property.range)
                declareValueMethod(function, isProperty: true, of: path, table: memberTable, unit: unit)
            case .function(let function) where !function.isStatic && Self.buildsRequest(function):
                // Called on a record value (`author.books(…)`); `self` is the record.
                guard let table = memberTable else { continue }
                evaluator.environment.requestMethods.add(
                    RequestMethod(
                        receiver: .recordInstance, table: table, typePath: path, function: function,
                        isProperty: false, origin: unit))
                entry(.requestMethod, "\(path).\(function.signature)", "", range: function.nameRange, unit: unit)
            case .property(let property)
            where !property.isStatic && property.isComputed && Self.isRequestType(property.type ?? ""):
                guard let table = memberTable, case .getter(let body)? = property.value else { continue }
                let function = FunctionDeclaration(
                    isStatic: false, name: property.name, nameRange: property.nameRange, parameters: [],
                    returnType: property.type, body: body, range: property.range)
                evaluator.environment.requestMethods.add(
                    RequestMethod(
                        receiver: .recordInstance, table: table, typePath: path, function: function,
                        isProperty: true, origin: unit))
                entry(.requestMethod, "\(path).\(property.name)", "", range: property.nameRange, unit: unit)
            case .unreadable(let name, false, true, let reason, let range) where hasValueMethods():
                // A method of a GRDBQuery-style request that could not be read: calling it would fail.
                note("skipped `\(path).\(name)`: \(reason)", at: range, unit: unit)
            case .unreadable(let name, true, true, let reason, let range):
                // Instance members are the app's business, unless a record value calls them.
                note("skipped `\(path).\(name)`: \(reason)", at: range, unit: unit)
            default:
                break
            }
        }
        // A plain struct (no table) is built with its memberwise initializer even when it
        // stores nothing, as a GRDBQuery request often does (`PlayersRequest()`).
        var declared = DeclaredType(
            table: ownTable, missingTable: missingTables[path],
            storedProperties: !found.stored.isEmpty || isPlainStruct ? found.stored : nil,
            declaresInitializer: found.declaresInitializer, instancePropertyNames: propertyNames,
            decodable: found.location.map { location in
                var decodable = DecodableType(
                    path: path, conformances: type.conformances, properties: found.decodableProperties,
                    location: location)
                decodable.ownDecoder = ownDecoder
                return decodable
            })
        // Every indexed type is declared, a record type with its table: one change of the type
        // for all, as each finds the type and copies its record in and out.
        evaluator.environment.types.update(path) { declared.move(into: &$0) }
    }

    /// What `declareMembers` declares of a type, moved into its record at once.
    private struct DeclaredType {
        var table: String?
        var missingTable: ArborError?
        var storedProperties: [StoredProperty]?
        var declaresInitializer: Bool
        var instancePropertyNames: [String]
        var decodable: DecodableType?

        /// Moves each field that says something into `info`, leaving this value empty.
        mutating func move(into info: inout TypeInfo) {
            if let table = self.table.take() { info.table = table }
            if let missingTable = self.missingTable.take() { info.missingTable = missingTable }
            if let storedProperties = self.storedProperties.take() { info.storedProperties = storedProperties }
            if declaresInitializer { info.declaresInitializer = true }
            if info.instancePropertyNames.isEmpty {
                swap(&info.instancePropertyNames, &instancePropertyNames)
            } else {
                info.instancePropertyNames += instancePropertyNames
                instancePropertyNames = []
            }
            if let decodable = self.decodable.take() { info.decodable = decodable }
        }
    }

    /// Whether a declaration of `type` (not an extension of it, its fragments in loading order)
    /// has a keyword that passes `test`, read in place: a fragment copied retains every array
    /// of its declaration.
    private static func hasDeclaration(
        of type: DeclarationIndex.IndexedType, _ test: (TypeDeclaration.Keyword) -> Bool
    ) -> Bool {
        let fragments = type.fragments
        for i in fragments.indices where test(fragments[i].declaration.keyword) { return true }
        return false
    }

    /// An instance method or computed property of a plain struct of the app. Those that reach
    /// the database (a `Database` parameter, as GRDBQuery's `fetch(_ db:)`) or build a request
    /// are the app's request methods, listed and counted; other helpers are only callable.
    private mutating func declareValueMethod(
        _ function: FunctionDeclaration, isProperty: Bool, of path: String, table: String?, unit: Int
    ) {
        // Swift overloads by type (`read(_:)` sync and async): in one file that is no redeclaration.
        let isOverload = evaluator.environment.valueMethods[path]?.named(function.name).contains { earlier in
            earlier.origin == unit && !earlier.isProperty && !isProperty
                && earlier.function.signature == function.signature
                && earlier.function.parameters.map(\.type) != function.parameters.map(\.type)
        }
        if isOverload != true {
            noteRedeclaration(
                "\(path).\(isProperty ? function.name : function.signature)", level: .instance,
                range: function.nameRange, unit: unit)
        }
        let method = RequestMethod(
            receiver: .value, table: table, typePath: path, function: function, isProperty: isProperty, origin: unit)
        evaluator.environment.types.update(path) { $0.methods.add(method) }
        let reachesDatabase = function.parameters.contains { Evaluator.isDatabaseType($0.type) }
        if reachesDatabase || Self.isRequestType(function.returnType ?? "") {
            valueRequestMethods += 1
            entry(
                .requestMethod, "\(path).\(isProperty ? function.name : function.signature)", "",
                range: function.nameRange, unit: unit)
        }
    }

    /// Request methods of `extension DerivableRequest<Book>` and `extension QueryInterfaceRequest<Book>`.
    private mutating func declareRequestExtensions() {
        for ext in index.requestExtensions {
            var table: String?
            if let recordType = ext.recordType {
                let path =
                    index.resolve(recordType, from: nil, aliases: evaluator.environment.types.aliases) ?? recordType
                table = tables[path] ?? evaluator.environment.typeNames.table(forType: path)
                if table == nil {
                    note(
                        "skipped the request methods of `\(ext.declaration.name)<\(recordType)>`: `\(recordType)` is not a record type of this database",
                        at: ext.declaration.nameRange, unit: ext.unit)
                    continue
                }
            }
            let receiverName = ext.declaration.name + (ext.recordType.map { "<\($0)>" } ?? "")
            // `private typealias Cols = Book.Columns`: names the extension's methods use.
            var aliases: [String: String] = [:]
            for case .typeAlias(let name, _, let target, _) in ext.declaration.members {
                aliases[name] =
                    index.resolve(target, from: nil, aliases: evaluator.environment.types.aliases) ?? target
            }
            var extendedName = ext.declaration.name
            if extendedName.hasPrefix("GRDB.") { extendedName.removeFirst(5) }
            let selfProtocols = Set(
                [extendedName]
                    + ext.declaration.conformanceRequirements.filter { $0.left == "Self" }.map {
                        $0.right.hasPrefix("GRDB.") ? String($0.right.dropFirst(5)) : $0.right
                    })
            func method(_ function: FunctionDeclaration, isProperty: Bool) -> RequestMethod {
                var method = RequestMethod(
                    receiver: ext.receiver, table: table, typePath: nil, function: function,
                    isProperty: isProperty, origin: ext.unit, typeAliases: aliases)
                method.selfProtocols = selfProtocols
                return method
            }
            for member in ext.declaration.members {
                switch member {
                case .typeAlias:
                    continue
                case .function(let function) where !function.isStatic:
                    evaluator.environment.requestMethods.add(method(function, isProperty: false))
                    entry(
                        .requestMethod, "\(receiverName).\(function.signature)", "", range: function.nameRange,
                        unit: ext.unit)
                case .property(let property) where !property.isStatic:
                    guard case .getter(let body)? = property.value else { continue }
                    let function = FunctionDeclaration(
                        isStatic: false, name: property.name, nameRange: property.nameRange, parameters: [],
                        returnType: property.type, body: body, range: property.range)
                    evaluator.environment.requestMethods.add(method(function, isProperty: true))
                    entry(
                        .requestMethod, "\(receiverName).\(property.name)", "", range: property.nameRange,
                        unit: ext.unit)
                case .unreadable(let name, _, _, let reason, let range):
                    note("skipped `\(receiverName).\(name)`: \(reason)", at: range, unit: ext.unit)
                default:
                    note(
                        "skipped `\(member.name)`: only functions and computed properties are request methods",
                        at: ext.declaration.nameRange, unit: ext.unit)
                }
            }
        }
    }

    /// What the methods of request extensions call on `Self` that GRDB's protocol does not
    /// offer (`limit(1)` in `extension DerivableRequest<Post>`), the compiler's errors (see
    /// `SelfMemberCheck`): each method's, found on a thread of its own.
    private func checkSelfMembers() -> Eventual<[CheckedSelfMembers]> {
        let methods = evaluator.environment.requestMethods
        let cancellation = evaluator.cancellation
        return LargeStackThread.begin { Self.selfMemberErrors(of: methods, cancellation: cancellation) }
    }

    typealias CheckedSelfMembers = (method: RequestMethod, errors: [ArborError])

    /// In source order, as the compiler lists them.
    private static func selfMemberErrors(of methods: RequestMethods, cancellation: Cancellation?)
        -> [CheckedSelfMembers]
    {
        let checked = methods.all.filter { !$0.selfProtocols.isEmpty }
            .sorted { ($0.origin, $0.function.range.lowerBound) < ($1.origin, $1.function.range.lowerBound) }
        var errors: [CheckedSelfMembers] = []
        for method in checked where cancellation?.isCancelled != true {
            errors.append((method, SelfMemberCheck.errors(of: method, among: methods)))
        }
        return errors
    }

    /// Says the errors `checkSelfMembers` found, and keeps each method's first for its calls.
    private mutating func reportSelfMembers(_ checked: [CheckedSelfMembers]) {
        for (method, errors) in checked {
            // Kept for its calls: each would walk the body again.
            evaluator.environment.selfMemberChecks[method.place] = .some(errors.first)
            for error in errors {
                result.diagnostics.append(ProgramDiagnostic(.error, error, unit: program.units[method.origin].name))
            }
        }
    }

    /// A member declared again replaces the earlier one, with a note.
    private mutating func noteRedeclaration(
        _ key: String, level: MemberDeclarations.Level, range: SourceRange, unit: Int
    ) {
        if let earlier = declaredMembers.declare(key, level: level, unit: unit, range: range) {
            let earlierName = program.units[earlier.unit].name
            let location = location(of: earlier.range.lowerBound, unit: earlier.unit)
            // Written as bytes, into one buffer kept from note to note: a string joined piece
            // by piece costs twice as much, for each of 20,000 redeclarations.
            noteBytes.removeAll(keepingCapacity: true)
            noteBytes.append(UInt8(ascii: "`"))
            noteBytes.append(utf8Of: key)
            noteBytes.append(utf8Of: "` is declared again: this declaration replaces the one at ")
            noteBytes.append(utf8Of: earlierName)
            noteBytes.append(UInt8(ascii: ":"))
            JSONBytes.integer(Int64(location.line), into: &noteBytes)
            noteBytes.append(UInt8(ascii: ":"))
            JSONBytes.integer(Int64(location.column), into: &noteBytes)
            note(String(decoding: noteBytes, as: UTF8.self), at: range, unit: unit)
        }
    }

    // MARK: Report

    private mutating func report(_ errors: [String: ArborError]) {
        guard !errors.isEmpty else { return }
        // Each error with its key, sorted once: no key is looked up again.
        let sorted = errors.sorted { $0.key < $1.key }
        let missingTableMessages = Set(missingTables.values.map(\.message))
        // Keys of one type mostly follow each other once sorted: its facts are found once.
        var judgedTypes: [String: [String: Bool]] = [:]
        var typePath: Substring = ""
        var judged: [String: Bool] = [:]
        var isTable: Bool?
        for (key, error) in sorted {
            guard let place = declaredMembers.place(of: key, level: .type) else { continue }
            let member = place.unit
            // `Author.books`: a member's name has no dot, a type's path may (`Library.Book`).
            let dot = key.utf8.lastIndex(of: UInt8(ascii: "."))
            let path = dot.map { key[..<$0] } ?? ""
            if path != typePath {
                typePath = path
                judged = grdbJudgements(ofType: String(path), known: &judgedTypes)
                isTable = nil
            }
            let isGRDB = dot.map { judged[String(key[key.utf8.index(after: $0)...])] ?? false } ?? false
            // An association of a type that maps to no table of this database (the app's other
            // database, a type not stored) is not GRDB's error here: it cannot be used, and is said so.
            if isGRDB, !missingTableMessages.isEmpty, missingTableMessages.contains(error.message) {
                // `hasMany(Ghost.self)` where `Ghost`'s table is not in this database: GRDB accepts
                // it, and fails only when a request uses the association.
                var skipped = error
                skipped.message = "skipped `\(key)`: \(error.message)"
                result.diagnostics.append(ProgramDiagnostic(.note, skipped, unit: program.units[member].name))
            } else if isGRDB, !isTableType(String(path), known: &isTable) {
                var skipped = error
                skipped.message =
                    "skipped `\(key)`: `\(path)` is not a table of this database (\(error.message))"
                result.diagnostics.append(ProgramDiagnostic(.note, skipped, unit: program.units[member].name))
            } else if isGRDB {
                result.diagnostics.append(ProgramDiagnostic(.error, error, unit: program.units[member].name))
            } else {
                var skipped = error
                skipped.message = "skipped `\(key)`: \(error.message)"
                result.diagnostics.append(ProgramDiagnostic(.note, skipped, unit: program.units[member].name))
            }
        }
    }

    /// Whether `path` names a table, `known` once found.
    private func isTableType(_ path: String, known: inout Bool?) -> Bool {
        if let known { return known }
        let found = evaluator.environment.typeNames.table(forType: path) != nil
        known = found
        return found
    }

    /// Whether each member of the type at `path` declared with a value is GRDB's business (an
    /// association, a foreign key, a column), judged by its first such declaration; `known`
    /// keeps each type judged. One pass over the type's members, where a scan of them for
    /// each error was quadratic.
    private func grdbJudgements(ofType path: String, known: inout [String: [String: Bool]]) -> [String: Bool] {
        if let judged = known[path] { return judged }
        var judged: [String: Bool] = [:]
        if let type = index[path] {
            judged.reserveCapacity(type.members.count)
            // From the last: the first declaration's judgement is written last.
            for (member, _) in type.members.reversed() {
                guard case .property(let property) = member, case .initializer(let e)? = property.value else {
                    continue
                }
                judged[property.name] = Evaluator.looksLikeAssociation(e)
            }
        }
        known[path] = judged
        return judged
    }

    /// Static members GRDB reads only to write or decode records: requests never depend on them.
    static let persistenceMembers: Set<String> = [
        "persistenceConflictPolicy", "databaseUUIDEncodingStrategy", "databaseDateEncodingStrategy",
        "databaseDateDecodingStrategy", "databaseDataEncodingStrategy", "databaseDataDecodingStrategy",
        "databaseColumnEncodingStrategy", "databaseColumnDecodingStrategy", "databaseJSONEncoder",
        "databaseJSONDecoder", "databaseDecodingUserInfo", "databaseEncodingUserInfo",
    ]

    /// GRDBQuery's static members of a request (`defaultValue`, often `fatalError()`, and
    /// `queryableOptions`): for SwiftUI, never for the fetch.
    static let queryableMembers: Set<String> = ["defaultValue", "queryableOptions"]

    private mutating func count() {
        let environment = evaluator.environment
        // Many record types may share a table: its name is written once.
        var tableDetails: [String: String] = [:]
        result.entries.reserveCapacity(result.entries.count + index.types.count)
        // Read in place: a type copied retains each of its arrays.
        let types = index.types
        types.withUnsafeBufferPointer { types in
            for position in types.indices {
                let path = types[position].path
                // Its table as its members were declared (forcing them names no new table).
                let table = position < tableAt.count ? tableAt[position] : nil
                if let table,
                    Self.hasDeclaration(of: types[position], { $0 != .extension })
                        || types[position].conformances.contains(where: Self.tableRecordProtocols.contains)
                {
                    result.recordTypes += 1
                    let fragments = types[position].fragments
                    // Its place read in place: a fragment copied retains each array of its declaration.
                    let first = fragments.indices.first { fragments[$0].declaration.keyword != .extension }
                    if let i = first ?? fragments.indices.first {
                        let detail =
                            tableDetails[table]
                            ?? {
                                let made = "table \(SchemaText.name(table))"
                                tableDetails[table] = made
                                return made
                            }()
                        entry(
                            .recordType, path, detail, range: fragments[i].declaration.nameRange,
                            unit: fragments[i].unit)
                    }
                }
                var hasColumns = false
                // Once a type, not a member, and only for a type with a member that asks.
                var knownStatics: [String: Value]?
                func statics() -> [String: Value] {
                    if let knownStatics { return knownStatics }
                    let found = environment.statics[path] ?? [:]
                    knownStatics = found
                    return found
                }
                for (member, unit) in types[position].members {
                    let name = member.name
                    guard case .property(let p) = member, p.isStatic, name != "databaseTableName" else {
                        if case .enumCase(let c) = member, case .expression(.column)? = statics()[name] {
                            hasColumns = true
                            entry(.columns, String.memberKey(path, name), "", range: c.nameRange, unit: unit)
                        }
                        continue
                    }
                    // A member declared again counts once: its last declaration replaced the others.
                    if declaredMembers.isReplacedStatic(unit: unit, range: p.nameRange) { continue }
                    let key = String.memberKey(path, name)
                    guard environment.memberErrors[key] == nil else { continue }
                    // The type's own (each record type of a table counts its own), of a table.
                    let value = statics()[name]
                    // Its table (`table`, own or the convention's) or an enclosing type's.
                    if case .association(let association)? = value, association.displayName == key,
                        table != nil || enclosingTable(path) != nil
                    {
                        result.associations += 1
                        entry(.association, key, association.base.kind.rawValue, range: p.nameRange, unit: unit)
                    } else if case .expression(.column)? = value {
                        hasColumns = true
                        entry(.columns, key, "", range: p.nameRange, unit: unit)
                    } else if case .getter? = p.value, Self.isRequestType(p.type ?? "") {
                        result.requestMethods += 1
                        entry(.requestMethod, key, "", range: p.nameRange, unit: unit)
                    } else {
                        entry(.value, key, "", range: p.nameRange, unit: unit)
                    }
                }
                if hasColumns { result.columnSets += 1 }
            }
        }
        result.requestMethods += environment.requestMethods.count + valueRequestMethods
    }

    private mutating func entry(
        _ kind: DeclarationEntry.Kind, _ name: String, _ detail: String, range: SourceRange, unit: Int
    ) {
        result.entries.append(
            DeclarationEntry(kind: kind, name: name, detail: detail, unit: program.units[unit].name, range: range))
    }

    private mutating func note(_ message: String, at range: SourceRange, unit: Int) {
        result.diagnostics.append(
            ProgramDiagnostic(.note, ArborError(message, at: range), unit: program.units[unit].name))
    }

}

/// A line and column (1-based, columns in characters) of a UTF-8 offset in a text.
public struct SourceLocation: Sendable, Equatable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Scans `text` once: for many offsets in one text, locate them in its `SourceLines`.
    public init(offset: Int, in text: String) {
        self = SourceLines(text).location(of: offset)
    }
}
