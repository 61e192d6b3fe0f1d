import ArborSession

extension AppState {
    /// Keys of the panes: moving, opening, walking children, copying.
    mutating func handlePane(_ key: Key) -> [Effect] {
        let height = focus == .results ? resultsHeight : layout.contentHeight(of: focus)
        guard let command = KeyBindings.command(for: key, in: .panes) else {
            switch focus {
            case .results: return resultsKey(key, height: height)
            case .children: return childrenKey(key, height: height)
            case .schema: return schemaKey(key, height: height)
            case .sql: return sqlKey(key)
            case .input: return []
            }
        }
        switch command {
        case .nextPane: focusNext(backwards: false)
        case .previousPane: focusNext(backwards: true)
        case .toInput: focus = .input
        case .toggleHelp: overlay = HelpText.overlay(examples: examples)
        case .editLastRequest: editLastRequest()
        case .commandPrompt:
            focus = .input
            input.insert(":")
        case .copySelected:
            if let link = selectedLink {
                guard !link.isNullKey else {
                    notice = Notice(text: Self.nullKeyText(link), isError: false)
                    return []
                }
                lastCopied = link.request
                return [.copy(text: link.request, what: "the request")]
            }
            return copySelectedStatement()
        case .copyAppStatements: return copyAppStatements()
        case .copyRanStatements: return copyRanStatements()
        case .copyRowJSON: return copySelectedRow()
        case .copyError: return copyShownError()
        case .lineUp: move(by: -1, height: height)
        case .lineDown: move(by: 1, height: height)
        case .pageUp: move(by: -max(1, height - 1), height: height)
        case .pageDown: move(by: max(1, height - 1), height: height)
        case .firstLine: move(by: Int.min / 2, height: height)
        case .lastLine: move(by: Int.max / 2, height: height)
        default: break
        }
        return []
    }

    /// `i`: back to the input to edit the last request (the cursor at its end).
    mutating func editLastRequest() {
        focus = .input
        if input.isEmpty, let last = history.entries.last { input.set(last) }
        input.end()
    }

    /// Typing a letter in a pane that has no use for it starts a statement (it
    /// replaces the last request if that is still selected in the input).
    mutating func startTyping(_ key: Key) -> [Effect] {
        guard case .character(let c) = key else { return [] }
        focus = .input
        input.insert(String(c))
        return []
    }

    mutating func move(by steps: Int, height: Int) {
        switch focus {
        case .results:
            if steps == Int.min / 2 {
                results?.selectFirst(height: height)
            } else if steps == Int.max / 2 {
                results?.selectLast(height: height)
            } else {
                results?.move(by: steps, height: height)
            }
        case .children:
            guard let source = results?.source, let node = miller?.current?.node else { return }
            let count = childListing(source, node).count
            miller?.move(by: steps, count: count, height: height)
        case .schema: schema.move(by: steps, height: height)
        case .sql: sql.move(by: steps, height: height)
        case .input: break
        }
    }

    /// Tab and Shift-Tab: input → results → children → SQL → schema → input.
    mutating func focusNext(backwards: Bool) {
        let layout = self.layout
        let order: [Focus] = [.input, .results, .children, .sql, .schema]
        let available = order.filter { $0 == .input || layout.rect(of: $0) != nil }
        guard let index = available.firstIndex(of: focus) else {
            focus = .input
            return
        }
        let step = backwards ? available.count - 1 : 1
        focus = available[(index + step) % available.count]
    }

