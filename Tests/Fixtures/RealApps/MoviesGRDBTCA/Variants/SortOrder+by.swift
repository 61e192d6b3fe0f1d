// The app's own helper, from another stored version of the app: a file the snapshot in
// Models/ does not hold (Tests/Fixtures/RealApps/MoviesGRDBTCA/SOURCE.md). MIT, as the rest of the app.
import Foundation
import GRDB

extension SortOrder {
  func by(_ column: Column) -> SQLOrdering {
    switch self {
    case .forward: return column.collating(.localizedCaseInsensitiveCompare).asc
    case .reverse: return column.collating(.localizedCaseInsensitiveCompare).desc
    }
  }
}
