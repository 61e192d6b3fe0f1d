import ArborCore

/// The status line while `c` goes to a column: what was typed and where it led.
enum ColumnJumpText {
    static func status(_ jump: ColumnJump) -> String {
        let typed = TerminalText.escaped(jump.prefix)
        if jump.prefix.isEmpty { return "go to a column: type the start of its name · ↵/Esc stop" }
        guard let reached = jump.reached else {
            return "go to a column: no column begins with “\(typed)” · Backspace one letter less · ↵/Esc stop"
        }
        return "go to a column: “\(typed)” → \(TerminalText.escaped(reached)) · ↵/Esc stay · Backspace one letter less"
    }
}
