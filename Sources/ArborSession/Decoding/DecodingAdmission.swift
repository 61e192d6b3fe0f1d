import ArborCore
import Foundation
import GRDB

/// Rows already known to decode, so that GRDB's decoder runs once per kind of row
/// rather than once per row (issue 12: the check costs little more than the fetch).
///
/// GRDB's decoder gives the same outcome to two rows of one request that agree on
/// everything it reads: the storage class of each value (NULL, INTEGER, REAL, TEXT,
/// BLOB), which to-one rows are missing, which lists are empty, and, for the values
/// whose conversion depends on more than their class, what it depends on (an `Int8`
/// from an INTEGER: whether it fits; a `Date` from a TEXT: whether GRDB parses it;
/// an enum's raw value, a `UUID`, an `Int` from a TEXT: the whole value). A row's signature records exactly that; a row whose
/// signature decoded before is admitted without decoding, any other row goes
/// through GRDB's decoder, and its signature is learned when it decodes. A failing
/// row is thus always decoded for real, and the first one is the row the app fails on.
///
/// Each element of an `including(all:)` list is decoded on its own by GRDB, so each
/// is admitted on its own too: a list's signature is only whether it is empty.
final class DecodingAdmission {
    private let reads: ShapeReads
    private let root = Level()
    /// Reused for each signature; handed down `inout`, so that no access to it is checked at run time.
    private var spare: [UInt8] = []
    /// False when the rows hold values the shown rows leave out: each row is decoded.
    var isAdmitting: Bool

    init(shape: RecordShape, isAdmitting: Bool = true) {
        reads = ShapeReads(shape)
        self.isAdmitting = isAdmitting
    }

    /// True when a row of this signature decoded before.
    func admits(_ row: ResultRow) -> Bool {
        guard isAdmitting, !reads.readsHiddenColumns else { return false }
        var buffer = takeBuffer()
        defer { spare = buffer }
        return visit(row, root, inList: false, learn: false, &buffer)
    }

    /// Records a row that GRDB's decoder accepted.
    func learn(_ row: ResultRow) {
        var buffer = takeBuffer()
        defer { spare = buffer }
        _ = visit(row, root, inList: false, learn: true, &buffer)
    }

    private func takeBuffer() -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &spare)
        return buffer
    }

    /// One level of the result: the rule of each column, learned from its first row,
    /// the levels below, and (for the root and list elements) the signatures decoded.
    private final class Level {
        var rules: [ValueRule]?
        var children: [Level] = []
        var decoded: Set<[UInt8]> = []
    }

    /// Checks (or learns) the signature of `row` and of each list element below it.
    private func visit(_ row: ResultRow, _ level: Level, inList: Bool, learn: Bool, _ buffer: inout [UInt8]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        guard encode(row, level, inList: inList, &buffer) else { return false }
        if learn {
            level.decoded.insert(buffer)
        } else if !level.decoded.contains(buffer) {
            return false
        }
        return visitLists(row, level, learn: learn, &buffer)
    }

    private func visitLists(_ row: ResultRow, _ level: Level, learn: Bool, _ buffer: inout [UInt8]) -> Bool {
        for (index, child) in row.children.enumerated() {
            guard index < level.children.count else { return false }
            let childLevel = level.children[index]
            switch child.value {
            case .toOne(let scoped?):
                guard visitLists(scoped, childLevel, learn: learn, &buffer) else { return false }
            case .toOne(nil):
                continue
            case .toMany(let elements):
                for element in elements where !visit(element, childLevel, inList: true, learn: learn, &buffer) {
                    return false
                }
            }
        }
        return true
    }

    /// Appends the signature of `row`'s level and of its to-one rows; false for a row
    /// that can not be judged by its signature (a value read cut where its content counts).
    private func encode(_ row: ResultRow, _ level: Level, inList: Bool, _ buffer: inout [UInt8]) -> Bool {
        let rules = level.rules ?? learnRules(row, level, inList: inList)
        guard rules.count == row.values.count, level.children.count == row.children.count else { return false }
        // A value read cut keeps its storage class: it counts unless what it decodes to depends on the rest.
        for index in row.cutSizes.keys
        where index >= rules.count || rules[index].dependsOnContent(of: row.values[index]) {
            return false
        }
        for (value, rule) in zip(row.values, rules) {
            rule.append(value, to: &buffer)
        }
        for (index, child) in row.children.enumerated() {
            switch child.value {
            case .toOne(let scoped?):
                buffer.append(0xF1)
                guard encode(scoped, level.children[index], inList: false, &buffer) else { return false }
            case .toOne(nil):
                buffer.append(0xF0)
            case .toMany(let elements):
                buffer.append(elements.isEmpty ? 0xF2 : 0xF3)
            }
        }
        return true
    }

    private func learnRules(_ row: ResultRow, _ level: Level, inList: Bool) -> [ValueRule] {
        let rules = row.names.enumerated().map { index, name in
            reads.rule(forColumn: name, isFirstOfListElement: inList && index == 0)
        }
        level.rules = rules
        level.children = row.children.map { _ in Level() }
        return rules
    }
}

