import Foundation

/// `--simulator BUNDLE_ID` (macOS): the database an app wrote in the booted iOS
/// simulator. `xcrun simctl get_app_container booted BUNDLE_ID data` gives the
/// app's data container; arbor lists the SQLite files in it, GRDB's usual places
/// first (`Library/Application Support`, then `Documents`, then the rest of
/// `Library`), and opens the one DATABASE names (a path in the container, or a file
/// name) or the only one.
enum SimulatorDatabase {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The file to open, or a failure that says why (and lists the files when several).
    static func path(bundleID: String, named: String?, environment: [String: String]) throws -> String {
        let container = try self.container(bundleID: bundleID, environment: environment)
        let files = databases(in: container)
        if let named {
            if let file = files.first(where: { $0 == named || ($0 as NSString).lastPathComponent == named }) {
                return container.appendingPathComponent(file).path
            }
            throw Failure(
                description: "no SQLite file `\(named)` in the container of \(bundleID) (\(container.path))"
                    + listing(files))
        }
        guard let only = files.first else {
            throw Failure(
                description:
                    "no SQLite file in the container of \(bundleID) (\(container.path)): has the app opened its database?"
            )
        }
        guard files.count == 1 else {
            throw Failure(
                description: "several SQLite files in the container of \(bundleID): name one "
                    + "(arbor --simulator \(bundleID) FILE)" + listing(files))
        }
        return container.appendingPathComponent(only).path
    }

    static func listing(_ files: [String]) -> String {
        files.isEmpty ? "" : "\n" + files.map { "  " + $0 }.joined(separator: "\n")
    }

    /// The app's data container, as `xcrun simctl` says it.
    static func container(bundleID: String, environment: [String: String]) throws -> URL {
        guard let xcrun = executable("xcrun", environment: environment) else {
            throw Failure(description: "--simulator needs Xcode's `xcrun` (macOS), and there is none on the PATH")
        }
        let process = Process()
        process.executableURL = xcrun
        process.arguments = ["simctl", "get_app_container", "booted", bundleID, "data"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not run \(xcrun.path): \(error.localizedDescription)")
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let said = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "xcrun simctl found no container for \(bundleID) in a booted simulator"
                    + (said.isEmpty ? "" : ": " + said))
        }
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var isDirectory: ObjCBool = false
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw Failure(description: "xcrun simctl gave no folder for \(bundleID): `\(path)`")
        }
        return URL(fileURLWithPath: path)
    }

    static func executable(_ name: String, environment: [String: String]) -> URL? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// The SQLite files under `container` (by their header), as paths relative to it:
    /// GRDB's usual places first, then by path.
    static func databases(in container: URL) -> [String] {
        let base = container.standardizedFileURL.path
        guard
            let enumerator = FileManager.default.enumerator(
                at: container, includingPropertiesForKeys: [.isRegularFileKey], options: [])
        else { return [] }
        var found: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                isSQLite(url.path)
            else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            found.append(String(path.dropFirst(base.count + 1)))
        }
        return found.sorted { (rank($0), $0) < (rank($1), $1) }
    }

    /// Where GRDB's guides and most apps put the database.
    static func rank(_ path: String) -> Int {
        if path.hasPrefix("Library/Application Support/") { return 0 }
        if path.hasPrefix("Documents/") { return 1 }
        if path.hasPrefix("Library/") && !path.hasPrefix("Library/Caches/") { return 2 }
        return 3
    }

    static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 16) else { return false }
        return [UInt8](data) == Array("SQLite format 3\u{0}".utf8)
    }
}
