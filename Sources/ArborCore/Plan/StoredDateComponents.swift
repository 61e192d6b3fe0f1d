import Foundation
import GRDB

/// GRDB's `DatabaseDateComponents`: date components stored as text in one of GRDB's
/// formats, converted by GRDB itself.
public enum StoredDateComponents {
    /// The cases of `DatabaseDateComponents.Format`, by name.
    static let formats: [String: DatabaseDateComponents.Format] = [
        "YMD": .YMD, "YMD_HM": .YMD_HM, "YMD_HMS": .YMD_HMS, "YMD_HMSS": .YMD_HMSS, "HM": .HM, "HMS": .HMS,
        "HMSS": .HMSS,
    ]

    public static var formatNames: [String] { formats.keys.sorted() }

    /// The text GRDB stores for `components` in the format named `format`; nil for no such format.
    public static func databaseValue(_ components: DateComponents, format: String) -> SQLValue? {
        guard let format = formats[format] else { return nil }
        return SQLValue(DatabaseDateComponents(components, format: format).databaseValue)
    }
}
