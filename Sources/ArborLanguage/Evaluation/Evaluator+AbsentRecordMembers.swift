import ArborCore

/// `record?.name` where `let record = try …fetchOne(db)` found no row: Swift's optional
/// chaining gives nil, but only for a member the record type has; the compiler refuses any
/// other, whatever the value.
extension Evaluator {
    func absentRecordMember(_ name: String, ofTable table: String, nameRange: SourceRange) throws -> Value {
        let members = instanceMemberNames(ofTable: table)
        guard members.contains(name) else {
            throw ArborError(
                "value of type '\(environment.displayName(ofTable: table))' has no member '\(name)'", at: nameRange,
                suggestion: Suggestions.didYouMean(name, in: members.sorted()))
        }
        return .expression(.value(.null))
    }

    /// The properties a record of `table` has: the app's record type's stored properties (else
    /// the table's columns, as `--format swift` declares them), every instance property its
    /// code declares (computed ones arbor does not run too), and GRDB's properties of a record.
    func instanceMemberNames(ofTable table: String) -> Set<String> {
        var names: Set<String> = []
        if let stored = environment.typeNames.types(forTable: table).lazy.compactMap(storedProperties(of:)).first {
            names.formUnion(stored.map(\.name))
        } else {
            names.formUnion((environment.schema.table(named: table).map(RecordProperty.of) ?? []).map(\.column))
        }
        names.formUnion(
            environment.requestMethods.all.filter { method in
                method.receiver == .recordInstance && method.isProperty
                    && method.table.map { $0.sqlFolded == table.sqlFolded } == true
            }.map(\.function.name))
        for type in environment.typeNames.types(forTable: table) {
            names.formUnion(environment.types[canonicalTypePath(type)]?.instancePropertyNames ?? [])
        }
        names.formUnion(GRDBAPI.names(offeredOn: .record, kind: .property))
        return names
    }
}