/// What a shape's properties may read from a column of a given name (GRDB matches
/// names ignoring case), gathered over the whole shape: a property reads the
/// column named after its key at whichever level it decodes from, so the rules of
/// all of them apply. An array of scalars reads the first column of each element.
struct ShapeReads {
    private var byName: [String: ValueRule] = [:]
    private var firstOfListElement = ValueRule()
    /// A key names one of GRDB's `grdb_` columns, which shown rows leave out.
    private(set) var readsHiddenColumns = false

    init(_ shape: RecordShape) {
        var visited: Set<String> = []
        add(shape, &visited)
    }

    func rule(forColumn name: String, isFirstOfListElement: Bool) -> ValueRule {
        var rule = byName[name.lowercased()] ?? ValueRule()
        if isFirstOfListElement { rule.formUnion(firstOfListElement) }
        return rule
    }

    private mutating func add(_ shape: RecordShape, _ visited: inout Set<String>) {
        guard visited.insert(shape.typeName + "@" + shape.origin).inserted else { return }
        for property in shape.properties {
            if property.key.lowercased().hasPrefix("grdb_") { readsHiddenColumns = true }
            add(property.type, key: property.key.lowercased(), inList: false, &visited)
        }
    }

    private mutating func add(_ type: ValueShape, key: String, inList: Bool, _ visited: inout Set<String>) {
        switch type {
        case .optional(let wrapped):
            add(wrapped, key: key, inList: inList, &visited)
        case .scalar(let scalar):
            let rule = ValueRule(scalar)
            byName[key, default: ValueRule()].formUnion(rule)
            if inList { firstOfListElement.formUnion(rule) }
        case .rawEnum:
            byName[key, default: ValueRule()].formUnion(.wholeValue)
            if inList { firstOfListElement.formUnion(.wholeValue) }
        case .record(let record):
            // A column of that name is decoded as JSON.
            byName[key, default: ValueRule()].formUnion(.wholeValue)
            add(record, &visited)
        case .array(let element):
            byName[key, default: ValueRule()].formUnion(.wholeValue)
            add(element, key: key, inList: true, &visited)
        }
    }
}

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

extension RequestPlan {
    /// The request includes rows that its shown rows leave out: those included by a
    /// through association's pivot or `using:` association, or by an annotation's
    /// association. GRDB's decoder finds them (`Row.scopesTree`), the shown row does not.
    var includesUnshownRows: Bool { levelOperations.includesUnshownRows }
}

extension [RequestOperation] {
    fileprivate var includesUnshownRows: Bool {
        contains { operation in
            switch operation {
            case .including(_, let association), .joining(_, let association):
                association.includesUnshownRows
            case .annotatedWithRequired(let association), .annotatedWithOptional(let association):
                association.operations.includesAssociation || association.includesUnshownRows
            default:
                false
            }
        }
    }

    fileprivate var includesAssociation: Bool {
        contains { operation in
            switch operation {
            case .including, .joining, .annotatedWithRequired, .annotatedWithOptional: true
            default: false
            }
        }
    }
}

extension AssociationPlan {
    fileprivate var includesUnshownRows: Bool {
        if case .through(_, _, let pivot, let target, _) = base,
            pivot.operations.includesAssociation || target.operations.includesAssociation
                || pivot.includesUnshownRows || target.includesUnshownRows
        {
            return true
        }
        return operations.includesUnshownRows
    }
}
