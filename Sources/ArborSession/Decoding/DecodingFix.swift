import ArborCore
import GRDB

/// What to change for a row to decode: found by following the failing property's
/// path through the row as GRDB's decoder does, and comparing what the property
/// asks for with what the row holds at that level.
struct DecodingFix {
    enum Kind: Equatable {
        /// Name the property after the key the row has (or give the association that key).
        case renameKey(found: String, foundKind: String)
        /// Declare the property with this type.
        case declare(type: String, because: String)
        /// The row holds nothing for the property: say what it holds.
        case noKey(available: String)
        /// An enum lacks the case for a raw value the column holds.
        case addCase(enumName: String, value: String)
        /// A column has the key of a record or array property: GRDB decodes the column (as JSON).
        case columnShadows(column: String, hidesInclude: Bool)
        /// A date text holds a NUL character, which GRDB's date parser asserts it never does.
        case nulInDate(column: String)
    }

    var property: PropertyShape
    var kind: Kind
    /// Where the property is declared.
    var location: String { property.location }

    func text(plan: RequestPlan) -> String {
        switch kind {
        case .renameKey(let found, let foundKind):
            var text =
                "the row has \(foundKind) under `\(found)`, not `\(property.key)`: name the property `\(found)`"
            if property.key != property.name {
                text += " (its `CodingKeys` case: `case \(property.name) = \"\(found)\"`)"
            }
            if let association = Self.association(withKey: found, in: plan.operations) {
                text += ", or give the association the property's key: `\(association).forKey(\"\(property.key)\")`"
            }
            return text
        case .declare(let type, let because):
            return "\(because): declare `var \(property.name): \(type)`"
        case .noKey(let available):
            return "the row has nothing under `\(property.key)`; \(available)"
        case .addCase(let enumName, let value):
            return
                "the column holds \(value), which is no case of `\(enumName)`: add the case for it, or declare the property optional and fix the data"
        case .columnShadows(let column, let hidesInclude):
            var text =
                "the row has a column `\(column)`, and GRDB reads a column before an include of the same key"
            if hidesInclude {
                text += ": the include `\(property.key)` is never read. Give the association another key"
                if let association = Self.association(withKey: property.key, in: plan.operations) {
                    text += " (`\(association).forKey(\"\(property.key)Record\")`)"
                }
                text += " and name the property after it"
            } else {
                text += " (it decodes the column as JSON): include the association, and give it a key no column has"
            }
            return text
        case .nulInDate(let column):
            return
                "the column `\(column)` holds a date text with a NUL character on this row: remove it from the data (`UPDATE … SET \(column) = replace(\(column), char(0), '')`), or declare the property `String`"
        }
    }

