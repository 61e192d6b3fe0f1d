/// `c` in the table view: the letters typed next go to the first column whose
/// name begins with them, as they are typed, without a prompt; ↵ or Esc stays
/// there, and any other key stays there and then does what it does.
public struct ColumnJump: Sendable, Equatable {
    /// What was typed since `c`.
    public var prefix = ""
    /// The column it reached, nil when no column begins with it (the selection stays).
    public var reached: String?
}

extension AppState {
    /// `c`: starts a jump, when the results show a table.
    mutating func startColumnJump() {
        columnJump = ColumnJump()
    }

    mutating func handleColumnJump(_ key: Key) -> [Effect] {
        guard var jump = columnJump, focus == .results, results?.format == .table else {
            columnJump = nil
            return handle(key)
        }
        switch KeyBindings.command(for: key, in: .columnJump) {
        case .columnJumpEnd?:
            columnJump = nil
            return []
        case .columnJumpBack?:
            jump.prefix = String(jump.prefix.dropLast())
        default:
            guard case .character(let c) = key, c != " " else {
                columnJump = nil
                return handle(key)
            }
            jump.prefix.append(c)
        }
        jump.reached = goToColumn(beginningWith: jump.prefix)
        columnJump = jump
        return []
    }

    /// Selects the first column whose name begins with `prefix`, and shows it; its title.
    mutating func goToColumn(beginningWith prefix: String) -> String? {
        guard var results, var table = results.table, let index = table.column(beginningWith: prefix) else {
            return nil
        }
        table.select(columnAt: index)
        table.scrollToSelection(width: max(1, (layout.results?.width ?? width) - 3))
        results.table = table
        self.results = results
        return table.columns[index].title
    }
}
