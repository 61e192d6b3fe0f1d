import ArborCore
import ArborSession

/// `:sql` rows in the data formats, printed as SQLite steps them (`RawSQLRowSink`),
/// so that a statement's ten million rows cost what one row costs: `json` one array
/// per statement, `jsonl`, `csv` and `tsv` as a request's rows print.
final class RawSQLRowPrinter: RawSQLRowSink {
    let format: OutputFormat
    private var json = JSONWriter()
    private var count = 0
    private var output: RecordOutput?

    init(format: OutputFormat) {
        self.format = format
    }

    func begin(columns: [String]) {
        count = 0
        json.reset()
        output = RecordOutput(format: format)
    }

    func row(_ row: ResultRow) {
        count += 1
        guard format == .json else {
            output?.write(row)
            return
        }
        json.append(count == 1 ? "[\n" : ",\n")
        json.write(row)
        if json.bytes.count >= 1 << 16 {
            json.bytes.withUnsafeBytes(Output.writeBytes)
            json.reset()
        }
    }

    func end() {
        guard format == .json else {
            output?.finish()
            output = nil
            return
        }
        json.append(count == 0 ? "[]\n" : "\n]\n")
        json.bytes.withUnsafeBytes(Output.writeBytes)
        json.reset()
    }
}
