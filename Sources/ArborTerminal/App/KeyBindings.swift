/// Where a key binding works: the input line, every pane, one pane, an overlay, or everywhere.
public enum KeyScope: Sendable, Hashable {
    case everywhere, overlay, input, historySearch, find, panes, results, table, columnJump, children, schema, sql
}

/// What a key binding asks `update` to do: the message a key sends once its
/// binding is found. The handlers switch on these, never on keys.
public enum KeyCommand: Sendable, Hashable {
    // Everywhere.
    case cancel, suspend, redraw, toggleHelp, toggleSchemaPane
    // The input line.
    case runOrNewLine, completeOrWalk, historyPrevious, historyNext, searchHistory, toPanes, previousPane
    case lineStart, lineEnd, characterBack, characterForward, wordBack, wordForward
    case killToEnd, killToStart, killWordBack, yank, deleteBack, deleteForward, scrollResultsUp, scrollResultsDown
    case quitOrDeleteForward
    // Ctrl-R's search of the history.
    case searchOlder, searchBack, giveUpSearch
    // `/`'s find prompt.
    case findRun, findCancel, findBack, findLeft, findRight
    // Every pane.
    case nextPane, toInput, editLastRequest, lineUp, lineDown, pageUp, pageDown, firstLine, lastLine
    case copySelected, copyAppStatements, copyRanStatements, copyRowJSON, copyError, commandPrompt
    // The results.
    case toggleNode, openOrFetchMore, openChildren, collapseOrParent, expandAll, collapseAll, showDetail
    case find, findNext, switchFormat
    // The table view.
    case columnBack, columnForward, firstColumn, lastColumn, narrowerColumn, widerColumn, hideColumn, showColumns
    case openCell, openCellAndFetch, goToColumn
    // `c`'s jump to a column by name.
    case columnJumpBack, columnJumpEnd
    // The children pane.
    case goInto, goIntoAndFetch, goBack
    // The schema pane.
    case toggleTable, openTable, closeTable, insertName
    // The SQL pane.
    case showStatement, showPlan
    // An overlay.
    case scrollUp, scrollDown, scrollPageUp, scrollPageDown, scrollTop, scrollBottom
    case copyBlock, copyAll, nextBlock, previousBlock, close, closeOrTakeFix
}

/// One key binding, as Bubble Tea's key bindings are: the keys, what help says
/// about them, and the command each key sends. A binding without keys says
/// what happens without a key of its own (the mouse, letters typed in a pane).
public struct KeyBinding: Sendable {
    /// The keys as the user reads them: `↑/↓ or j/k`, `^R`.
    public var label: String
    /// What they do.
    public var help: String
    public var keys: [(Key, KeyCommand)]

    init(_ label: String, _ help: String, _ keys: [(Key, KeyCommand)] = []) {
        self.label = label
        self.help = help
        self.keys = keys
    }
}

/// The bindings of one scope, under the title help and docs/INTERFACE.md §2 give it.
public struct KeyBindingSection: Sendable {
    public var title: String
    public var scope: KeyScope
    public var bindings: [KeyBinding]
}

/// Every key binding of the interface: the one table from which keys are
/// handled, F1 is written and docs/INTERFACE.md §2 is generated.
public enum KeyBindings {
    public static let sections: [KeyBindingSection] = [
        KeyBindingSection(title: "Input line", scope: .input, bindings: input),
        KeyBindingSection(title: "History search (^R)", scope: .historySearch, bindings: historySearch),
        KeyBindingSection(title: "Find (/)", scope: .find, bindings: find),
        KeyBindingSection(title: "Panes", scope: .panes, bindings: panes),
        KeyBindingSection(title: "Results", scope: .results, bindings: results),
        KeyBindingSection(title: "Table view", scope: .table, bindings: table),
        KeyBindingSection(title: "Go to a column (c)", scope: .columnJump, bindings: columnJump),
        KeyBindingSection(title: "Children", scope: .children, bindings: children),
        KeyBindingSection(title: "Schema", scope: .schema, bindings: schema),
        KeyBindingSection(title: "SQL", scope: .sql, bindings: sql),
        KeyBindingSection(title: "Help and full values", scope: .overlay, bindings: overlay),
        KeyBindingSection(title: "Everywhere", scope: .everywhere, bindings: everywhere),
    ]

