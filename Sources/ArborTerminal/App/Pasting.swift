import Foundation

extension AppState {
    /// A paste (bracketed by the terminal) goes to the input whole, whatever has
    /// the focus: no character of it is taken as a key of a pane, and it replaces
    /// the request kept selected after a run, as typing does.
    mutating func paste(_ text: String) {
        overlay = nil
        find = nil
        if let search {
            input.set(search.match.map { history.entries[$0] } ?? search.original)
            self.search = nil
        }
        completions = []
        historyIndex = nil
        notice = nil
        focus = .input
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        input.insert(normalized)
    }
}