    /// The fix for the property at `path` (names from the root shape), from what `row` holds.
    static func fix(shape: RecordShape, row: Row, path: [String]) -> DecodingFix? {
        guard let name = path.first, let index = shape.properties.firstIndex(where: { $0.name == name }) else {
            return nil
        }
        let property = shape.properties[index]
        let sources = KeySource.sources(of: shape, in: row)
        let source = sources[index]
        let (type, isOptional) = property.type.unwrapped
        let rest = Array(path.dropFirst())
        // Deeper: follow the row GRDB decodes the nested record from.
        if !rest.isEmpty {
            switch (source, type) {
            case (.scope(let scoped), .record(let record)):
                if !isOptional && !scoped.containsNonNullValue {
                    return DecodingFix(
                        property: property,
                        kind: .declare(
                            type: property.type.swiftName + "?",
                            because:
                                "this row has no `\(property.key)` (all its columns are NULL: an optional include)"
                        ))
                }
                return fix(shape: record, row: scoped, path: rest)
            case (.rowItself, .record(let record)):
                return fix(shape: record, row: row, path: rest)
            case (.prefetched(let rows), .array(let element)):
                guard case .record(let record) = element.unwrapped.type else { return nil }
                // The first prefetched row that fails.
                for element in rows {
                    if let failure = DecodingCheck(shape: record).check(element, index: 0), failure.fix != nil {
                        return fix(shape: record, row: element, path: rest)
                    }
                }
                return nil
            default:
                return nil
            }
        }
        let claimed = Set(shape.properties.enumerated().filter { $0.offset != index }.map(\.element.key))
        let scopes = row.scopes.names.filter { !claimed.contains($0) }.sorted()
        let prefetched = row.prefetchedRows.keys.filter { !claimed.contains($0) }.sorted()
        let typeName = type.swiftName
        switch source {
        case .prefetched:
            if case .array = type { return nil }
            return DecodingFix(
                property: property,
                kind: .declare(
                    type: "[\(typeName)]",
                    because: "`\(property.key)` holds the prefetched rows of a to-many association (`including(all:)`)")
            )
        case .scope(let scoped):
            if case .array(let element) = type {
                return DecodingFix(
                    property: property,
                    kind: .declare(
                        type: element.swiftName + (isOptional ? "?" : ""),
                        because:
                            "`\(property.key)` is a to-one include (`including(required:)` or `including(optional:)`)"))
            }
            if !isOptional && !scoped.containsNonNullValue {
                return DecodingFix(
                    property: property,
                    kind: .declare(
                        type: typeName + "?",
                        because: "this row has no `\(property.key)` (all its columns are NULL: an optional include)"))
            }
            return nil
        case .column(let column):
            // Columns come first: an include or prefetch under the same key is never read. That
            // is the deepest cause, whatever the column holds on this row (NULL included).
            if case .record = type, row.scopesTree[property.key] != nil || row.prefetchedRows[property.key] != nil {
                return DecodingFix(property: property, kind: .columnShadows(column: column, hidesInclude: true))
            }
            if case .array = type, row.scopesTree[property.key] != nil || row.prefetchedRows[property.key] != nil {
                return DecodingFix(property: property, kind: .columnShadows(column: column, hidesInclude: true))
            }
            if !isOptional, (row[column] as DatabaseValue).isNull {
                return DecodingFix(
                    property: property,
                    kind: .declare(
                        type: typeName + "?",
                        because: "column `\(column)` is NULL on this row"))
            }
            let value = row[column] as DatabaseValue
            if case .rawEnum(let shape) = type, !value.isNull {
                return DecodingFix(
                    property: property,
                    kind: .addCase(enumName: shape.typeName, value: SQLValue(value).description))
            }
            switch type {
            case .record, .array:
                // Columns come first: an include or prefetch under the same key is never read.
                let hidden = row.scopesTree[property.key] != nil || row.prefetchedRows[property.key] != nil
                return DecodingFix(property: property, kind: .columnShadows(column: column, hidesInclude: hidden))
            default:
                return nil
            }
        case .missing, .rowItself, .absent:
            let wantsMany = if case .array = type { true } else { false }
            let wantsOne = if case .record = type { true } else { false }
            if wantsMany, let found = closest(property.key, prefetched) {
                return DecodingFix(property: property, kind: .renameKey(found: found, foundKind: "prefetched rows"))
            }
            if wantsOne, let found = closest(property.key, scopes) {
                return DecodingFix(property: property, kind: .renameKey(found: found, foundKind: "a to-one include"))
            }
            if wantsMany, let found = closest(property.key, scopes) {
                return DecodingFix(
                    property: property,
                    kind: .declare(
                        type: (wantsMany ? element(of: type) : typeName),
                        because: "the row has a to-one include under `\(found)`, and no prefetched rows"))
            }
            if wantsOne, let found = closest(property.key, prefetched) {
                return DecodingFix(
                    property: property,
                    kind: .declare(
                        type: "[\(typeName)]",
                        because: "the row has prefetched rows under `\(found)` (a to-many association)"))
            }
            var available: [String] = []
            if !scopes.isEmpty {
                available.append("to-one includes: " + scopes.map { "`\($0)`" }.joined(separator: ", "))
            }
            if !prefetched.isEmpty {
                available.append("prefetched rows: " + prefetched.map { "`\($0)`" }.joined(separator: ", "))
            }
            let columns = Array(row.columnNames.filter { !claimed.contains($0) })
            if !wantsMany && !wantsOne, let column = Suggestions.closest(to: property.key, in: columns).first {
                return DecodingFix(property: property, kind: .renameKey(found: column, foundKind: "a column"))
            }
            if !wantsMany && !wantsOne {
                available.append("columns: " + columns.map { "`\($0)`" }.joined(separator: ", "))
            }
            return DecodingFix(
                property: property,
                kind: .noKey(
                    available: available.isEmpty
                        ? "include it in the request, or declare it optional"
                        : "the row has " + available.joined(separator: "; ")))
        }
    }

    private static func element(of type: ValueShape) -> String {
        if case .array(let element) = type { return element.swiftName }
        return type.swiftName
    }

    /// The only candidate, or the closest by spelling.
    private static func closest(_ key: String, _ candidates: [String]) -> String? {
        if candidates.count == 1 { return candidates[0] }
        return Suggestions.closest(to: key, in: candidates).first
    }

    /// How the user wrote the association whose key is `key` (`Author.books`).
    static func association(withKey key: String, in operations: [RequestOperation]) -> String? {
        for operation in operations {
            switch operation {
            case .including(let kind, let association), .joining(let kind, let association):
                let associationKey = kind == .all ? association.key.plural : association.key.singular
                if case .including = operation, associationKey == key { return association.displayName }
                if let found = Self.association(withKey: key, in: association.operations) { return found }
            default:
                continue
            }
        }
        return nil
    }
}
