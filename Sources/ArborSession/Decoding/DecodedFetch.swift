import ArborCore
import GRDB

extension Session {
    /// The rows of a request fetched as the app's Decodable type (`plan.decodedAs`):
    /// fetched as GRDB's `FetchableRecord.fetchAll`/`fetchOne` fetch them, each decoded
    /// with GRDB's own decoder into the type's shape, and shown as usual. The first
    /// row that does not decode stops the fetch, as in the app, with GRDB's error and the fix.
    func decodedRows(
        _ plan: RequestPlan, typePath: String, prefetches: Bool, shape: RecordShape,
        request: QueryInterfaceRequest<Row>, db: Database, single: Bool, builder: ResultTreeBuilder,
        range: SourceRange?
    ) throws -> (rows: [ResultRow], verdict: DecodingVerdict) {
        // Without prefetched rows, GRDB's decoder has nothing to stop the program on.
        let check = DecodingCheck(shape: shape, mayTrap: prefetches, readsStatement: !prefetches)
        let call = single ? "fetchOne" : "fetchAll"
        let admission = DecodingAdmission(shape: shape, isAdmitting: !plan.includesUnshownRows)
        var rows: [ResultRow] = []
        var conversions: [SilentConversion] = []
        // `shown` is the row as displayed: a row like one that decoded is not decoded again.
        func decode(_ row: Row, shown: ResultRow, _ index: Int) throws {
            if !admission.admits(shown) {
                if let failure = check.check(row, index: index) {
                    throw failure.error(typeName: typePath, call: call, plan: plan, range: range)
                }
                for conversion in check.conversions(row, index: index)
                where conversions.filter({ $0.property == conversion.property }).count < DecodingVerdict.sampleLimit {
                    conversions.append(conversion)
                }
                admission.learn(shown)
            }
            rows.append(shown)
        }
        if prefetches {
            // GRDB fetches every row, then their prefetched rows, then decodes them.
            let fetched = single ? try Row.fetchOne(db, request).map { [$0] } ?? [] : try Row.fetchAll(db, request)
            try check.run {
                for (index, row) in fetched.enumerated() { try decode(row, shown: builder.row(row), index) }
            }
        } else {
            // GRDB decodes each row from the statement as it steps (its errors quote the SQL).
            let prepared = try request.makePreparedRequest(db, forSingleResult: single)
            let cursor = try Row.fetchCursor(prepared.statement, adapter: prepared.adapter)
            // The shown rows are read from the statement where it stands, as the plain fetch reads them.
            let layout = try StatementLayout(
                tree: builder.tree, statement: prepared.statement, adapter: prepared.adapter,
                valueLimit: builder.valueLimit)
            // A column of the statement the shown rows leave out: rows are not judged by what is shown.
            if let layout, layout.subtreeIndexes.count != prepared.statement.columnCount {
                admission.isAdmitting = false
            }
            try check.run {
                var index = 0
                while let row = try cursor.next() {
                    try decode(row, shown: layout?.row(prepared.statement.sqliteStatement) ?? builder.row(row), index)
                    index += 1
                    if single { break }
                }
            }
        }
        return (rows, DecodingVerdict(typeName: typePath, rowCount: rows.count, conversions: conversions))
    }

    /// The shape of the app's type a request decodes into; nil, with a warning saying why,
    /// when arbor can not model it (the rows then show unchecked, as the request gives them).
    func decodingShape(_ typePath: String?, warnings: inout [Pitfall]) -> RecordShape? {
        guard let typePath else { return nil }
        var shapes = DecodingShapeBuilder(environment: environment)
        do {
            return try shapes.shape(ofType: typePath)
        } catch let error as ArborError {
            warnings.append(
                Pitfall(
                    message: "arbor does not check how the rows decode into `\(typePath)`: \(error.message)",
                    fix: error.suggestion ?? "the rows are shown as the request gives them"))
            return nil
        } catch {
            return nil
        }
    }
}
