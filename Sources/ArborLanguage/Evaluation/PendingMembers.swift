import ArborCore

/// A `static let` (or static getter) of a loaded declaration, evaluated when
/// first named: `Author.books` may use `Book.author`, declared in a later file.
public struct PendingMember: Sendable {
    public enum Definition: Sendable {
        case initializer(Expr)
        case getter([BodyStatement])
    }

    /// The declaring type's full path (`Author`, `Author.Columns`).
    public var typePath: String
    /// The table of that type, or of its enclosing record type.
    public var table: String?
    public var name: String
    public var nameRange: SourceRange
    public var definition: Definition
    /// Where it was declared: an index the loader understands (its source unit).
    public var origin: Int

    public init(
        typePath: String, table: String?, name: String, nameRange: SourceRange, definition: Definition, origin: Int
    ) {
        self.typePath = typePath
        self.table = table
        self.name = name
        self.nameRange = nameRange
        self.definition = definition
        self.origin = origin
    }

    var range: SourceRange {
        switch definition {
        case .initializer(let e): e.range
        case .getter(let body): body.first.map { $0.range.union(body[body.count - 1].range) } ?? nameRange
        }
    }
}

extension Evaluator {
    /// `path` with type aliases followed (`Author.Columns` → `Author.CodingKeys`).
    func canonicalTypePath(_ path: String) -> String {
        var path = path
        // A request method's extension alias (`Cols` for `Book.Columns`) starts the path.
        // By bytes: called for every name a member's value mentions.
        if !extensionTypeAliases.isEmpty {
            let first = path.utf8.firstIndex(of: UInt8(ascii: ".")) ?? path.endIndex
            if let target = extensionTypeAliases[String(path[..<first])] { path = target + path[first...] }
        }
        // Only the aliases read, not the whole table copied: asked for every name a member's value mentions.
        return TypeTable.canonical(path, aliases: environment.types.aliases)
    }

    /// Evaluates the pending member `name` of `typePath`, if there is one, and installs it.
    /// Errors name the member; a member that refers back to itself is an error too.
    func forceMember(_ typePath: String, _ name: String, range: SourceRange?) throws {
        if let error = forceMemberReporting(typePath, name, range: range) { throw error }
    }

    /// `forceMember`, its error returned rather than thrown: loading forces every member and
    /// keeps their errors in `memberErrors`, so it makes no error of its own for each.
    private func forceMemberReporting(
        _ typePath: String, _ name: String, range: SourceRange?, quiet: Bool = false
    ) -> Error? {
        // Called for every name a member's value mentions, and most name no member that waits,
        // failed or is being evaluated: those are answered before the type's path is followed
        // through the aliases.
        if !environment.pendingMembers.hasPendingOrFailed(named: name),
            !environment.membersInProgress.contains(where: { $0.name == name })
        {
            return nil
        }
        let path = canonicalTypePath(typePath)
        // The key is built only when needed.
        if environment.pendingMembers.hasFailed(named: name), let error = environment.memberErrors["\(path).\(name)"] {
            return quiet
                ? error
                : ArborError("`\(path).\(name)` could not be declared: \(error.message)", at: range ?? error.range)
        }
        guard let member = environment.pendingMembers.remove(name, of: path) else {
            if environment.membersInProgress.contains(where: { $0.path == path && $0.name == name }) {
                return ArborError("`\(path).\(name)` refers to itself", at: range)
            }
            return nil
        }
        return force(member, path: path, range: range, quiet: quiet)
    }

    /// Installs `member`, taken out of the pending ones, and keeps its error.
    private func force(_ member: PendingMember, path: String, range: SourceRange?, quiet: Bool) -> Error? {
        let name = member.name
        // Members force the members they name, a few deep: a list of them is enough.
        environment.membersInProgress.append((path, name))
        defer { environment.membersInProgress.removeLast() }
        do {
            try install(member)
            return nil
        } catch var error as ArborError {
            if error.range == nil { error.range = member.range }
            let key = String.memberKey(path, name)
            environment.memberErrors[key] = error
            environment.pendingMembers.markFailed(name)
            return quiet
                ? error : ArborError("`\(key)` could not be declared: \(error.message)", at: range ?? error.range)
        } catch {
            return error
        }
    }

