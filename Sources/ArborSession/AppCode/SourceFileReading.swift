import ArborCore
import ArborLanguage
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the app's files, as a stage of its own: the paths given to `--load`
/// and `:load` in, the texts of the `.swift` files and a located problem for
/// each entry that can not be read out. Every entry of a folder is looked at
/// on its own: one that can not be read (permission denied, not a regular
/// file, a loop of symbolic links, not UTF-8, too big) is reported with its
/// cause and never stops the others. A FIFO is never opened (that would wait
/// for a writer).
///
/// Read once per command line: the migrations looked for without a database and the
/// declarations loaded are the same bytes.
public struct SourceFileReading: Sendable {
    /// Far above any model file (the largest apps' are under 1 MB): the compiler's syntax tree
    /// takes about 60 bytes of memory per byte of source, so 4 MB stay under 400 MB.
    static let sizeCap = 4 * 1024 * 1024

    public private(set) var texts: [(path: String, text: String)] = []
    /// Entries skipped, each an error located at its path.
    public private(set) var problems: [ProgramDiagnostic] = []
    /// How many `.swift` entries were found (read or not).
    public private(set) var found = 0

    /// Throws only when a path given can not be read at all (nothing there, a
    /// folder that can not be listed, a folder without a `.swift` file).
    public init(paths: [String]) throws {
        for path in paths {
            // Foundation's trimming only when there is something to trim: it costs for each path.
            let path =
                path.first?.isWhitespace == true || path.last?.isWhitespace == true
                ? path.trimmingCharacters(in: .whitespaces) : path
            guard !path.isEmpty else {
                throw ArborError("an empty path names no file or folder: give a Swift file or a folder")
            }
            try read(path)
        }
    }

    private mutating func read(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ArborError("\(path): \(Self.cause(errno, path: path))")
        }
        guard Self.isFolder(info) else {
            found += 1
            readFile(path, info)
            return
        }
        var entries: [(path: String, info: stat)] = []
        try list(path, into: &entries, isTop: true)
        guard found > 0 || !problems.isEmpty else { throw ArborError("\(path): no .swift file in this folder") }
        for entry in entries.sorted(by: { $0.path < $1.path }) { readFile(entry.path, entry.info) }
    }

    /// The `.swift` entries below `folder`, with what `stat` says of each; hidden
    /// entries (build products, checkouts) are not the app's models.
    private mutating func list(_ folder: String, into entries: inout [(path: String, info: stat)], isTop: Bool)
        throws
    {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            let cause = access(folder, R_OK) == 0 ? "cannot list the folder" : "permission denied"
            if isTop { throw ArborError("\(folder): \(cause)") }
            problems.append(Self.problem(folder, "folder skipped: \(cause)"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard stat(path, &info) == 0 else {
                // A symbolic link to nothing or in a loop: said only for what looks like source.
                if name.hasSuffix(".swift") {
                    found += 1
                    problems.append(Self.problem(path, "skipped: \(Self.cause(errno, path: path))"))
                }
                continue
            }
            if Self.isFolder(info) {
                if Self.isSymbolicLink(path) { continue }  // Followed, a link can lead back up: a loop.
                try list(path, into: &entries, isTop: false)
            } else if name.hasSuffix(".swift") {
                found += 1
                entries.append((path, info))
            }
        }
    }

    private mutating func readFile(_ path: String, _ info: stat) {
        guard Self.isRegularFile(info) else {
            problems.append(Self.problem(path, "skipped: not a regular file (\(Self.kind(info)))"))
            return
        }
        guard Int(info.st_size) <= Self.sizeCap else {
            problems.append(
                Self.problem(
                    path,
                    "skipped: \(Self.megabytes(Int(info.st_size))) MB, above the \(Self.megabytes(Self.sizeCap)) MB arbor reads from one file"
                ))
            return
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            problems.append(
                Self.problem(path, "skipped: \(Self.cause(access(path, R_OK) == 0 ? EIO : EACCES, path: path))"))
            return
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.sizeCap + 1) ?? Data()
        } catch {
            problems.append(Self.problem(path, "skipped: cannot read it (\(error.localizedDescription))"))
            return
        }
        guard data.count <= Self.sizeCap else {
            problems.append(
                Self.problem(path, "skipped: above the \(Self.megabytes(Self.sizeCap)) MB arbor reads from one file"))
            return
        }
        // Validated once, by the standard library's fast check on the bytes in place (through
        // `Data`'s own iterator it costs as much as parsing); where a problem is, is found only then.
        let text = data.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress else { return "" }
            guard memchr(base, 0, bytes.count) == nil else { return nil }
            return String(validating: bytes, as: UTF8.self)
        }
        guard let text else {
            problems.append(Self.problem(path, "skipped: \(Self.textProblem(data) ?? "not UTF-8")"))
            return
        }
        texts.append((path, text))
    }

    /// Why bytes are not a Swift source file: a NUL byte (a binary file) or
    /// bytes that are not UTF-8, with the line and column of the first.
    static func textProblem(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if let nul = bytes.firstIndex(of: 0) {
            return "a NUL byte at \(place(nul, in: bytes)): a binary file, not Swift source"
        }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var scalarStart = 0
        var decoding = true
        while decoding {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                scalarStart = offset
            case .emptyInput:
                decoding = false
            case .error:
                return "not UTF-8 (a byte that is not at \(place(scalarStart, in: bytes))): Swift source is UTF-8"
            }
        }
        return nil
    }

    /// `line:column` of a byte offset, the column counted in bytes (the text is not UTF-8).
    static func place(_ offset: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return "\(line):\(offset - lineStart + 1)"
    }

    static func problem(_ path: String, _ message: String) -> ProgramDiagnostic {
        ProgramDiagnostic(.error, ArborError(message), unit: path)
    }

    /// The cause of a failed `stat` or `open`, in words.
    static func cause(_ code: Int32, path: String) -> String {
        switch code {
        case ELOOP: return "a loop of symbolic links"
        case EACCES: return "permission denied"
        case ENOENT: return isSymbolicLink(path) ? "a symbolic link to nothing" : "no such file or folder"
        case ENOTDIR: return "no such file or folder (a part of the path is a file)"
        case ENAMETOOLONG: return "the path is too long"
        default: return String(cString: strerror(code))
        }
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    static func isFolder(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    static func isRegularFile(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }

    static func kind(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a file"
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
    }
}
