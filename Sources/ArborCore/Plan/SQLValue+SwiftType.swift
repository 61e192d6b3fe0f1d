/// A value as Swift types it, for the type errors of values that reach GRDB.
extension SQLValue {
    /// The Swift type of the value as written (`1` is an `Int`), for type errors.
    public var swiftTypeName: String {
        switch self {
        case .null: "nil"
        case .bool: "Bool"
        case .integer: "Int"
        case .real: "Double"
        case .text: "String"
        case .blob: "Data"
        }
    }

    /// Whether Swift accepts the value where `type` is expected: an integer
    /// literal is also a `Double` or an `Int64`.
    public func converts(to type: String) -> Bool {
        switch (self, type) {
        case (.integer, "Int64"), (.integer, "Double"), (.real, "Double"), (.text, "String"), (.blob, "Data"): true
        default: false
        }
    }
}
