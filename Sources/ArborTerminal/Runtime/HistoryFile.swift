import Foundation

/// Reads and writes the history file (XDG state directory).
public enum HistoryFile {
    public static func load(from url: URL?) -> History {
        guard let url, let data = FileManager.default.contents(atPath: url.path) else { return History() }
        return History(entries: History.decode(String(decoding: data, as: UTF8.self)))
    }

    /// Writes the whole history (at most 2,000 entries) atomically.
    public static func save(_ history: History, to url: URL?) {
        guard let url else { return }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(history.encoded().utf8).write(to: url, options: .atomic)
        } catch {
            // A history that cannot be saved must not stop the session.
        }
    }
}
