import ArborCore

/// What a request extension's method may call on `Self`, as the compiler decides it: `Self`
/// is GRDB's protocol, not the request the method later runs on. In `extension
/// DerivableRequest<Post>` it is a request or an association, so `limit(1)` (a method of
/// `QueryInterfaceRequest` and tables) does not compile, although a request would have it.
/// The registry says who offers each member (`GRDBReceiver`), and GRDB's declarations it
/// serves (`FilteredRequest.filter(_:)`), which tell the narrower protocols apart.
extension Evaluator {
    /// The compiler's errors for what `method`'s body calls on `Self` and GRDB's protocol does
    /// not offer: `limit(1)` (`cannot find 'limit' in scope`), `self.limit(1)` and
    /// `filter(…).limit(1)` (`value of type 'Self' has no member 'limit'`), located on the name.
    func selfMemberErrors(of method: RequestMethod) -> [ArborError] {
        SelfMemberCheck.errors(of: method, among: environment.requestMethods)
    }
}

/// `Self` in the methods of `extension DerivableRequest<Post>` (or `FilteredRequest`,
/// `QueryInterfaceRequest`…): the members it offers.
struct SelfOfRequestExtension {
    /// The protocols `Self` conforms to, with those they refine.
    var protocols: Set<String>
    /// The record type's table the extension is constrained to; nil for any.
    var table: String?

    /// What GRDB's request protocols refine: `DerivableRequest` has the members of all the others.
    static let refinements: [String: Set<String>] = [
        "DerivableRequest": [
            "AggregatingRequest", "FilteredRequest", "JoinableRequest", "OrderedRequest", "SelectionRequest",
            "TableRequest", "TypedRequest",
        ],
        "JoinableRequest": ["TypedRequest"],
    ]

    /// Each refining protocol with the protocols it refines.
    static let withRefinements = refinements.reduce(into: [String: Set<String>]()) { result, entry in
        result[entry.key] = entry.value.union([entry.key])
    }

    /// `QueryInterfaceRequest` itself rather than a protocol: a request, and an SQL subquery
    /// (`SQLSpecificExpressible`), with every member of both.
    let isQueryInterfaceRequest: Bool
    /// `DerivableRequest`, which has the members of every other request protocol.
    let isDerivableRequest: Bool
    /// The receivers `Self` stands for: a `QueryInterfaceRequest` is a request; a value of a
    /// request protocol may be a request or an association, and has what both have.
    let receivers: Set<GRDBReceiver>

    /// Each method's body is checked at loading: what every check asks is found here once.
    init(method: RequestMethod) {
        // Mostly one protocol (`DerivableRequest`): its set with its refinements, made once.
        if method.selfProtocols.count == 1, let only = method.selfProtocols.first,
            let refined = Self.withRefinements[only]
        {
            protocols = refined
        } else {
            var protocols = method.selfProtocols
            for name in method.selfProtocols { protocols.formUnion(Self.refinements[name] ?? []) }
            self.protocols = protocols
        }
        table = method.table
        isQueryInterfaceRequest = self.protocols.contains("QueryInterfaceRequest")
        isDerivableRequest = self.protocols.contains("DerivableRequest")
        receivers = isQueryInterfaceRequest ? .queryInterfaceRequest : .derivableRequest
    }

    /// Whether `Self` has the entry: every receiver it stands for offers it, and a narrower
    /// protocol than `DerivableRequest` declares it (`FilteredRequest` has no `order`).
    func offers(_ member: GRDBMember) -> Bool {
        if isQueryInterfaceRequest {
            return !member.offeredOn.isDisjoint(with: [.request, .expression])
        }
        guard member.offeredOn.isSuperset(of: receivers) else { return false }
        if isDerivableRequest { return true }
        return member.symbols.contains { symbol in
            symbol.split(separator: ".").first.map { protocols.contains(String($0)) } ?? false
        }
    }

