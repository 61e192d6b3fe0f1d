import ArborCore

/// What a shape's properties may read from a column of a given name (GRDB matches
/// names ignoring case), gathered over the whole shape: a property reads the
/// column named after its key at whichever level it decodes from, so the rules of
/// all of them apply. An array of scalars reads the first column of each element.
struct ShapeReads {
    private var byName: [String: ValueRule] = [:]
    private var firstOfListElement = ValueRule()
    /// A key names one of GRDB's `grdb_` columns, which shown rows leave out.
    private(set) var readsHiddenColumns = false

    init(_ shape: RecordShape) {
        var visited: Set<String> = []
        add(shape, &visited)
    }

    func rule(forColumn name: String, isFirstOfListElement: Bool) -> ValueRule {
        var rule = byName[name.lowercased()] ?? ValueRule()
        if isFirstOfListElement { rule.formUnion(firstOfListElement) }
        return rule
    }

    private mutating func add(_ shape: RecordShape, _ visited: inout Set<String>) {
        guard visited.insert(shape.typeName + "@" + shape.origin).inserted else { return }
        for property in shape.properties {
            if property.key.lowercased().hasPrefix("grdb_") { readsHiddenColumns = true }
            add(property.type, key: property.key.lowercased(), inList: false, &visited)
        }
    }

    private mutating func add(_ type: ValueShape, key: String, inList: Bool, _ visited: inout Set<String>) {
        switch type {
        case .optional(let wrapped):
            add(wrapped, key: key, inList: inList, &visited)
        case .scalar(let scalar):
            let rule = ValueRule(scalar)
            byName[key, default: ValueRule()].formUnion(rule)
            if inList { firstOfListElement.formUnion(rule) }
        case .rawEnum:
            byName[key, default: ValueRule()].formUnion(.wholeValue)
            if inList { firstOfListElement.formUnion(.wholeValue) }
        case .record(let record):
            // A column of that name is decoded as JSON.
            byName[key, default: ValueRule()].formUnion(.wholeValue)
            add(record, &visited)
        case .array(let element):
            byName[key, default: ValueRule()].formUnion(.wholeValue)
            add(element, key: key, inList: true, &visited)
        }
    }
}
