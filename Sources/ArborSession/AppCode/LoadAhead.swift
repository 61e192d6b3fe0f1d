import ArborCore
import ArborLanguage
import Foundation

/// The `--load` files read and parsed on other threads while the database opens: opening
/// takes one core for some milliseconds (about 10 for a schema of 100 tables), and only
/// resolving the declarations needs the session. Input: the paths, or the files already
/// read, and the `--define` flags. Output, once waited for: the files read and their units,
/// or the error reading threw, which `load(into:)` gives where `Session.load(paths:)` would.
public final class LoadAhead: @unchecked Sendable {
    private let flags: Set<String>
    private typealias Outcome = Result<(reading: SourceFileReading, units: [SourceUnit]), Error>
    /// Given by the reading thread; taken by `load(into:)`, so that the texts are not held
    /// twice while the session runs.
    private var outcome: Eventual<Outcome>? = Eventual()

    /// Reads the files at `paths`, then parses them. `defines` as `--define` gives them:
    /// none means the default flags (`DEBUG`).
    public convenience init(paths: [String], defines: [String]) {
        self.init(defines: defines) { try SourceFileReading(paths: paths) }
    }

    /// Parses files already read (for their migrations, when there is no database).
    public convenience init(reading: SourceFileReading, defines: [String]) {
        self.init(defines: defines) { reading }
    }

    private init(defines: [String], reading: @escaping @Sendable () throws -> SourceFileReading) {
        let flags = defines.isEmpty ? ConditionalCompilation.defaultFlags : Set(defines)
        self.flags = flags
        // A thread of its own rather than one of `LargeStackThread`'s: from one of those,
        // `SourceUnit.parse` would read every file on that one thread.
        let outcome = self.outcome
        Thread.detachNewThread {
            outcome?.fulfil(
                Outcome {
                    let reading = try reading()
                    let units = SourceUnit.parse(
                        files: reading.texts.map { (name: $0.path, text: $0.text) }, flags: flags)
                    return (reading, units)
                })
        }
    }

    /// Waits for the files, then loads them into `session` as `Session.load(paths:)` would;
    /// parsed again if the session's flags are not those they were parsed with.
    public func load(into session: Session) throws -> LoadReport {
        guard let read = outcome?.wait() else { throw ArborError("these files were loaded already") }
        outcome = nil
        let (reading, units) = try read.get()
        return try session.load(reading, parsed: session.flags == flags ? units : nil)
    }
}
