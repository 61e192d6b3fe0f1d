import Foundation
import SwiftParser
import SwiftSyntax

/// The reference process loading is measured against (issue 20: beyond parsing, loading
/// adds at most half again in time and memory): `ArborBenchmarks --parse-only PATH…`
/// reads each `.swift` file given (a folder's, in name order) and parses it with
/// swift-syntax's parser, one file at a time, keeping nothing. Measured as a process of
/// its own, like `arbor --load`, so that its processor time, wall time and peak memory
/// compare with the load's.
enum ParseOnlyProcess {
    static let flag = "--parse-only"

    /// Parses and exits when the benchmark was started as the parse-only process.
    static func runIfAsked() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.first == flag else { return }
        var parsed = 0
        for path in arguments.dropFirst() {
            for file in swiftFiles(path) {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { exit(2) }
                let tree = Parser.parse(source: text)
                parsed += tree.statements.count > 0 ? 1 : 0
            }
        }
        exit(parsed >= 0 ? 0 : 1)
    }

    private static func swiftFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { path + "/" + $0 }
    }
}
