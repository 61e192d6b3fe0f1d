import ArborCore

/// The app's explicit initializers, run as Swift runs them: the parameters bound to the
/// arguments (or their defaults), then the body, whose `self.x = …` assignments give the
/// stored properties. Swift synthesizes the memberwise initializer only for a struct that
/// declares no initializer in its body; one declared in an extension keeps it.
extension Evaluator {
    /// The app's initializer of `typePath` that takes these labels, if it declares one.
    func declaredInitializer(of typePath: String, labels: [String?]) -> RequestMethod? {
        environment.types[canonicalTypePath(typePath)]?.initializers.first {
            Self.matches(labels, $0.function.parameters)
        }
    }

    /// Whether Swift gives `typePath` a memberwise initializer: no initializer in its body.
    func hasMemberwiseInitializer(_ typePath: String) -> Bool {
        environment.types[canonicalTypePath(typePath)]?.declaresInitializer != true
    }

    /// `self.init(…)` in an initializer: the initializer it names runs, and what it assigns
    /// is assigned here. False for any other statement.
    func delegatedInitialization(_ e: Expr) throws -> Bool {
        guard let initializing = scope.initializing, case .call(let callee, let arguments) = e.kind,
            case .member(let base, "init", _) = callee.kind, base.kind == .identifier("self"),
            let typePath = scope.selfType
        else { return false }
        guard let initializer = declaredInitializer(of: typePath, labels: arguments.map(\.label)) else {
            // The memberwise initializer, where Swift keeps it (an `init` declared in an extension).
            if hasMemberwiseInitializer(typePath), let properties = storedProperties(of: typePath),
                case .composite(_, let fields) = try compositeValue(
                    typePath, properties: properties, arguments: arguments, range: e.range)
            {
                for field in fields { scope.initializing?.assigned[field.name] = field.value }
                return true
            }
            throw ArborError(
                "`self.init\(arguments.labels.signature)` matches no initializer of `\(typePath)`", at: e.range)
        }
        let assigned = try runInitializer(
            initializer, properties: initializing.properties, arguments: arguments, range: e.range)
        scope.initializing?.assigned.merge(assigned) { _, delegated in delegated }
        return true
    }

    /// Runs `initializer` and gives the stored properties it assigned, by name. An error in
    /// its body is located in its file, with the call underlined.
    func runInitializer(
        _ initializer: RequestMethod, properties: Set<String>, arguments: [Argument], range: SourceRange
    ) throws -> [String: Value] {
        let typePath = canonicalTypePath(initializer.typePath ?? "")
        var parameters = ScopeFrame(kind: .function)
        func inInitializer<T>(_ body: () throws -> T) throws -> T {
            do {
                return try withScope(
                    {
                        $0 = Scope()
                        $0.selfType = typePath
                        $0.sourceUnit = initializer.origin
                        $0.frames.append(parameters)
                        $0.initializing = (properties, [:])
                    }, body)
            } catch let error as ArborError {
                throw relocated(error, from: initializer, to: range)
            }
        }
        var index = 0
        for parameter in initializer.function.parameters {
            let value: Value
            if index < arguments.count, arguments[index].label == parameter.label {
                let argument = arguments[index].value
                index += 1
                value = try convert(
                    evaluate(argument, expecting: parameter.typeValue, in: typePath), to: parameter.typeValue,
                    in: typePath, range: argument.range)
            } else if let defaultValue = parameter.defaultValue {
                value = try inInitializer {
                    try convert(evaluate(defaultValue), to: parameter.typeValue, in: typePath, range: range)
                }
            } else {
                throw ArborError("missing argument for `\(parameter.label ?? parameter.name)`", at: range)
            }
            parameters.names[parameter.name] = LocalName(value: value, type: parameter.typeValue, isVariable: false)
        }
        return try inInitializer {
            if case .returned = try execute(initializer.function.body) {
                throw ArborError("an initializer returns no value", at: range)
            }
            return scope.initializing?.assigned ?? [:]
        }
    }
}
