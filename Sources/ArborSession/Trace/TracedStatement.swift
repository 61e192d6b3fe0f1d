/// One statement read from a trace log, with where it sits in the log.
struct TracedStatement {
    var sql: String
    var firstLine: Int
    var lastLine: Int
    /// The duration of a profile line (`0.002s SELECT …`), in seconds.
    var duration: Double?
}