    /// Whether the app's request method `method` is one of `Self`'s: declared in an extension
    /// `Self` has (a `DerivableRequest` one for any request, a `QueryInterfaceRequest` one for
    /// requests only), for any record type or this one.
    func offers(_ method: RequestMethod) -> Bool {
        switch method.receiver {
        case .derivable: break
        case .queryInterface: guard isQueryInterfaceRequest else { return false }
        default: return false
        }
        guard let declared = method.table else { return true }
        return table.map { $0.sqlFolded == declared.sqlFolded } ?? false
    }
}

/// A walk of a request method's body that follows the expressions whose type is `Self`
/// (`self`, and what `Self`'s methods return), and checks each member called on them.
struct SelfMemberCheck {
    let selfType: SelfOfRequestExtension
    let methods: RequestMethods
    /// Names the body binds (parameters, locals): `limit(…)` of a local is no member of `Self`.
    var locals: Set<String>
    /// The locals whose type is `Self`: `let request = filter(…)`, without another type written.
    var selfLocals: Set<String> = []
    var errors: [ArborError] = []

    /// The compiler's errors for what `method`'s body calls on `Self`, the app's request
    /// methods being `methods`. Reads nothing else: loading runs it beside the evaluation.
    static func errors(of method: RequestMethod, among methods: RequestMethods) -> [ArborError] {
        guard !method.selfProtocols.isEmpty else { return [] }
        var check = SelfMemberCheck(
            selfType: SelfOfRequestExtension(method: method), methods: methods,
            locals: Set(method.function.parameters.map(\.name)))
        check.statements(method.function.body)
        return check.errors
    }

    mutating func statements(_ body: [BodyStatement]) {
        for statement in body { self.statement(statement) }
    }

    private mutating func statement(_ statement: BodyStatement) {
        switch statement {
        case .expression(let e): expression(e)
        case .binding(let name, _, let type, let value, _, _):
            let isSelf = value.map { expression($0) } ?? false
            locals.insert(name)
            if isSelf, type == nil || type == "Self" { selfLocals.insert(name) } else { selfLocals.remove(name) }
        case .assignment(_, _, let value, _): expression(value)
        case .returnValue(let value, _): if let value { expression(value) }
        case .guardElse(let conditions, let elseBody, _):
            self.conditions(conditions)
            statements(elseBody)
        case .ifElse(let branches, let elseBody, _):
            for branch in branches {
                conditions(branch.conditions)
                statements(branch.body)
            }
            if let elseBody { statements(elseBody) }
        case .switchValue(let subject, let cases, _):
            expression(subject)
            for switchCase in cases { statements(switchCase.body) }
        case .subscriptAssignment(let target, let value, _):
            expression(target)
            expression(value)
        case .throwError(let e, _): expression(e)
        case .forIn(let name, let sequence, let condition, let body, _):
            expression(sequence)
            if let name { locals.insert(name) }
            if let condition { expression(condition) }
            statements(body)
        case .unsupported: break
        }
    }

    private mutating func conditions(_ conditions: [BodyStatement.Condition]) {
        for condition in conditions {
            switch condition {
            case .boolean(let e): expression(e)
            case .optionalBinding(let name, _, let value):
                if let value { expression(value) }
                locals.insert(name)
                selfLocals.remove(name)
            case .casePattern(_, let value): expression(value)
            }
        }
    }

