/// Turns the lines of a trace log into statements. A statement starts at the first
/// SQL keyword of a line (after whatever a logger wrote before it, and after the
/// duration of a profile line); a line that starts with white space or a clause
/// (`FROM`, `WHERE`, `AND`, …), or that comes while a bracket or a quote is still
/// open, continues the statement before it. Any other line is unreadable: counted,
/// and the first ones kept to be shown.
struct TraceStatementReader {
    /// Unreadable lines kept to be shown; the others are only counted.
    static let shownUnreadable = 10

    private(set) var unreadableCount = 0
    private(set) var unreadableLines: [(number: Int, text: String)] = []
    private var pending: Pending?

    private struct Pending {
        var bytes: [UInt8]
        var firstLine: Int
        var lastLine: Int
        var duration: Double?
        var depth = 0
        var quote: UInt8?

        var isOpen: Bool { depth > 0 || quote != nil }

        mutating func scan(_ line: UnsafeBufferPointer<UInt8>) {
            for c in line {
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
                    quote = c
                } else if c == UInt8(ascii: "(") {
                    depth += 1
                } else if c == UInt8(ascii: ")") {
                    depth = max(0, depth - 1)
                }
            }
        }

        var statement: TracedStatement {
            var end = bytes.count
            while end > 0, [0x20, 0x09, UInt8(ascii: ";")].contains(bytes[end - 1]) { end -= 1 }
            return TracedStatement(
                sql: String(decoding: bytes[..<end], as: UTF8.self), firstLine: firstLine, lastLine: lastLine,
                duration: duration)
        }
    }

    /// Reads one line; calls `emit` with each statement the line completes.
    mutating func read(
        line number: Int, _ line: UnsafeBufferPointer<UInt8>, wasCut: Bool, emit: (TracedStatement) throws -> Void
    ) rethrows {
        if wasCut {
            try flush(emit)
            unreadable(number, line)
            return
        }
        let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
        if isBlank {
            // Tested on `pending` itself, not a copy: a copy alive while `continues` appends
            // would make each line copy the whole statement (quadratic in an unclosed quote).
            if pending?.quote != nil, let count = pending?.bytes.count, count < TraceLineReader.maximumLineLength {
                continues(number, line)
            }
            return
        }
        // A statement never grows past a line's limit: an unclosed quote must not swallow the log.
        if let count = pending?.bytes.count, count + line.count <= TraceLineReader.maximumLineLength,
            pending?.isOpen == true || Self.startsWithClause(line)
        {
            continues(number, line)
            return
        }
        if Self.isTriggerLine(line) {
            // SQLite traces each trigger a write fires as `-- TRIGGER name`, then its statements
            // after `-- `: part of the write.
            try flush(emit)
            return
        }
        if let start = Self.statementStart(line) {
            try flush(emit)
            // `-- INSERT INTO log …`: a statement of a trigger's program, part of the write that fired it.
            if start.offset >= 3, line[start.offset - 1] == 0x20, line[start.offset - 2] == UInt8(ascii: "-"),
                line[start.offset - 3] == UInt8(ascii: "-")
            {
                return
            }
            var new = Pending(
                bytes: Array(line[start.offset...]), firstLine: number, lastLine: number, duration: start.duration)
            new.scan(UnsafeBufferPointer(rebasing: line[start.offset...]))
            pending = new
            return
        }
        if let count = pending?.bytes.count, count + line.count <= TraceLineReader.maximumLineLength,
            line[0] == 0x20 || line[0] == 0x09
        {
            continues(number, line)
            return
        }
        try flush(emit)
        unreadable(number, line)
    }

    /// Emits the statement still being read (at the end of the log).
    mutating func finish(emit: (TracedStatement) throws -> Void) rethrows {
        try flush(emit)
    }

    private mutating func flush(_ emit: (TracedStatement) throws -> Void) rethrows {
        guard let statement = pending?.statement else { return }
        pending = nil
        try emit(statement)
    }

    private mutating func continues(_ number: Int, _ line: UnsafeBufferPointer<UInt8>) {
        pending?.bytes.append(0x0A)
        pending?.bytes.append(contentsOf: line)
        pending?.lastLine = number
        pending?.scan(line)
    }

    private mutating func unreadable(_ number: Int, _ line: UnsafeBufferPointer<UInt8>) {
        unreadableCount += 1
        if unreadableLines.count < Self.shownUnreadable {
            unreadableLines.append((number, String(decoding: line.prefix(200), as: UTF8.self)))
        }
    }

    private static let triggerMarker = Array("-- TRIGGER ".utf8)

    private static func isTriggerLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count >= triggerMarker.count else { return false }
        for start in 0...(line.count - triggerMarker.count) where line[start] == triggerMarker[0] {
            if zip(triggerMarker.indices, triggerMarker).allSatisfy({ line[start + $0] == $1 }) { return true }
        }
        return false
    }

    /// The words a statement of a trace starts with.
    private static let leadingWords: [[UInt8]] = [
        "SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "REPLACE", "PRAGMA", "BEGIN", "COMMIT", "ROLLBACK",
        "SAVEPOINT", "RELEASE", "CREATE", "DROP", "ALTER", "EXPLAIN", "VACUUM", "ANALYZE", "VALUES",
    ].map { Array($0.utf8) }

    /// The words a line continuing a statement over several lines starts with.
    private static let clauseWords: [[UInt8]] = [
        "FROM", "WHERE", "JOIN", "LEFT", "INNER", "CROSS", "NATURAL", "ON", "AND", "OR", "ORDER", "GROUP", "HAVING",
        "LIMIT", "OFFSET", "UNION", "EXCEPT", "INTERSECT", "SET", "VALUES", "AS", "WINDOW", "RETURNING",
    ].map { Array($0.utf8) }

    private static func startsWithClause(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        if line[first] == UInt8(ascii: ")") || line[first] == UInt8(ascii: ",") { return true }
        return clauseWords.contains { word(at: first, in: line, is: $0, ignoringCase: true) }
    }

    /// Where the statement of a line starts, after any logger prefix, and the duration
    /// of a profile line just before it. Upper-case keywords first (GRDB writes them so,
    /// and a logger's own words are rarely upper case), then any case.
    static func statementStart(_ line: UnsafeBufferPointer<UInt8>) -> (offset: Int, duration: Double?)? {
        for ignoringCase in [false, true] {
            var i = 0
            while i < line.count {
                let c = line[i]
                let isLetter = (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
                if isLetter, i == 0 || !isNameByte(line[i - 1]),
                    leadingWords.contains(where: { word(at: i, in: line, is: $0, ignoringCase: ignoringCase) })
                {
                    return (i, duration(before: i, in: line))
                }
                i += 1
            }
        }
        return nil
    }

    private static func isNameByte(_ c: UInt8) -> Bool {
        SQLTokenizer.isWordByte(c) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: "-")
    }

    private static func word(at i: Int, in line: UnsafeBufferPointer<UInt8>, is word: [UInt8], ignoringCase: Bool)
        -> Bool
    {
        guard i + word.count <= line.count else { return false }
        for (k, w) in word.enumerated() {
            let c = line[i + k]
            if ignoringCase ? (c & 0xDF) != w : c != w { return false }
        }
        let end = i + word.count
        if end == line.count { return true }
        let next = line[end]
        return next == 0x20 || next == 0x09 || next == UInt8(ascii: "(") || next == UInt8(ascii: ";")
            || next == UInt8(ascii: "*")
    }

    /// `0.002s ` just before the statement: a profile line's duration.
    private static func duration(before start: Int, in line: UnsafeBufferPointer<UInt8>) -> Double? {
        var end = start
        while end > 0, line[end - 1] == 0x20 { end -= 1 }
        guard end > 1, line[end - 1] == UInt8(ascii: "s") else { return nil }
        var begin = end - 1
        while begin > 0, SQLTokenizer.isDigit(line[begin - 1]) || line[begin - 1] == UInt8(ascii: ".") { begin -= 1 }
        guard begin < end - 1 else { return nil }
        if begin > 0, SQLTokenizer.isWordByte(line[begin - 1]) { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: line[begin..<(end - 1)]), as: UTF8.self))
    }
}