    /// The command `key` sends in `scope`, if a binding of that scope has it.
    public static func command(for key: Key, in scope: KeyScope) -> KeyCommand? {
        commands[scope]?[key]
    }

    private static let commands: [KeyScope: [Key: KeyCommand]] = {
        var table: [KeyScope: [Key: KeyCommand]] = [:]
        for section in sections {
            for binding in section.bindings {
                for (key, command) in binding.keys where table[section.scope]?[key] == nil {
                    table[section.scope, default: [:]][key] = command
                }
            }
        }
        return table
    }()

    static let input: [KeyBinding] = [
        KeyBinding(
            "↵",
            "run the statement: it stays, selected (typing replaces it), and the focus stays here; inside open brackets, a new line",
            [(.enter, .runOrNewLine)]),
        KeyBinding(
            "→/End or ←/Home",
            "on the request just run (or that failed): edit it at its end or start; the first printable key replaces it"
        ),
        KeyBinding(
            "Tab", "complete the word; on an empty line or the request just run, go to the results",
            [(.tab, .completeOrWalk)]),
        KeyBinding(
            "↑/↓ or ^P/^N",
            "the previous or next statement of the history (right after a run, the one before it)",
            [
                (.up, .historyPrevious), (.control("p"), .historyPrevious), (.down, .historyNext),
                (.control("n"), .historyNext),
            ]),
        KeyBinding(
            "^R", "search the history as you type; ^R again for older, Esc or ^G to give up",
            [(.control("r"), .searchHistory)]),
        KeyBinding("Esc or Shift-Tab", "go to the panes", [(.escape, .toPanes), (.backTab, .previousPane)]),
        KeyBinding(
            "^A/^E or Home/End", "the start or end of the line",
            [(.control("a"), .lineStart), (.home, .lineStart), (.control("e"), .lineEnd), (.end, .lineEnd)]),
        KeyBinding(
            "^B/^F or ←/→", "a character back or forward",
            [
                (.control("b"), .characterBack), (.left, .characterBack), (.control("f"), .characterForward),
                (.right, .characterForward),
            ]),
        KeyBinding(
            "Alt-B/Alt-F", "a word back or forward",
            [(.alt("b"), .wordBack), (.alt("B"), .wordBack), (.alt("f"), .wordForward), (.alt("F"), .wordForward)]),
        KeyBinding(
            "^K/^U/^W", "cut to the end, to the start, the word before",
            [(.control("k"), .killToEnd), (.control("u"), .killToStart), (.control("w"), .killWordBack)]),
        KeyBinding("^Y", "paste what was cut", [(.control("y"), .yank)]),
        KeyBinding(
            "Backspace/Delete", "delete before or under the cursor",
            [(.backspace, .deleteBack), (.control("h"), .deleteBack), (.delete, .deleteForward)]),
        KeyBinding(
            "PgUp/PgDn", "scroll the results without leaving the input",
            [(.pageUp, .scrollResultsUp), (.pageDown, .scrollResultsDown)]),
        KeyBinding(
            "^D", "quit on an empty line; otherwise delete under the cursor", [(.control("d"), .quitOrDeleteForward)]),
    ]

    static let historySearch: [KeyBinding] = [
        KeyBinding("letters", "narrow the search: the latest statement containing what is typed"),
        KeyBinding("^R", "an older match", [(.control("r"), .searchOlder)]),
        KeyBinding("Backspace", "one letter less", [(.backspace, .searchBack)]),
        KeyBinding(
            "Esc or ^G", "give up: the line as it was", [(.escape, .giveUpSearch), (.control("g"), .giveUpSearch)]),
        KeyBinding("other keys", "take the match, then do what they do (↵ runs it)"),
    ]

    static let find: [KeyBinding] = [
        KeyBinding("letters", "the text to find"),
        KeyBinding("↵", "select the next open line containing it", [(.enter, .findRun)]),
        KeyBinding("Esc or ^G", "give up", [(.escape, .findCancel), (.control("g"), .findCancel)]),
        KeyBinding(
            "Backspace, ← or →", "edit the text",
            [(.backspace, .findBack), (.left, .findLeft), (.right, .findRight)]),
    ]

