import ArborCore
import Foundation
import GRDB

/// Decodes rows into an app's Decodable type with GRDB's own decoder, one row at a
/// time as the app's `fetchAll` does, and says where and why it fails.
///
/// Input: the type's shape and the rows of the request (as GRDB hands them to
/// `init(row:)`: statement-backed, or copies holding their prefetched rows).
/// Output: nil when the row decodes, else a `DecodingFailure` with GRDB's error
/// and the fix.
struct DecodingCheck {
    var shape: RecordShape
    /// False when the rows hold no prefetched rows, where GRDB's decoder never traps.
    var mayTrap = true
    /// The rows are read from the statement (no prefetch): GRDB's date parser reads
    /// a text to its full length there, and asserts it holds no NUL.
    var readsStatement = false

    /// Runs `body`, whose checks share one decoding context.
    func run<T>(_ body: () throws -> T) rethrows -> T {
        try DecodingContext.$current.withValue(DecodingContext(root: shape), operation: body)
    }

    func check(_ row: Row, index: Int) -> DecodingFailure? {
        if mayTrap, let trap = DecodingTrap.find(in: shape, row: row) {
            return DecodingFailure(
                rowIndex: index, path: trap.path, grdbError: "Fatal error: \(trap.message)", isTrap: true,
                fix: DecodingFix.fix(shape: shape, row: row, path: trap.path))
        }
        if readsStatement, let found = DecodingTrap.nulInDate(in: shape, row: row) {
            return DecodingFailure(
                rowIndex: index, path: found.trap.path, grdbError: found.trap.message, isTrap: true,
                fix: DecodingFix(property: found.property, kind: .nulInDate(column: found.column)))
        }
        // Within `run`, one context serves every row.
        let context = DecodingContext.current ?? DecodingContext(root: shape)
        context.reset(root: shape)
        do {
            if DecodingContext.current === context {
                _ = try ShapedRecord(row: row)
            } else {
                try DecodingContext.$current.withValue(context) { _ = try ShapedRecord(row: row) }
            }
            return nil
        } catch {
            let path = context.failurePath ?? []
            // GRDB names the type it could not decode: the app's enum, not arbor's stand-in.
            var text = String(describing: error)
            if let name = Self.enumName(shape, path: path) {
                text = text.replacingOccurrences(of: "ShapedDatabaseEnum", with: name)
            }
            return DecodingFailure(
                rowIndex: index, path: path, grdbError: text, isTrap: false,
                fix: DecodingFix.fix(shape: shape, row: row, path: path))
        }
    }
}

extension DecodingCheck {
    /// The values GRDB converted silently on the row `check` just decoded (within `run`).
    func conversions(_ row: Row, index: Int) -> [SilentConversion] {
        guard let context = DecodingContext.current else { return [] }
        return SilentConversion.find(shape: shape, row: row, decoded: context.rootScalars, index: index)
    }

    /// The enum at the end of `path`, if the failing property is one.
    static func enumName(_ shape: RecordShape, path: [String]) -> String? {
        var shape = shape
        for (offset, name) in path.enumerated() {
            guard let property = shape.properties.first(where: { $0.name == name }) else { return nil }
            var type = property.type
            while true {
                switch type {
                case .optional(let wrapped), .array(let wrapped): type = wrapped
                default: break
                }
                if case .optional = type { continue }
                if case .array = type { continue }
                break
            }
            switch type {
            case .rawEnum(let e) where offset == path.count - 1: return e.typeName
            case .record(let record): shape = record
            default: return nil
            }
        }
        return nil
    }
}

/// A row the app's type does not decode from.
struct DecodingFailure {
    /// 0-based.
    var rowIndex: Int
    /// The properties down to the one that failed: `["author", "country"]`.
    var path: [String]
    /// GRDB's error as the app prints it (`"\(error)"`), or its fatal error.
    var grdbError: String
    /// GRDB stops the program there rather than throwing.
    var isTrap: Bool
    var fix: DecodingFix?

    /// The error arbor reports for `Type.fetchKind(db, request)`.
    func error(typeName: String, call: String, plan: RequestPlan, range: SourceRange?) -> ArborError {
        let property = ([typeName] + path).joined(separator: ".")
        let location = fix?.location.isEmpty == false ? " (\(fix?.location ?? ""))" : ""
        let what =
            isTrap
            ? "`\(typeName).\(call)` stops the app on row \(rowIndex + 1), decoding `\(property)`\(location): GRDB traps with \(grdbError)"
            : "`\(typeName).\(call)` fails on row \(rowIndex + 1), decoding `\(property)`\(location): GRDB throws \(grdbError)"
        return ArborError(what, at: range, suggestion: fix?.text(plan: plan))
    }
}