    /// Checks `e` and what it contains; whether its type is `Self`.
    @discardableResult
    private mutating func expression(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let name):
            return name == "self" ? !locals.contains(name) : selfLocals.contains(name)
        case .call(let callee, let arguments):
            for argument in arguments { expression(argument.value) }
            switch callee.kind {
            // `limit(1)`: a member of `Self`, unless something else of that name is in scope.
            case .identifier(let name) where !locals.contains(name) && !GRDBAPI.has(name, kind: .function):
                return member(name, arguments: arguments, nameRange: callee.range, implicit: true)
            case .member(let base, let name, let nameRange):
                guard expression(base) else { return false }
                return member(name, arguments: arguments, nameRange: nameRange, implicit: false)
            default:
                expression(callee)
                return false
            }
        case .member(let base, let name, _):
            guard expression(base) else { return false }
            // `self.recent`: the app's computed property of `Self`.
            return methods.named(name).contains { $0.isProperty && selfType.offers($0) && $0.returnsSelf }
        case .parenthesized(let inner), .forceUnwrapped(let inner):
            return expression(inner)
        case .array(let elements):
            for element in elements { expression(element) }
        case .dictionary(let entries):
            for entry in entries {
                expression(entry.key)
                expression(entry.value)
            }
        case .subscripted(let base, let arguments):
            expression(base)
            for argument in arguments { expression(argument.value) }
        case .binary(_, let left, let right):
            expression(left)
            expression(right)
        case .prefix(_, let operand):
            expression(operand)
        case .closure(let closure):
            if let body = closure.statements { statements(body) } else { expression(closure.body) }
        case .conditional(let condition, let then, let otherwise):
            expression(condition)
            let thenIsSelf = expression(then)
            let otherwiseIsSelf = expression(otherwise)
            return thenIsSelf && otherwiseIsSelf
        case .interpolatedString(let segments):
            for case .interpolation(let arguments, _) in segments {
                for argument in arguments { expression(argument.value) }
            }
        case .integer, .double, .string, .bool, .nilLiteral, .implicitMember, .keyPath, .anonymousArgument,
            .unsupported:
            break
        }
        return false
    }

    /// `name(arguments)` called on `Self`: an error when `Self` has no such member, and
    /// whether its result is `Self` again (`filter(…)`, the app's `-> Self` methods).
    private mutating func member(_ name: String, arguments: [Argument], nameRange: SourceRange, implicit: Bool)
        -> Bool
    {
        let declared = methods.named(name).filter { !$0.isProperty && selfType.offers($0) }
        if !declared.isEmpty { return declared.contains(where: \.returnsSelf) }
        let entries = GRDBAPI.members(named: name, kind: .method)
        // Only GRDB's request methods: another name is the app's or Swift's, which the run reports.
        guard GRDBAPI.isRequestMethod(name), methods.named(name).isEmpty else { return false }
        let offered = entries.filter(selfType.offers)
        if let entry = offered.first(where: { $0.checksOwnArguments || $0.form(matching: arguments) != nil }) {
            return entry.yields == .refinedReceiver
        }
        // `select(Column("a"), as: Int.self)`: a form `Self` lacks, with one argument too many.
        if !offered.isEmpty {
            if let extra = extraArgument(arguments, forms: offered.flatMap(\.forms)) {
                errors.append(ArborError("extra argument '\(extra.label ?? "_")' in call", at: extra.value.range))
            }
            return false
        }
        let message =
            implicit ? "cannot find '\(name)' in scope" : "value of type 'Self' has no member '\(name)'"
        errors.append(ArborError(message, at: nameRange, suggestion: suggestion(name, entries)))
        return false
    }

    /// The one labelled argument whose removal makes the call fit a form.
    private func extraArgument(_ arguments: [Argument], forms: [CallForm]) -> Argument? {
        for (index, argument) in arguments.enumerated() where argument.label != nil {
            var fewer = arguments
            fewer.remove(at: index)
            if forms.contains(where: { $0.matches(fewer) }) { return argument }
        }
        return nil
    }

    /// Where GRDB offers `name` instead.
    private func suggestion(_ name: String, _ entries: [GRDBMember]) -> String {
        let receivers = entries.reduce(into: Set<GRDBReceiver>()) { $0.formUnion($1.offeredOn) }
        let places = GRDBReceiver.allCases.filter(receivers.contains).map(\.article)
        let selfName = selfType.isQueryInterfaceRequest ? "`QueryInterfaceRequest`" : "this request protocol"
        var text = "GRDB offers `\(name)` on \(places.joined(separator: ", ", last: " and ")), not on \(selfName)"
        if receivers.contains(.request), !selfType.isQueryInterfaceRequest {
            text += ": declare the method in an extension of `QueryInterfaceRequest`"
        }
        return text
    }
}

extension RequestMethod {
    /// `-> Self`: a method whose result is the request it refines.
    var returnsSelf: Bool { function.returnType == "Self" }
}
