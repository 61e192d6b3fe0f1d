/// Every key of the terminal interface, by where it works: the one list that
/// F1 shows (`HelpText`) and docs/INTERFACE.md §2 repeats, which a test compares.
/// A key handled in `InputKeys`, `PaneKeys` or `Update` belongs here.
public enum KeyTable {
    public struct Entry: Equatable, Sendable {
        /// The keys as the user reads them: `↑/↓ or j/k`, `^R`.
        public var keys: String
        /// What they do there.
        public var action: String
    }

    public struct Section: Equatable, Sendable {
        public var title: String
        public var entries: [Entry]
    }

    public static let sections: [Section] = [
        Section(
            title: "Input line",
            entries: [
                Entry(
                    keys: "↵",
                    action:
                        "run the statement: it stays, selected (typing replaces it), and the focus stays here; inside open brackets, a new line"
                ),
                Entry(keys: "→/End or ←/Home", action: "on the request just run: edit it at its end or start"),
                Entry(
                    keys: "Tab",
                    action: "complete the word; on an empty line or the request just run, go to the results"),
                Entry(
                    keys: "↑/↓ or ^P/^N",
                    action: "the previous or next statement of the history (right after a run, the one before it)"),
                Entry(keys: "^R", action: "search the history as you type; ^R again for older, Esc or ^G to give up"),
                Entry(keys: "Esc or Shift-Tab", action: "go to the panes"),
                Entry(keys: "^A/^E or Home/End", action: "the start or end of the line"),
                Entry(keys: "^B/^F or ←/→", action: "a character back or forward"),
                Entry(keys: "Alt-B/Alt-F", action: "a word back or forward"),
                Entry(keys: "^K/^U/^W", action: "cut to the end, to the start, the word before"),
                Entry(keys: "^Y", action: "paste what was cut"),
                Entry(keys: "Backspace/Delete", action: "delete before or under the cursor"),
                Entry(keys: "PgUp/PgDn", action: "scroll the results without leaving the input"),
                Entry(keys: "^D", action: "quit on an empty line; otherwise delete under the cursor"),
            ]),
        Section(
            title: "Panes",
            entries: [
                Entry(
                    keys: "Tab/Shift-Tab", action: "the next or previous pane: input, results, children, SQL, schema"),
                Entry(keys: "q or Esc", action: "back to the input"),
                Entry(keys: "i", action: "edit the last request in the input"),
                Entry(keys: "↑/↓ or j/k", action: "move the selection"),
                Entry(keys: "PgUp/PgDn or ^B/^F", action: "a page up or down"),
                Entry(keys: "g/G or Home/End", action: "the first or last line"),
                Entry(keys: "y", action: "copy the selected SQL statement"),
                Entry(
                    keys: "Y",
                    action: "copy the app's statements for the request (main and prefetches, as GRDB runs them)"),
                Entry(keys: "R", action: "copy every statement that ran (windows, counts, more rows)"),
                Entry(keys: "J", action: "copy the selected row as JSON"),
                Entry(keys: "? or F1", action: "this help"),
                Entry(keys: ":", action: "type a command in the input"),
                Entry(
                    keys: "other letters",
                    action: "start typing a statement in the input (it replaces the kept request)"),
                Entry(
                    keys: "mouse", action: "a click selects, a click on ▸ or a double click toggles, the wheel scrolls"),
            ]),
        Section(
            title: "Results",
            entries: [
                Entry(keys: "␣", action: "open or close the selected row or list"),
                Entry(
                    keys: "↵", action: "open or close; on a cut list, fetch its next rows; on a row, its full values"),
                Entry(
                    keys: "→ or l",
                    action:
                        "open the row's children and links (what it points to, what points to it) in the children pane"),
                Entry(keys: "← or h", action: "close, or go to the parent"),
                Entry(keys: "e/c", action: "open or close everything under the selection"),
                Entry(keys: "v", action: "the full values of the selected row"),
                Entry(keys: "/", action: "find text in the open lines"),
                Entry(keys: "n", action: "find the next match"),
                Entry(keys: "t", action: "the results as a table or as a tree (or :format table, :format tree)"),
            ]),
        Section(
            title: "Table view",
            entries: [
                Entry(keys: "← or h / → or l", action: "the previous or next column"),
                Entry(keys: "0 / $", action: "the first or last column (annotations and includes come last)"),
                Entry(keys: "< or >", action: "the selected column narrower or wider"),
                Entry(keys: "x", action: "hide the selected column"),
                Entry(keys: "X", action: "show the hidden columns again"),
                Entry(
                    keys: "␣ or ↵",
                    action: "on a count, its rows in the children pane; elsewhere, the row's full values"),
            ]),
        Section(
            title: "Children",
            entries: [
                Entry(
                    keys: "→ or l or ␣",
                    action: "go into the selected row's children; on a link (→ forward, ← backward), run its request"),
                Entry(
                    keys: "↵",
                    action:
                        "go into the children and fetch more; on a row without children, its full values; on a link, run its request"
                ),
                Entry(keys: "← or h or Backspace", action: "back to the previous level"),
                Entry(keys: "v", action: "the full values of the selected row"),
                Entry(keys: "y", action: "on a link, copy its request"),
            ]),
        Section(
            title: "Schema",
            entries: [
                Entry(keys: "␣", action: "open or close a table (→/l opens, ←/h closes)"),
                Entry(keys: "↵", action: "insert the selected table, column or association name into the input"),
            ]),
        Section(
            title: "SQL",
            entries: [
                Entry(keys: "↵ or v", action: "the full statement, a clause a line"),
                Entry(
                    keys: "p",
                    action:
                        "the selected statement's query plan, as :explain draws it, with the index a full scan needs"),
                Entry(
                    keys: "(lines)",
                    action:
                        "the app's statements (main, prefetch KEY) with their rows and time, scan on a full scan of a table they filter; then every statement that ran, labelled"
                ),
            ]),
        Section(
            title: "Help and full values",
            entries: [
                Entry(keys: "↑/↓ or j/k", action: "scroll a line"),
                Entry(keys: "PgUp/PgDn or ␣", action: "scroll a page"),
                Entry(keys: "g/G or Home/End", action: "the top or the bottom"),
                Entry(
                    keys: "Esc, q, ↵ or ?",
                    action: "close; ↵ in :trace's report takes the fix at the top as the request"),
            ]),
        Section(
            title: "Everywhere",
            entries: [
                Entry(keys: "^C", action: "cancel the running request (never quits); else clear the input"),
                Entry(keys: "^Z", action: "suspend (fg to come back)"),
                Entry(keys: "^L", action: "redraw the screen"),
                Entry(keys: "F1", action: "open or close this help"),
                Entry(
                    keys: "F2",
                    action: "hide or show the schema pane (it gives way below 100 columns, and comes back with room)"),
            ]),
    ]
}
