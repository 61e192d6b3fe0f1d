import Foundation

/// Programs the tests run, found on the `PATH` as a user's shell finds them.
public enum Executables {
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var description: String {
            "`\(name)` is not on the PATH: the tests need it (see the README's requirements)"
        }
    }

    /// The path of `name` on the `PATH`, or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The path of `name` on the `PATH`; an error naming it when it is missing.
    public static func require(_ name: String) throws -> String {
        guard let path = find(name) else { throw Missing(name: name) }
        return path
    }
}
