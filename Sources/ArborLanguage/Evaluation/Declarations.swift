import ArborCore

extension Evaluator {
    /// `belongsTo`, `hasMany`, `hasOne`, and their `through:` forms, from `origin`.
    func associationFactory(_ name: String, origin: String, arguments: [Argument], range: SourceRange) throws
        -> AssociationPlan
    {
        guard let first = arguments.first, first.label == nil else {
            throw ArborError("`\(name)` takes the destination first, as in `\(name)(Author.self)`", at: range)
        }
        let rest = Array(arguments.dropFirst())
        let allowed: Set<String> =
            rest.contains { $0.label == "through" } ? ["through", "using", "key"] : ["key", "using"]
        for argument in rest where argument.label.map({ !allowed.contains($0) }) ?? true {
            throw ArborError(
                "`\(name)` takes \(allowed.sorted().map { "`\($0):`" }.joined(separator: ", ")) after the destination",
                at: argument.range)
        }
        let destinationValue = try withScope({ $0.associationTable = nil }) { try evaluate(first.value) }
        guard case .table(let destination) = destinationValue else {
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
        let display =
            "\(environment.displayName(ofTable: origin)).\(name)(\(environment.displayName(ofTable: destination)).self)"

        if let throughExpr = arguments.value(labelled: "through") {
            guard kind != .belongsTo else { throw ArborError("`belongsTo` has no `through:` form", at: range) }
            guard let usingExpr = arguments.value(labelled: "using") else {
                throw ArborError("a through association needs `using:`", at: range)
            }
            let pivot = try associationValue(throughExpr, from: origin)
            let target = try associationValue(usingExpr, from: pivot.destination)
            guard target.destination.sqlFolded == destination.sqlFolded else {
                throw ArborError(
                    "`\(target.displayName)` leads to `\(environment.displayName(ofTable: target.destination))`, not to `\(environment.displayName(ofTable: destination))`",
                    at: usingExpr.range)
            }
            if kind == .hasOne && (pivot.isToMany || target.isToMany) {
                throw ArborError("`hasOne(_:through:using:)` needs to-one pivot and target associations", at: range)
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
            guard case .foreignKey(let fk) = try evaluate(usingExpr) else {
                throw ArborError("`using:` takes a `ForeignKey`", at: usingExpr.range)
            }
            foreignKey = fk
        }
        return AssociationPlan(
            base: .direct(kind: kind, origin: origin, destination: destination, key: key, foreignKey: foreignKey),
            displayName: display)
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

    /// Registers pasted declarations: `databaseTableName`s first, then every
    /// `static let`, retrying those that name a later one, as Swift allows.
    /// Returns the errors of the members that could not be declared.
    public func declare(_ declarations: [TypeDeclaration]) -> [ArborError] {
        struct Pending {
            var type: String
            var table: String?
            var name: String
            var nameRange: SourceRange
            var value: Expr
        }
        var pending: [Pending] = []
        var errors: [ArborError] = []

        func collect(_ declaration: TypeDeclaration, path: String, outerTable: String?) {
            for case .staticLet(let name, _, let value, _) in declaration.members where name == "databaseTableName" {
                if case .string(let table) = value.kind {
                    if let info = environment.schema.table(named: table) {
                        environment.typeNames.declare(type: path, table: info.name)
                    } else {
                        errors.append(
                            ArborError("no table or view named \(SQLValue.swiftQuoted(table))", at: value.range))
                    }
                }
            }
            let table = environment.typeNames.table(forType: path) ?? defaultTable(forType: path) ?? outerTable
            if let table, environment.typeNames.table(forType: path) == nil, path == declaration.name {
                environment.typeNames.declare(type: path, table: table)
            }
            for member in declaration.members {
                switch member {
                case .staticLet(let name, let nameRange, let value, _) where name != "databaseTableName":
                    pending.append(Pending(type: path, table: table, name: name, nameRange: nameRange, value: value))
                case .nested(let nested):
                    let nestedPath = "\(path).\(nested.name)"
                    if environment.statics[nestedPath] == nil { environment.statics[nestedPath] = [:] }
                    collect(nested, path: nestedPath, outerTable: table)
                default:
                    break
                }
            }
        }
        for declaration in declarations { collect(declaration, path: declaration.name, outerTable: nil) }

        while !pending.isEmpty {
            var failures: [(Pending, ArborError)] = []
            for item in pending {
                do {
                    let value = try withScope(
                        {
                            $0 = Scope()
                            $0.selfType = item.type
                            $0.selfTable = item.table
                            $0.associationTable = item.table
                        }, { try evaluate(item.value) })
                    switch value {
                    case .association(var association):
                        guard let table = item.table else {
                            throw ArborError("`\(item.type)` is not a table's record type", at: item.nameRange)
                        }
                        association.displayName = "\(item.type).\(item.name)"
                        environment.catalog.add(.init(name: item.name, plan: association, isDeclared: true), to: table)
                    default:
                        environment.statics[item.type, default: [:]][item.name] = value
                    }
                } catch let error as ArborError {
                    failures.append((item, error))
                } catch {
                    failures.append((item, ArborError("\(error)", at: item.value.range)))
                }
            }
            if failures.count == pending.count {
                // No progress: what is left is not something arbor understands. An app's
                // model file holds many such members; they are not errors of the paste
                // unless they look like associations.
                for (item, error) in failures where Self.looksLikeAssociation(item.value) {
                    errors.append(error)
                }
                break
            }
            pending = failures.map(\.0)
        }
        return errors
    }

    /// GRDB's default `databaseTableName`: the type name with a lowercase first letter.
    private func defaultTable(forType type: String) -> String? {
        guard let first = type.first else { return nil }
        let name = first.lowercased() + type.dropFirst()
        return environment.schema.table(named: name)?.name
    }

    static func looksLikeAssociation(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .call(let callee, _):
            switch callee.kind {
            case .identifier(let name): return ["belongsTo", "hasMany", "hasOne", "ForeignKey"].contains(name)
            case .member(let base, let name, _):
                return ["belongsTo", "hasMany", "hasOne"].contains(name) || looksLikeAssociation(base)
            default: return false
            }
        case .member(let base, _, _): return looksLikeAssociation(base)
        default: return false
        }
    }
}