    static let panes: [KeyBinding] = [
        KeyBinding(
            "Tab/Shift-Tab", "the next or previous pane: input, results, children, SQL, schema",
            [(.tab, .nextPane), (.backTab, .previousPane)]),
        KeyBinding("q or Esc", "back to the input", [(.character("q"), .toInput), (.escape, .toInput)]),
        KeyBinding("i", "edit the last request in the input", [(.character("i"), .editLastRequest)]),
        KeyBinding(
            "↑/↓ or j/k", "move the selection",
            [(.up, .lineUp), (.character("k"), .lineUp), (.down, .lineDown), (.character("j"), .lineDown)]),
        KeyBinding(
            "PgUp/PgDn or ^B/^F", "a page up or down",
            [(.pageUp, .pageUp), (.control("b"), .pageUp), (.pageDown, .pageDown), (.control("f"), .pageDown)]),
        KeyBinding(
            "g/G or Home/End", "the first or last line",
            [(.character("g"), .firstLine), (.home, .firstLine), (.character("G"), .lastLine), (.end, .lastLine)]),
        KeyBinding("y", "copy the selected SQL statement", [(.character("y"), .copySelected)]),
        KeyBinding(
            "Y", "copy the app's statements for the request (main and prefetches, as GRDB runs them)",
            [(.character("Y"), .copyAppStatements)]),
        KeyBinding(
            "R", "copy every statement that ran (windows, counts, more rows)", [(.character("R"), .copyRanStatements)]),
        KeyBinding("J", "copy the selected row as JSON", [(.character("J"), .copyRowJSON)]),
        KeyBinding(
            "E", "copy the error shown above the input, whole (message, caret, hint)",
            [(.character("E"), .copyError)]),
        KeyBinding("? or F1", "this help", [(.character("?"), .toggleHelp)]),
        KeyBinding(":", "type a command in the input", [(.character(":"), .commandPrompt)]),
        KeyBinding("other letters", "start typing a statement in the input (it replaces the kept request)"),
        KeyBinding("mouse", "a click selects, a click on ▸ or a double click toggles, the wheel scrolls"),
    ]

    static let results: [KeyBinding] = [
        KeyBinding("␣", "open or close the selected row or list", [(.character(" "), .toggleNode)]),
        KeyBinding(
            "↵", "open or close; on a cut list, fetch its next rows; on a row, its full values",
            [(.enter, .openOrFetchMore)]),
        KeyBinding(
            "→ or l",
            "open the row's children and links (what it points to, what points to it, its through associations) in the children pane",
            [(.right, .openChildren), (.character("l"), .openChildren)]),
        KeyBinding(
            "← or h", "close, or go to the parent", [(.left, .collapseOrParent), (.character("h"), .collapseOrParent)]),
        KeyBinding(
            "e/c", "open or close everything under the selection",
            [(.character("e"), .expandAll), (.character("c"), .collapseAll)]),
        KeyBinding("v", "the full values of the selected row", [(.character("v"), .showDetail)]),
        KeyBinding("/", "find text in the open lines", [(.character("/"), .find)]),
        KeyBinding("n", "find the next match", [(.character("n"), .findNext)]),
        KeyBinding(
            "t", "the results as a table or as a tree (or :format table, :format tree)",
            [(.character("t"), .switchFormat)]),
    ]

    static let table: [KeyBinding] = [
        KeyBinding(
            "← or h / → or l", "the previous or next column",
            [
                (.left, .columnBack), (.character("h"), .columnBack), (.right, .columnForward),
                (.character("l"), .columnForward),
            ]),
        KeyBinding(
            "0 or $", "the first or last column", [(.character("0"), .firstColumn), (.character("$"), .lastColumn)]),
        KeyBinding(
            "< or >", "the selected column narrower or wider",
            [(.character("<"), .narrowerColumn), (.character(">"), .widerColumn)]),
        KeyBinding("x", "hide the selected column", [(.character("x"), .hideColumn)]),
        KeyBinding("X", "show the hidden columns again", [(.character("X"), .showColumns)]),
        KeyBinding(
            "c", "go to a column by name: type the start of it (album.Title: album or Title), no prompt",
            [(.character("c"), .goToColumn)]),
        KeyBinding(
            "␣ or ↵", "on a count, its rows in the children pane; elsewhere, the row's full values",
            [(.character(" "), .openCell), (.enter, .openCellAndFetch)]),
    ]

