import ArborCore

extension Evaluator {
    /// `belongsTo`, `hasMany`, `hasOne`, and their `through:` forms, from `origin`.
    func associationFactory(_ name: String, origin: String, arguments: [Argument], range: SourceRange) throws
        -> AssociationPlan
    {
        guard let first = arguments.first, first.label == nil else {
            throw ArborError(
                "`\(name)` takes the destination first, as in `\(name)(Author.self)`",
                at: arguments.first.map { $0.labelRange ?? $0.range } ?? range)
        }
        let rest = arguments.dropFirst()
        let hasThrough = rest.contains { $0.label == "through" }
        for argument in rest
        where !(argument.label == "key" || argument.label == "using" || (hasThrough && argument.label == "through")) {
            let valid = name == "belongsTo" ? ["key", "using"] : ["key", "using", "through"]
            throw ArborError(
                "`\(name)` takes \(valid.map { "`\($0):`" }.joined(separator: ", ", last: " or ")) after the destination",
                at: argument.labelRange ?? argument.range,
                suggestion: argument.label.flatMap { Suggestions.closest(to: $0, in: valid).first }.map {
                    "did you mean `\($0):`?"
                })
        }
        // Only the field changed is saved and put back: `withScope` copies the whole scope, a
        // retain and a release of each of its fields, for each association a load declares.
        let associationTable = scope.associationTable
        scope.associationTable = nil
        let destinationValue: Value
        do {
            defer { scope.associationTable = associationTable }
            destinationValue = try evaluate(first.value)
        }
        guard case .table(let destination, let destinationType, _) = destinationValue else {
            throw ArborError(
                "the destination is a record type, as in `Author.self`, or `Table(\"author\")`", at: first.value.range)
        }
        let key = try arguments.value(labelled: "key").map(string)
        let kind: AssociationKind =
            switch name {
            case "belongsTo": .belongsTo
            case "hasOne": .hasOne
            default: .hasMany
            }
        // Through `typeNames`: a method of the whole `environment` copies it first.
        let display =
            "\(environment.typeNames.displayName(ofTable: origin)).\(name)(\(environment.typeNames.displayName(ofTable: destination)).self)"

        if let through = arguments.first(where: { $0.label == "through" }) {
            let throughExpr = through.value
            guard kind != .belongsTo else {
                throw ArborError(
                    "`belongsTo` has no `through:` form", at: through.labelRange ?? through.range,
                    suggestion: "`hasOne(_:through:using:)` reaches one record through another")
            }
            guard let usingExpr = arguments.value(labelled: "using") else {
                throw ArborError(
                    "a through association needs `using:`, the association from the pivot to the destination",
                    at: through.range)
            }
            let pivot = try associationValue(throughExpr, from: origin)
            let target = try associationValue(usingExpr, from: pivot.destination)
            guard target.destination.sqlFolded == destination.sqlFolded else {
                throw ArborError(
                    "`\(target.displayName)` leads to `\(environment.displayName(ofTable: target.destination))`, not to `\(environment.displayName(ofTable: destination))`",
                    at: usingExpr.range)
            }
            if kind == .hasOne && (pivot.isToMany || target.isToMany) {
                throw ArborError(
                    "`hasOne(_:through:using:)` needs to-one pivot and target associations",
                    at: pivot.isToMany ? throughExpr.range : usingExpr.range,
                    suggestion: "`hasMany(_:through:using:)` reaches many")
            }
            return AssociationPlan(
                base: .through(
                    kind: kind == .hasOne ? .hasOneThrough : .hasManyThrough, origin: origin, pivot: pivot,
                    target: target,
                    key: key),
                displayName: display)
        }
        var foreignKey: ForeignKeySpec?
        if let usingExpr = arguments.value(labelled: "using") {
            guard case .foreignKey(let fk) = try foreignKeyArgument(usingExpr) else {
                throw ArborError("`using:` takes a `ForeignKey`", at: usingExpr.range)
            }
            foreignKey = fk
        }
        // GRDB's association selects what its destination type's `databaseSelection` does.
        return AssociationPlan(
            base: .direct(kind: kind, origin: origin, destination: destination, key: key, foreignKey: foreignKey),
            operations: databaseSelection(of: destinationType).map { [$0] } ?? [],
            displayName: display)
    }

    /// The value of a direct association's `using:`. Its parameter is a `ForeignKey`, so Swift
    /// reads `.init([…], to: […])` there as `ForeignKey([…], to: […])`.
    private func foreignKeyArgument(_ expr: Expr) throws -> Value {
        guard case .call(let callee, let arguments) = expr.kind, case .implicitMember("init") = callee.kind else {
            return try evaluate(expr)
        }
        return try globalFunction("ForeignKey", arguments: arguments, range: expr.range, nameRange: callee.range)
    }

    /// An association expression whose origin must be `table` (bare names are its associations).
    private func associationValue(_ expr: Expr, from table: String) throws -> AssociationPlan {
        let value = try withScope({ $0.associationTable = table }) { try evaluate(expr) }
        guard case .association(let association) = value else {
            throw ArborError("expected an association, got \(value.kindName)", at: expr.range)
        }
        try checkOrigin(association, table: table, range: expr.range)
        return association
    }

    // MARK: Declarations

    static func looksLikeAssociation(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .call(let callee, _):
            switch callee.kind {
            case .identifier(let name):
                return name == "belongsTo" || name == "hasMany" || name == "hasOne" || name == "ForeignKey"
            case .member(let base, let name, _):
                return name == "belongsTo" || name == "hasMany" || name == "hasOne" || looksLikeAssociation(base)
            default: return false
            }
        case .member(let base, _, _): return looksLikeAssociation(base)
        default: return false
        }
    }

    /// Whether a declaration's value builds columns (`Column("x")`, `ForeignKey`).
    static func mentionsColumns(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .call(let callee, let arguments):
            if case .identifier(let name) = callee.kind, ["Column", "ForeignKey"].contains(name) { return true }
            return mentionsColumns(callee) || arguments.contains { mentionsColumns($0.value) }
        case .member(let base, _, _): return mentionsColumns(base)
        case .array(let elements): return elements.contains(where: mentionsColumns)
        default: return false
        }
    }
}
