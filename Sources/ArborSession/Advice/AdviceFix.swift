/// A migration's fix as steps: statements on the data, a rebuild of the table,
/// statements after it (indexes). The fixes of one table become one migration
/// (`AdviceMerging`): data first, one rebuild with every change, then the rest.
struct AdviceFix: Hashable, Sendable {
    /// The migration's title when it is the table's only fix.
    var title: String
    var before: [String] = []
    var rebuild: [TableRebuild.Change] = []
    var after: [String] = []
    /// Columns `before` sets to NULL; when another fix makes one of them NOT NULL,
    /// `beforeWhenNotNull` (which deletes the rows instead) runs, under `titleWhenNotNull`.
    var nulledColumns: [String] = []
    var beforeWhenNotNull: [String] = []
    var titleWhenNotNull = ""

    /// The columns the rebuild makes NOT NULL.
    var notNullColumns: [String] {
        rebuild.compactMap { change in
            if case .columnWords(let column, let words) = change, words == "NOT NULL" { column } else { nil }
        }
    }
}
