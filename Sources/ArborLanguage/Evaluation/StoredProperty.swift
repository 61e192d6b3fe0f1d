import ArborCore

/// A stored property of a record type the app declared (`var name: String?`):
/// a label of the type's memberwise initializer, and the column its value
/// encodes into (the property's `CodingKeys` case, or its name).
public struct StoredProperty: Sendable, Hashable {
    public var name: String
    /// As written (`String?`, `Book.Kind`); nil when only an initial value says it.
    public var type: String? {
        didSet { typeValue = type.map(SwiftType.init(parsing:)) }
    }
    /// The type, parsed once.
    public private(set) var typeValue: SwiftType?
    /// `var x: Int = 0`: the memberwise initializer may leave it out.
    public var hasDefault: Bool
    /// The initial value as written (`.byTitle`), which a value built without it holds.
    public var defaultValue: Expr?
    /// The unit declaring it: the file whose private names its initial value sees.
    public var origin: Int?

    public init(name: String, type: String?, hasDefault: Bool, defaultValue: Expr? = nil, origin: Int? = nil) {
        self.init(
            name: name, type: type, parsed: type.map(SwiftType.init(parsing:)), hasDefault: hasDefault,
            defaultValue: defaultValue, origin: origin)
    }

    /// With `type` already parsed into `parsed` (the resolver parses each text once).
    init(name: String, type: String?, parsed: SwiftType?, hasDefault: Bool, defaultValue: Expr?, origin: Int?) {
        self.name = name
        self.type = type
        self.typeValue = parsed
        self.hasDefault = hasDefault
        self.defaultValue = defaultValue
        self.origin = origin
    }

    /// Optional properties may be left out of the memberwise initializer (nil).
    public var isRequired: Bool {
        guard !hasDefault, let typeValue else { return false }
        return !typeValue.isOptional
    }
}

extension Evaluator {
    /// The stored properties `typePath` declares, if it declares any.
    func storedProperties(of typePath: String) -> [StoredProperty]? {
        environment.types[canonicalTypePath(typePath)]?.storedProperties
    }

    /// The column a stored property encodes into: its `CodingKeys` raw value, or its name.
    func column(of property: StoredProperty, in typePath: String) -> String {
        let keys = environment.enums[canonicalTypePath("\(canonicalTypePath(typePath)).CodingKeys")]
        if case .text(let column)? = keys?[property.name] { return column }
        return property.name
    }
}
