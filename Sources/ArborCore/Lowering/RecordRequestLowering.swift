import GRDB

extension Lowering {
    /// `record.request(for: association)`, built by GRDB's own `request(for:)` on a
    /// record type of the record's table (`RecordOfTable`), so that GRDB resolves the
    /// foreign key and writes the condition on the record's values itself.
    func request(for record: RecordValue, _ association: AssociationPlan) throws -> QueryInterfaceRequest<Row> {
        let number = typeLevelNumber(TableNumbers.shared.number(record.table))
        // GRDB encodes the record into a container keyed by column; every column
        // the record has a value for is written (the others read as NULL).
        let values = record.values.sorted { $0.key < $1.key }.map { (column: $0.key, value: $0.value.databaseValue) }
        func build<Number: TypeLevelNumber>(_: Number.Type) throws -> QueryInterfaceRequest<Row> {
            let lowered = try self.association(association, from: RecordOfTable<Number>.self)
            return try lowered.request(for: RecordOfTable<Number>(values: values))
        }
        return try build(number)
    }
}
