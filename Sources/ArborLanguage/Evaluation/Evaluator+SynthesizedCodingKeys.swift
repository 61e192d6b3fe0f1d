import ArborCore
import Foundation

/// What the Swift compiler synthesizes for a `Codable` type that declares no `CodingKeys`:
/// one key per stored property, named as the property (`Workout.CodingKeys.startDate`),
/// whose string value is that name (`Column(Workout.CodingKeys.startDate)`, `forKey(…)`).
extension Evaluator {
    /// `Type.CodingKeys.name` when `Type` declares no `CodingKeys`: the key's string value.
    func synthesizedCodingKey(_ base: Expr, _ name: String) -> Value? {
        let written: String
        if case .member(let typeExpr, "CodingKeys", _) = base.kind, let type = Self.dottedTypeName(typeExpr) {
            written = type
        } else if base.kind == .identifier("CodingKeys"), local("CodingKeys") == nil,
            let type = scope.selfType
        {
            // `forKey(CodingKeys.movedRecord)` in a method of the type.
            written = type
        } else {
            return nil
        }
        let path = canonicalTypePath(written)
        guard environment.enums[canonicalTypePath("\(path).CodingKeys")] == nil,
            environment.statics[canonicalTypePath("\(path).CodingKeys")] == nil
        else { return nil }
        if let properties = storedProperties(of: path) {
            return properties.contains { $0.name == name } ? .expression(.value(.text(name))) : nil
        }
        // A record type whose properties arbor did not read: its columns are its keys.
        guard let table = environment.typeNames.table(forType: path),
            environment.schema.table(named: table)?.column(named: name) != nil
        else { return nil }
        return .expression(.value(.text(name)))
    }

    /// A key as `forKey` takes it: a string, or a coding key (`Info.CodingKeys.items`), whose
    /// string value is its raw value or, without one, its case name.
    func codingKeyString(_ expr: Expr) throws -> String {
        switch try evaluate(expr) {
        case .expression(.value(.text(let key))): return key
        case .implicitMember(let name): return name
        default: throw ArborError("expected a string or a coding key", at: expr.range)
        }
    }

    /// The type of the `id` stored property the app declares for a record type of `table`.
    func declaredIdentifierType(ofTable table: String) -> String? {
        for type in environment.typeNames.types(forTable: table) {
            if let id = storedProperties(of: type)?.first(where: { $0.name == "id" }), let written = id.type {
                return written.trimmingCharacters(in: ["?", "!"])
            }
        }
        return nil
    }

    /// The table of a request, table or association a method runs on.
    func receiverTable(_ value: Value?) -> String? {
        switch value {
        case .table(let table, _, _)?: table
        case .request(let plan)?: plan.table
        case .association(let association)?: association.destination
        default: nil
        }
    }
}
