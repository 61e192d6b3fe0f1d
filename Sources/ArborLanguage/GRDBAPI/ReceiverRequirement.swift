import ArborCore

/// What a GRDB member needs of its receiver beyond being one of the receivers that offer it:
/// GRDB declares it in a constrained extension, and the compiler refuses it elsewhere.
/// `Table("book")` is a `Table<Row>`, so `Table("book").filter(id: 1)` does not compile.
enum ReceiverRequirement: Sendable {
    /// `where RowDecoder: Identifiable` (of `Table`, `QueryInterfaceRequest`, `TableRequest`),
    /// `where Self: Identifiable` (of a record type): the rows decode as a record type, not
    /// as `Row` nor a value. `instead` names what GRDB offers on any table.
    case identifiableRowDecoder(instead: String)
    /// A static method of a record type (`FetchableRecord`, `TableRecord`) that GRDB's
    /// `Table` does not declare: `Book.find(db, id: 1)`, never `Table("book").find(db, id: 1)`.
    case recordType(instead: String)

    /// How docs/LANGUAGE.md §2.3 says it.
    var documented: String {
        switch self {
        case .identifiableRowDecoder: "rows of an `Identifiable` record type, not `Table(\"t\")`'s `Row`"
        case .recordType: "a record type, not a `Table` value"
        }
    }

    /// Whether `receiver` meets it: what completion offers after `receiver.`.
    func isMet(by receiver: Value) -> Bool {
        switch self {
        case .identifiableRowDecoder: receiver.nonRecordRowDecoder == nil
        case .recordType: if case .table(_, _, let form) = receiver { form == .recordType } else { true }
        }
    }

    /// Why `call` does not meet it; nil when it does.
    func refusal(_ call: GRDBCall, in evaluator: Evaluator) -> ArborError? {
        switch self {
        case .identifiableRowDecoder(let instead):
            guard let decoder = call.nonRecordRowDecoder,
                let receiverType = call.swiftReceiverType(in: evaluator.environment)
            else { return nil }
            let type = evaluator.environment.typeNames.type(forTable: call.table)
            let written = call.writtenCall
            let offered: String
            if let hint = evaluator.typedCommonTableExpressionHint(call.base) {
                offered = "GRDB offers it on requests of an `Identifiable` record type: " + hint
            } else if let type, call.receiverKind == .table {
                offered =
                    "GRDB offers it on an `Identifiable` record type: `\(type).\(written)` or `Table<\(type)>(\(SQLValue.swiftQuoted(call.table))).\(written)`"
            } else if let type {
                offered =
                    "GRDB offers it on requests of an `Identifiable` record type: start from `\(type)` or `Table<\(type)>(\(SQLValue.swiftQuoted(call.table)))`"
            } else {
                offered = "GRDB offers it on an `Identifiable` record type, and `\(call.table)` has none"
            }
            return ArborError(
                "referencing instance method '\(call.signature)' on '\(receiverType)' requires that '\(decoder)' conform to 'Identifiable'",
                at: call.nameRange, suggestion: offered + "; " + instead)
        case .recordType(let instead):
            guard case .table(_, _, let form) = call.base, let tableType = form.swiftTypeName else { return nil }
            let type: String? =
                if case .tableValue(let decoder) = form, decoder != "Row" {
                    decoder
                } else {
                    evaluator.environment.typeNames.type(forTable: call.table)
                }
            let onType =
                type.map { "it is a static method of a record type, as in `\($0).\(call.writtenCall)`; " } ?? ""
            return ArborError(
                "value of type '\(tableType)' has no member '\(call.signature)'", at: call.nameRange,
                suggestion: onType + instead)
        }
    }
}

extension GRDBMember {
    /// The entry, refused on receivers that do not meet `requirement`.
    func requiring(_ requirement: ReceiverRequirement) -> GRDBMember {
        var member = self
        member.requirement = requirement
        return member
    }
}

extension Value {
    /// GRDB's `RowDecoder` of this receiver when arbor knows it is not a record type: `Row`
    /// for `Table("book")` and its requests, `Int64` for `select(…, as: Int64.self)`, the
    /// type argument of an untyped CTE for its requests and the associations to it
    /// (`JoinAssociation<Author, Row>`). Nil for a record type, `Table<Book>`, their requests
    /// and associations.
    var nonRecordRowDecoder: String? {
        switch self {
        case .table(_, _, let form): form == .tableOfRows ? "Row" : nil
        case .request(let plan):
            plan.decodesRows
                ? (plan.commonTableExpression.flatMap { $0.decodesRows ? $0.rowDecoder : nil } ?? "Row")
                : plan.valueType?.swiftName
        case .association(let association):
            if case .commonTable(_, let cte, _) = association.base, cte.decodesRows { cte.rowDecoder } else { nil }
        default: nil
        }
    }
}

extension GRDBCall {
    /// GRDB's `RowDecoder` of the receiver when arbor knows it is not a record type: `Row`
    /// for `Table("book")` and its requests, `Int64` for `select(…, as: Int64.self)`. Nil for
    /// a record type, `Table<Book>`, their requests and associations.
    var nonRecordRowDecoder: String? { base.nonRecordRowDecoder }

    /// The receiver's type as Swift names it in a message: `Table<Row>`, `QueryInterfaceRequest<Row>`,
    /// `JoinAssociation<Author, Row>` (the origin's record type, `Row` for a table without one).
    func swiftReceiverType(in environment: Environment) -> String? {
        switch base {
        case .table(_, _, let form): form.swiftTypeName
        case .request: nonRecordRowDecoder.map { "QueryInterfaceRequest<\($0)>" }
        case .association(let association):
            nonRecordRowDecoder.map { decoder in
                let origin = environment.typeNames.type(forTable: association.base.origin) ?? "Row"
                return "JoinAssociation<\(origin), \(decoder)>"
            }
        default: nil
        }
    }

    /// `filter(id:)`, `exists(_:id:)`, `selectID()`: the member as the call spells it.
    var signature: String {
        name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// `filter(id: …)`, `fetchOne(db, id: …)`, `selectID()`: the call for a suggestion.
    var writtenCall: String {
        let written = arguments.map { argument in
            argument.label.map { "\($0): …" } ?? (Evaluator.isDatabaseArgument(argument.value) ? "db" : "…")
        }
        return name + "(" + written.joined(separator: ", ") + ")"
    }
}
