import Foundation
import GRDB

/// A lowered expression: a GRDB SQL expression, or an association aggregate
/// (which GRDB keeps apart: it joins and groups the request it is used in).
enum LoweredValue {
    case expression(SQLExpression)
    case aggregate(AssociationAggregate<Row>)
    /// A literal kept as a Swift value, so that GRDB's overloads for `Bool` and
    /// `nil` apply as they would in Swift.
    case value(SQLValue)
}

extension SQLValue {
    /// The value as GRDB binds it.
    public var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .bool(let b): b.databaseValue
        case .integer(let i): i.databaseValue
        case .real(let d): d.databaseValue
        case .text(let s): s.databaseValue
        case .blob(let d): d.databaseValue
        }
    }

    public init(_ dbValue: DatabaseValue) {
        switch dbValue.storage {
        case .null: self = .null
        case .int64(let i): self = .integer(i)
        case .double(let d): self = .real(d)
        case .string(let s): self = .text(s)
        case .blob(let d): self = .blob(d)
        }
    }
}

extension LoweredValue {
    /// The value as a GRDB expression (a literal becomes a bound `?`).
    var expression: SQLExpression? {
        switch self {
        case .expression(let e): e
        case .value(let v): v.databaseValue.sqlExpression
        case .aggregate: nil
        }
    }
}
