import ArborCore

extension Session {
    /// Runs `text` for an interactive view: each request's rows come as a
    /// `WindowedResult` whose first window is loaded, so that a million-row result
    /// costs what one screen of it costs. With a
    /// `childCap`, a window whose parents have more `including(all:)` children than
    /// that gets them cut per parent (and counted); otherwise GRDB prefetches them
    /// as the request says, and the SQL pane shows GRDB's statements.
    public func runInteractive(_ text: String, windowSize: Int = 100, childCap: Int? = 50) -> [Outcome] {
        // `:sql SELECT …` is a raw SQL request, windowed like `Row.fetchAll(db, sql: …)`.
        let windowedRawSQL = windowsRawSQL
        windowsRawSQL = true
        defer { windowsRawSQL = windowedRawSQL }
        return run(text, fetch: false).map { outcome in
            // Values, `fetchSet`, decoded raw SQL: fetched whole with the outcome, shown as they are.
            // Raw SQL rows are not fetched yet: they are windowed below (`RawSQLPages`).
            if case .rows(let result) = outcome, result.isFetchedWhole { return outcome }
            guard case .rows(var result) = outcome, !result.isSingleRow, result.strategy.decodedTypePath == nil else {
                if case .rows(let result) = outcome, result.strategy.decodedTypePath != nil {
                    // Rows decoded into the app's type: checked whole, as the app fetches them.
                    do {
                        return .rows(
                            try request(
                                result.checked, range: nil, single: result.isSingleRow, fetch: true,
                                valueLimit: ValueCut.displayLimit))
                    } catch var error as ArborError {
                        if error.range == nil { error.range = SourceRange(0, text.utf8.count) }
                        return .failure([error], text: text)
                    } catch {
                        return .failure(
                            [ArborError(Self.message(error), at: SourceRange(0, text.utf8.count))], text: text)
                    }
                }
                if case .rows(let result) = outcome {
                    // `fetchOne()`: one row, fetched as is.
                    do {
                        return .rows(try singleRow(of: result, valueLimit: ValueCut.displayLimit))
                    } catch let error as ArborError {
                        return .failure([error], text: text)
                    } catch {
                        return outcome
                    }
                }
                return outcome
            }
            do {
                let window = try WindowedResult(
                    session: self, checked: result.checked, windowSize: windowSize, childCap: childCap)
                // The rows are not counted here: the first window shows at once, and a
                // view counts them afterwards (`rowCount()`), which a full window needs.
                result.rows = try window.rows(in: 0..<windowSize)
                // The SQL pane shows what ran (the window's log, read again as it grows)
                // and what the app would run: the main statement alone needs no fetch;
                // prefetches need their parents' keys and come later (`appStatements`).
                result.statements = window.log.snapshot.statements
                if !result.strategy.runsPrefetches {
                    result.appStatements = [CapturedStatement(sql: result.mainSQL, duration: 0, label: "main")]
                }
                result.window = window
                return .rows(result)
            } catch var error as ArborError {
                if error.range == nil { error.range = SourceRange(0, text.utf8.count) }
                return .failure([error], text: text)
            } catch {
                return .failure([ArborError(Self.message(error), at: SourceRange(0, text.utf8.count))], text: text)
            }
        }
    }
}