    static let columnJump: [KeyBinding] = [
        KeyBinding(
            "letters", "the start of a column's name: the first column it begins (a hidden one is shown again)"),
        KeyBinding("Backspace", "one letter less", [(.backspace, .columnJumpBack), (.control("h"), .columnJumpBack)]),
        KeyBinding(
            "↵ or Esc", "stay on the column",
            [(.enter, .columnJumpEnd), (.escape, .columnJumpEnd), (.control("g"), .columnJumpEnd)]),
        KeyBinding("other keys", "stay on the column, then do what they do (→ the next column)"),
    ]

    static let children: [KeyBinding] = [
        KeyBinding(
            "→ or l or ␣",
            "go into the selected row's children; on a link (→ forward, ← backward, ⇢ through), run its request",
            [(.right, .goInto), (.character("l"), .goInto), (.character(" "), .goInto)]),
        KeyBinding(
            "↵",
            "go into the children and fetch more; on a row without children, its full values; on a link, run its request",
            [(.enter, .goIntoAndFetch)]),
        KeyBinding(
            "← or h or Backspace", "back to the previous level",
            [(.left, .goBack), (.character("h"), .goBack), (.backspace, .goBack)]),
        KeyBinding("v", "the full values of the selected row", [(.character("v"), .showDetail)]),
        KeyBinding("y", "on a link, copy its request"),
    ]

    static let schema: [KeyBinding] = [
        KeyBinding(
            "␣", "open or close a table (→/l opens, ←/h closes)",
            [
                (.character(" "), .toggleTable), (.right, .openTable), (.character("l"), .openTable),
                (.left, .closeTable), (.character("h"), .closeTable),
            ]),
        KeyBinding(
            "↵", "insert the selected table, column or association name into the input", [(.enter, .insertName)]),
    ]

    static let sql: [KeyBinding] = [
        KeyBinding(
            "↵ or v", "the full statement, a clause a line",
            [(.enter, .showStatement), (.character("v"), .showStatement)]
        ),
        KeyBinding(
            "p", "the selected statement's query plan, as :explain draws it, with the index a full scan needs",
            [(.character("p"), .showPlan)]),
        KeyBinding(
            "(lines)",
            "the app's statements (main, prefetch KEY) with their rows and time, scan on a full scan of a table they filter; then every statement that ran, labelled"
        ),
    ]

    static let overlay: [KeyBinding] = [
        KeyBinding(
            "↑/↓ or j/k", "scroll a line",
            [(.up, .scrollUp), (.character("k"), .scrollUp), (.down, .scrollDown), (.character("j"), .scrollDown)]),
        KeyBinding(
            "PgUp/PgDn or ␣", "scroll a page",
            [(.pageUp, .scrollPageUp), (.pageDown, .scrollPageDown), (.character(" "), .scrollPageDown)]),
        KeyBinding(
            "g/G or Home/End", "the top or the bottom",
            [
                (.character("g"), .scrollTop), (.home, .scrollTop), (.character("G"), .scrollBottom),
                (.end, .scrollBottom),
            ]),
        KeyBinding(
            "Tab/Shift-Tab", "the next or previous block (the code under a heading ending with :, else a paragraph)",
            [(.tab, .nextBlock), (.backTab, .previousBlock)]),
        KeyBinding(
            "y", "copy the selected block, marked ▌ in the margin (:swift, :advise, :explain)",
            [(.character("y"), .copyBlock)]),
        KeyBinding("Y", "copy all of the text", [(.character("Y"), .copyAll)]),
        KeyBinding(
            "Esc, q, ↵ or ?", "close; ↵ in :trace's report takes the fix at the top as the request",
            [(.escape, .close), (.character("q"), .close), (.character("?"), .close), (.enter, .closeOrTakeFix)]),
    ]

    static let everywhere: [KeyBinding] = [
        KeyBinding(
            "^C", "cancel the running request (never quits); else clear the input", [(.control("c"), .cancel)]),
        KeyBinding("^Z", "suspend (fg to come back)", [(.control("z"), .suspend)]),
        KeyBinding("^L", "redraw the screen", [(.control("l"), .redraw)]),
        KeyBinding("F1", "open or close this help", [(.function(1), .toggleHelp)]),
        KeyBinding(
            "F2", "hide or show the schema pane (it gives way below 100 columns, and comes back with room)",
            [(.function(2), .toggleSchemaPane)]),
        KeyBinding(
            "paste", "a paste (bracketed by the terminal) goes to the input whole, whatever has the focus"),
    ]
}
