import ArborCore
import GRDB

/// The `csv`, `tsv` and `jsonl` formats (docs/LANGUAGE.md §4.2), written as rows
/// arrive and flushed every 64 KiB.
///
/// CSV and TSV print the columns of `table` (`FlatLayout`) under a header line. The
/// layout is learned from the first rows: rows are held until every to-one include
/// has been seen (at once for a request without includes), at most
/// `StreamingOutput.tableSample` of them. A result without rows prints nothing, as
/// `sqlite3 -csv -header` does.
struct RecordOutput {
    enum Kind {
        case delimited(DelimitedText.Dialect)
        case jsonLines
    }

    let kind: Kind
    /// A value fetch (`String.fetchAll(db, …)`): `jsonl` writes each value alone on its line.
    let valuesOnly: Bool
    private var bytes: [UInt8] = []
    private var json = JSONWriter()
    private var pending: [ResultRow] = []
    private var layout: FlatLayout?

    init?(format: OutputFormat, valuesOnly: Bool = false) {
        switch format {
        case .csv: kind = .delimited(.csv)
        case .tsv: kind = .delimited(.tsv)
        case .jsonl: kind = .jsonLines
        default: return nil
        }
        self.valuesOnly = valuesOnly
    }

    mutating func write(_ row: ResultRow) {
        switch kind {
        case .jsonLines:
            if valuesOnly {
                json.write(row.values.first ?? .null)
            } else {
                json.write(row)
            }
            json.append("\n")
            if json.bytes.count >= 1 << 16 { flush() }
        case .delimited(let dialect):
            if let layout {
                DelimitedText.appendLine(layout.values(of: row), dialect: dialect, to: &bytes)
                if bytes.count >= 1 << 16 { flush() }
            } else {
                pending.append(row)
                if pending.count >= StreamingOutput.tableSample || FlatLayout(rows: pending).isComplete {
                    startTable(dialect)
                }
            }
        }
    }

    mutating func finish() {
        if case .delimited(let dialect) = kind, layout == nil, !pending.isEmpty { startTable(dialect) }
        flush()
    }

    /// The header, then the rows held to learn the layout.
    private mutating func startTable(_ dialect: DelimitedText.Dialect) {
        let layout = FlatLayout(rows: pending)
        self.layout = layout
        DelimitedText.appendHeader(layout.names, dialect: dialect, to: &bytes)
        for row in pending { DelimitedText.appendLine(layout.values(of: row), dialect: dialect, to: &bytes) }
        pending = []
        if bytes.count >= 1 << 16 { flush() }
    }

    private mutating func flush() {
        if !json.bytes.isEmpty {
            json.bytes.withUnsafeBytes(Output.writeBytes)
            json.reset()
        }
        if !bytes.isEmpty {
            bytes.withUnsafeBytes(Output.writeBytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }
}
