import Foundation
import XCTest

/// Every file and folder the tests make lives under one folder of this test
/// process in the temporary directory (`TMPDIR` honoured), removed when the
/// test bundle finishes, whatever a test did or failed to clean up itself.
public enum TemporaryItems {
    /// The process's own folder, made on first use.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "arbor-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryItemsRemoval.register()
        return url
    }()

    /// A fresh empty folder; `label` only helps whoever reads a path in a message.
    public static func folder(_ label: String = "folder") throws -> URL {
        let url = root.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A file holding `contents`, named `name`, in a fresh folder; returns its path.
    @discardableResult
    public static func file(_ name: String, _ contents: String) throws -> String {
        let url = try folder("file").appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    /// Removes the process's folder now (the bundle's end does it too).
    static func removeAll() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// Removes `TemporaryItems.root` when the test bundle finishes.
final class TemporaryItemsRemoval: NSObject, XCTestObservation {
    nonisolated(unsafe) private static var registered = false
    private static let lock = NSLock()

    static func register() {
        lock.lock()
        defer { lock.unlock() }
        guard !registered else { return }
        registered = true
        XCTestObservationCenter.shared.addTestObserver(TemporaryItemsRemoval())
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        TemporaryItems.removeAll()
    }
}
