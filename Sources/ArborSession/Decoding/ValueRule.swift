import ArborCore
import Foundation
import GRDB

/// How much of a value its signature keeps: for each storage class, whether the
/// whole value (its conversion depends on it), and the integer types whose range
/// an INTEGER must fit. Bit sets, so that reading a row's rules costs nothing.
struct ValueRule {
    /// Bit `1 << n` for storage class n: NULL 0, INTEGER 1, REAL 2, TEXT 3, BLOB 4.
    private var whole: UInt8 = 0
    /// Bit `1 << n` for `ValueRule.rangedTypes[n]`.
    private var ranges: UInt16 = 0
    /// A `Date` reads a TEXT: whether GRDB parses it (its own `Date.fromDatabaseValue`,
    /// which reads a text without NUL as GRDB's decoder does; one with a NUL is kept whole).
    private var parsesDate = false

    private static let (integer, real, text, blob): (UInt8, UInt8, UInt8, UInt8) = (1 << 1, 1 << 2, 1 << 3, 1 << 4)
    private static let rangedTypes: [ScalarType] = [.int8, .int16, .int32, .uint, .uint8, .uint16, .uint32, .uint64]

    static let wholeValue = ValueRule(whole: integer | real | text | blob)

    init() {}

    private init(whole: UInt8) {
        self.whole = whole
    }

    /// What a conversion to `scalar` depends on, beyond the storage class. Only
    /// pairs where GRDB's conversion cannot depend on the value are left out.
    init(_ scalar: ScalarType) {
        switch scalar {
        case .string: whole = Self.blob
        case .int, .int64: whole = Self.real | Self.text | Self.blob
        case .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32, .uint64:
            whole = Self.real | Self.text | Self.blob
            ranges = Self.rangedTypes.firstIndex(of: scalar).map { 1 << $0 } ?? 0
        case .double, .float, .bool: whole = Self.text | Self.blob
        case .data: whole = Self.integer | Self.real
        case .date:
            whole = Self.blob
            parsesDate = true
        case .uuid: whole = Self.integer | Self.real | Self.text | Self.blob
        }
    }

    /// True when the signature keeps more of this value than its storage class.
    func dependsOnContent(of value: DatabaseValue) -> Bool {
        switch value.storage {
        case .null: false
        case .int64: whole & Self.integer != 0 || ranges != 0
        case .double: whole & Self.real != 0
        case .string: whole & Self.text != 0 || parsesDate
        case .blob: whole & Self.blob != 0
        }
    }

    mutating func formUnion(_ other: ValueRule) {
        whole |= other.whole
        ranges |= other.ranges
        parsesDate = parsesDate || other.parsesDate
    }

    /// Appends the value's storage class, and what this rule keeps of it.
    func append(_ value: DatabaseValue, to buffer: inout [UInt8]) {
        switch value.storage {
        case .null:
            buffer.append(0)
        case .int64(let int):
            buffer.append(1)
            if whole & Self.integer != 0 {
                withUnsafeBytes(of: int) { buffer.append(contentsOf: $0) }
            } else if ranges != 0 {
                for (n, scalar) in Self.rangedTypes.enumerated() where ranges & (1 << n) != 0 {
                    buffer.append(scalar.fits(int) ? 1 : 0)
                }
            }
        case .double(let double):
            buffer.append(2)
            if whole & Self.real != 0 { withUnsafeBytes(of: double.bitPattern) { buffer.append(contentsOf: $0) } }
        case .string:
            buffer.append(3)
            if whole & Self.text != 0, case .string(let string) = value.storage {
                appendCounted(Array(string.utf8), to: &buffer)
            } else if parsesDate, case .string(let string) = value.storage {
                if string.utf8.contains(0) {
                    // GRDB parses a statement's text to its full length, a copied
                    // row's to its first NUL: the whole text decides.
                    buffer.append(2)
                    appendCounted(Array(string.utf8), to: &buffer)
                } else {
                    buffer.append(Date.fromDatabaseValue(value) == nil ? 0 : 1)
                }
            }
        case .blob:
            buffer.append(4)
            if whole & Self.blob != 0, case .blob(let data) = value.storage { appendCounted(Array(data), to: &buffer) }
        }
    }

    private func appendCounted(_ bytes: [UInt8], to buffer: inout [UInt8]) {
        withUnsafeBytes(of: UInt64(bytes.count)) { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: bytes)
    }
}

extension ScalarType {
    /// Whether an INTEGER converts to this type (GRDB's `T(exactly:)`).
    func fits(_ int: Int64) -> Bool {
        switch self {
        case .int8: Int8(exactly: int) != nil
        case .int16: Int16(exactly: int) != nil
        case .int32: Int32(exactly: int) != nil
        case .uint: UInt(exactly: int) != nil
        case .uint8: UInt8(exactly: int) != nil
        case .uint16: UInt16(exactly: int) != nil
        case .uint32: UInt32(exactly: int) != nil
        case .uint64: UInt64(exactly: int) != nil
        default: true
        }
    }
}