    mutating func resultsKey(_ key: Key, height: Int) -> [Effect] {
        guard var results, let selected = results.selected else { return startTyping(key) }
        if results.format == .table, let command = KeyBindings.command(for: key, in: .table),
            let effects = tableCommand(command, results: &results, height: height)
        {
            self.results = results
            return effects
        }
        guard let command = KeyBindings.command(for: key, in: .results) else { return startTyping(key) }
        switch command {
        case .switchFormat:
            setResultsFormat(results.format == .tree ? .table : .tree)
            return []
        case .toggleNode:
            results.toggle(height: height)
        case .openOrFetchMore where results.source.node(at: selected)?.isTruncated == true:
            // ↵ on a cut list opens it and fetches its next rows.
            if !results.walker.isOpen(selected) { results.toggle(height: height) }
            self.results = results
            return results.source.moreRows(at: selected).map { [.loadMoreChildren($0)] } ?? []
        case .openOrFetchMore:
            if results.walker.isExpandable(selected) {
                results.toggle(height: height)
            } else {
                openDetail(results.source, selected)
            }
        case .openChildren:
            // A root row opens the pane even without includes: its links are there.
            let isRootRow = selected.steps.count == 1 && Self.linkableRow(results.source.node(at: selected)) != nil
            if results.walker.isExpandable(selected) || isRootRow {
                var opened = MillerState(node: selected)
                miller = opened
                focus = .children
                // The layout with the children pane open gives its height.
                opened.selectFirstWithChildren(source: results.source, height: layout.contentHeight(of: .children))
                miller = opened
            } else {
                notice = Notice(text: Self.whyNotOpen(results.source.node(at: selected)), isError: false)
            }
        case .collapseOrParent:
            results.collapseOrParent(height: height)
        case .expandAll:
            results.expandAll(height: height)
        case .collapseAll:
            results.collapseAll(height: height)
        case .showDetail:
            openDetail(results.source, selected)
        case .find:
            find = FindPrompt(returnFocus: .results)
            focus = .input
            return []
        case .findNext:
            findNext()
            return []
        default:
            return startTyping(key)
        }
        self.results = results
        return []
    }

    /// The rows the results pane shows below its title (and the table's header).
    var resultsHeight: Int {
        max(0, layout.contentHeight(of: .results) - (results?.format == .table ? 1 : 0))
    }

    /// `t` and `:format`: the results as a tree or a table, for this result and the next ones.
    mutating func setResultsFormat(_ format: ResultsFormat) {
        resultsFormat = format
        results?.setFormat(format)
        keepSelectionsInView()
    }

    /// Commands of the table view; nil for those that work as in the tree (`v`, `/`, `n`…).
    mutating func tableCommand(_ command: KeyCommand, results: inout ResultsState, height: Int) -> [Effect]? {
        guard var table = results.table, let selected = results.selected else { return nil }
        let width = max(1, (layout.results?.width ?? width) - 3)
        switch command {
        case .columnBack: table.moveSelection(by: -1)
        case .columnForward: table.moveSelection(by: 1)
        case .firstColumn: table.moveSelection(by: -table.visibleColumns.count)
        case .lastColumn: table.moveSelection(by: table.visibleColumns.count)
        case .narrowerColumn: table.resizeSelected(by: -4)
        case .widerColumn: table.resizeSelected(by: 4)
        case .hideColumn: table.hideSelected()
        case .showColumns: table.hidden = []
        case .goToColumn: startColumnJump()
        case .openCell, .openCellAndFetch:
            let visible = table.visibleColumns
            if visible.indices.contains(table.selected), case .count(let through) = visible[table.selected].place,
                let row = selected.steps.first
            {
                let node = NodePath([row] + through)
                guard (results.source.childCount(of: node) ?? 0) > 0 else {
                    notice = Notice(text: Self.whyNotOpen(results.source.node(at: node)), isError: false)
                    return []
                }
                var opened = MillerState(node: node)
                self.results = results
                miller = opened
                focus = .children
                opened.selectFirstWithChildren(source: results.source, height: layout.contentHeight(of: .children))
                miller = opened
                guard command == .openCellAndFetch, let more = results.source.moreRows(at: node) else { return [] }
                return [.loadMoreChildren(more)]
            }
            openDetail(results.source, selected)
            return []
        default:
            return nil
        }
        table.scrollToSelection(width: width)
        results.table = table
        return []
    }

