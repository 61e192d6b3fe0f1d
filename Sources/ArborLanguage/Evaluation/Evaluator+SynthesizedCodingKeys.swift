import ArborCore

/// What the Swift compiler synthesizes for a `Codable` type that declares no `CodingKeys`:
/// one key per stored property, named as the property (`Workout.CodingKeys.startDate`),
/// whose string value is that name (`Column(Workout.CodingKeys.startDate)`, `forKey(…)`).
extension Evaluator {
    /// `Type.CodingKeys.name` when `Type` declares no `CodingKeys`: the key's string value.
    func synthesizedCodingKey(_ base: Expr, _ name: String) -> Value? {
        guard case .member(let typeExpr, "CodingKeys", _) = base.kind, let written = Self.dottedTypeName(typeExpr)
        else { return nil }
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

    /// The table of a request, table or association a method runs on.
    func receiverTable(_ value: Value?) -> String? {
        switch value {
        case .table(let table, _)?: table
        case .request(let plan)?: plan.table
        case .association(let association)?: association.destination
        default: nil
        }
    }
}
