import ArborCore
import GRDB

/// Writes rows in the `json`, `tree` or `table` format as they arrive, flushing
/// every 64 KiB, so that a million rows never sit in memory.
struct StreamingOutput {
    let format: OutputFormat
    let table: String
    private var json = JSONWriter()
    private var text: [String] = []
    private var textSize = 0
    private var count = 0
    /// The first rows of a table, held to size its columns.
    private var pendingTableRows: [ResultRow] = []
    private var tableWidths: [Int]?
    private var tableLayout: FlatLayout?
    /// `csv`, `tsv` and `jsonl`.
    private var records: RecordOutput?
    static let tableSample = 1000

    init(format: OutputFormat, table: String) {
        self.format = format
        self.table = table
        self.records = RecordOutput(format: format)
    }

    init(format: OutputFormat, table: String, valuesOnly: Bool) {
        self.format = format
        self.table = table
        self.records = RecordOutput(format: format, valuesOnly: valuesOnly)
    }

    mutating func write(_ row: ResultRow) {
        switch format {
        case .json:
            json.append(count == 0 ? "[\n" : ",\n")
            json.write(row)
            if json.bytes.count >= 1 << 16 { flushJSON() }
        case .tree:
            var lines: [String] = []
            TreeFormat.append(row, label: TerminalText.escaped(table), indent: 0, to: &lines)
            append(lines)
        case .table:
            if tableWidths == nil {
                pendingTableRows.append(row)
                if pendingTableRows.count >= Self.tableSample { flushTable() }
            } else {
                appendTableRow(row)
            }
        case .csv, .tsv, .jsonl:
            records?.write(row)
        case .sql, .swift:
            break
        }
        count += 1
    }

    mutating func finish() {
        switch format {
        case .json:
            json.append(count == 0 ? "[]\n" : "\n]\n")
            flushJSON()
        case .table:
            flushTable()
            flushText()
        case .csv, .tsv, .jsonl:
            records?.finish()
        default:
            flushText()
        }
    }

    private mutating func flushJSON() {
        json.bytes.withUnsafeBytes(Output.writeBytes)
        json.reset()
    }

    private mutating func append(_ lines: [String]) {
        for line in lines {
            text.append(line)
            textSize += line.utf8.count + 1
        }
        if textSize >= 1 << 16 { flushText() }
    }

    private mutating func flushText() {
        Output.lines(text)
        text.removeAll(keepingCapacity: true)
        textSize = 0
    }

    /// Sizes the columns on the first rows, prints them, then streams the rest.
    private mutating func flushTable() {
        guard tableWidths == nil else { return }
        // Base columns, then `key.column` for to-one includes and a count for to-many ones.
        let layout = FlatLayout(rows: pendingTableRows)
        let names = layout.names
        let cells = pendingTableRows.map { layout.cells(of: $0) }
        let lines = TableFormat.lines(columns: names, cells: cells)
        tableWidths = TableFormat.widths(columns: names, cells: cells)
        tableLayout = layout
        pendingTableRows = []
        append(lines)
    }

    private mutating func appendTableRow(_ row: ResultRow) {
        append([TableFormat.line(tableLayout?.cells(of: row) ?? [], widths: tableWidths ?? [])])
    }
}
