import ArborCore

/// A record's stored property as app code reads it (`player.isActive`, `book.kind`,
/// `try Player.fetchAll(db).map(\.createdAt)`): the column's value decoded into the
/// property's declared type as GRDB decodes it: a `Bool` from an integer, a `Date` from
/// text, a case of the app's enum from its raw value. A type arbor has no value for (the
/// app's own `DatabaseValueConvertible` struct) keeps the stored value.
extension Evaluator {
    /// The app's record type of `table` that declares stored properties, and its property
    /// `name`; nil when no type declares them, or that type has no such property.
    func declaredProperty(_ name: String, ofTable table: String) -> (type: String, property: StoredProperty)? {
        for type in environment.typeNames.types(forTable: table) {
            guard let stored = storedProperties(of: type) else { continue }
            return stored.first { $0.name == name }.map { (canonicalTypePath(type), $0) }
        }
        return nil
    }

    /// `value` as a property of type `declared` of `typePath` holds it.
    func decodedProperty(_ value: SQLValue, as declared: SwiftType?, in typePath: String) -> Value {
        let stored = Value.expression(.value(value))
        guard value != .null, let declared, case .named(let name, let arguments) = declared.unwrapped,
            arguments.isEmpty
        else { return stored }
        if let (path, _) = enumPathAndCases(named: name, from: typePath) { return caseValue(stored, of: path) }
        // `typealias Score = Int64`: the standard type it names.
        switch DecodedColumnValue.decoded(value, as: name)
            ?? DecodedColumnValue.decoded(value, as: canonicalTypePath(name))
        {
        case .value(let decoded)?: return .expression(.value(decoded))
        case .date(let date)?: return .swift(.date(date))
        case .uuid(let uuid)?: return .swift(.uuid(uuid))
        case nil: return stored
        }
    }

    /// `player.nmae`: the compiler's error for a member the record type does not have.
    func missingRecordMember(_ name: String, ofTable table: String, nameRange: SourceRange) -> ArborError {
        let type = environment.displayName(ofTable: table)
        let members = instanceMemberNames(ofTable: table)
        if members.contains(name) {
            return ArborError("arbor does not interpret the property `\(name)` of `\(type)` here", at: nameRange)
        }
        return ArborError(
            "value of type '\(type)' has no member '\(name)'", at: nameRange,
            suggestion: Suggestions.didYouMean(name, in: members.sorted()))
    }
}