    mutating func childrenKey(_ key: Key, height: Int) -> [Effect] {
        guard var miller, let level = miller.current, let source = results?.source,
            let command = KeyBindings.command(for: key, in: .children)
        else {
            return startTyping(key)
        }
        let listing = childListing(source, level.node)
        let entry = listing.entry(at: level.selected)
        switch command {
        case .goInto, .goIntoAndFetch:
            let fetches = command == .goIntoAndFetch
            guard let entry else { return [] }
            if let index = entry.link, let link = links?.links[index] {
                self.miller = miller
                return jump(link)
            }
            if (source.childCount(of: entry.path) ?? 0) > 0
                || (!fetches && Self.linkableRow(source.node(at: entry.path)) != nil)
            {
                miller.push(entry.path, source: source, height: height)
                if fetches, let more = source.moreRows(at: entry.path) {
                    self.miller = miller
                    return [.loadMoreChildren(more)]
                }
            } else if fetches {
                openDetail(source, entry.path)
            } else {
                notice = Notice(text: Self.whyNotOpen(source.node(at: entry.path)), isError: false)
            }
        case .goBack:
            if !miller.pop() {
                self.miller = nil
                focus = .results
                return []
            }
        case .showDetail:
            if let entry { openDetail(source, entry.path) }
        default:
            return startTyping(key)
        }
        self.miller = miller
        return []
    }

    mutating func schemaKey(_ key: Key, height: Int) -> [Effect] {
        guard let command = KeyBindings.command(for: key, in: .schema) else { return startTyping(key) }
        switch command {
        case .toggleTable, .openTable, .closeTable:
            let lines = schema.lines
            let isOpenTable: Bool
            if lines.indices.contains(schema.selected), case .table(let t) = lines[schema.selected] {
                isOpenTable = schema.expanded.contains(schema.tables[t].name)
            } else {
                isOpenTable = true
            }
            if (command == .openTable && isOpenTable) || (command == .closeTable && !isOpenTable) { return [] }
            schema.toggle(height: height)
        case .insertName:
            if let text = schema.insertion {
                // Added to the request in the input, not replacing it.
                if input.isSelected { input.end() }
                input.insert(text)
                focus = .input
            }
        default:
            return startTyping(key)
        }
        return []
    }

    mutating func sqlKey(_ key: Key) -> [Effect] {
        guard let command = KeyBindings.command(for: key, in: .sql) else { return startTyping(key) }
        switch command {
        case .showStatement:
            guard let entry = sql.selectedEntry, let statement = sql.statement(entry) else { return [] }
            var title = "SQL · " + (statement.label.isEmpty ? "statement" : statement.label)
            if case .app = entry {
                title = "SQL the app would run · " + statement.label
            } else {
                title += " · " + NumberText.statementDuration(statement.duration)
            }
            overlay = Overlay(title: title, lines: SQLLayout.lines(statement.sql), wrapsWords: true)
            return []
        case .showPlan:
            // SQLite is asked on the session's worker, not here: the overlay opens when the plan arrives.
            guard let entry = sql.selectedEntry, let statement = sql.statement(entry) else { return [] }
            notice = Notice(text: "query plan: asking SQLite…", isError: false)
            return [.explain(sql: statement.sql, title: "query plan · " + SQLView.label(of: entry, in: sql))]
        default:
            return startTyping(key)
        }
    }

    /// What → says on a line with nothing to open.
    static func whyNotOpen(_ node: ResultNode?) -> String {
        switch node {
        case .toOne(let key, _, nil)?:
            return "\(key) is nil: no row to open"
        case .toOne(let key, _, _)?:
            return "\(key) is one row with no includes of its own: its values are on its line (v shows them all)"
        case .toMany(let key, _, _, _)?:
            return "\(key) has no rows"
        case .row?:
            return "this row has no includes to open (v shows its values)"
        case nil:
            return "nothing to open"
        }
    }

    mutating func openDetail(_ source: any ResultSource, _ path: NodePath) {
        guard let node = source.node(at: path) else { return }
        overlay = Overlay(title: RowText.crumb(node), lines: RowText.detail(node))
    }
}