    /// Evaluates every pending member of the types mapped to `table` named `name`.
    func forceMembers(ofTable table: String, named name: String, range: SourceRange?) throws {
        guard environment.pendingMembers.hasPendingOrFailed(named: name) else { return }
        for type in environment.typeNames.types(forTable: table) {
            try forceMember(type, name, range: range)
        }
    }

    /// Evaluates every pending member; returns the errors, keyed by `Type.member`.
    public func forceAllMembers() -> [String: ArborError] {
        enclosingMisses = EnclosingMisses()
        defer { enclosingMisses = nil }
        for place in environment.pendingMembers.placesInLoadingOrder {
            if cancellation?.isCancelled == true { return environment.memberErrors }
            // Taken by its place: nil when a member before it named it, and forced it then.
            guard let member = environment.pendingMembers.take(at: place) else { continue }
            _ = force(member, path: canonicalTypePath(member.typePath), range: nil, quiet: true)
        }
        return environment.memberErrors
    }

    private func install(_ member: PendingMember) throws {
        // Once installed, a scope that lacked the name may have it: a static, an association of its table.
        defer { enclosingMisses?.forget(member.name) }
        if member.name == "databaseSelection" { return try installSelection(member) }
        switch try value(of: member) {
        case .association(var association):
            association.displayName = "\(member.typePath).\(member.name)"
            // GRDB stops on a foreign key it can not resolve when the association is first
            // used; arbor says so where it is declared.
            try checkForeignKeys(association, range: member.range)
            // A member of its type, as in Swift: two record types of one table may each
            // declare their own `books`. Kept too in a type that is no table's
            // (`DetailedConversation.latestMessage = Conversation.association(to: cte, on: …)`)
            // and in a namespace nested in the record type (`enum Association { static let
            // leader = belongsTo(…) }`), through which the app names it.
            environment.types.update(member.typePath) { $0.statics[member.name] = .association(association) }
            // The table's too: what `:associations` lists and a bare name at the prompt finds.
            if let table = member.table {
                environment.catalog.add(.init(name: member.name, plan: association, isDeclared: true), to: table)
            }
        case let value:
            environment.types.update(member.typePath) { $0.statics[member.name] = value }
        }
    }

    /// `static let databaseSelection`: kept by type for its requests and the associations to it.
    private func installSelection(_ member: PendingMember) throws {
        let selection: [Selectable]
        do {
            selection = try declaredSelection(value(of: member), of: member)
        } catch var error as ArborError {
            error.message += ": " + Self.allColumnsInstead(of: member.typePath)
            throw error
        }
        if member.table != nil, selection != [.allColumns(alias: nil)] {
            environment.types.update(canonicalTypePath(member.typePath)) { $0.databaseSelection = selection }
        }
        environment.types.update(member.typePath) { $0.statics[member.name] = .array(selection.map(Value.selection)) }
    }

    /// The member's value, evaluated in its type's scope.
    private func value(of member: PendingMember) throws -> Value {
        // The type's frame made whole, not field by field through the scope's setters.
        var frame = ScopeFrame(kind: .type)
        frame.selfType = member.typePath
        frame.selfTable = member.table
        if let table = member.table { frame.implicitSelf = .table(table, type: recordType(member.typePath)) }
        var memberScope = Scope()
        memberScope.frames = [frame]
        memberScope.sourceUnit = member.origin
        memberScope.associationTable = member.table
        // A selection's columns are the table's: a misspelled one is a note at load.
        if member.name == "databaseSelection" { memberScope.columnTable = member.table }
        // The caller's scope moved aside and back, not copied (a retain and release of each
        // of its fields, for every member a load installs).
        swap(&memberScope, &scope)
        defer { swap(&memberScope, &scope) }
        switch member.definition {
        case .initializer(let expr): return try evaluate(expr)
        case .getter(let body): return try run(body, range: member.nameRange)
        }
    }

    private func checkForeignKeys(_ association: AssociationPlan, range: SourceRange) throws {
        switch association.base {
        case .direct(let kind, let origin, let destination, _, let foreignKey):
            try ForeignKeyResolver(schema: environment.schema).resolve(
                kind: kind, origin: origin, destination: destination, foreignKey: foreignKey,
                displayName: association.displayName, range: range)
        case .through(_, _, let pivot, let target, _):
            try checkForeignKeys(pivot, range: range)
            try checkForeignKeys(target, range: range)
        case .commonTable:
            // Joined on its `on:` condition, not on a foreign key.
            break
        }
    }
}
