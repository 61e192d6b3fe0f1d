import ArborCore

/// What conditional compilation decided for one directive group, or a problem
/// with its directives. A note never makes a statement or a file fail.
public struct ConditionalNote: Hashable, Sendable {
    /// `#if DEBUG: took the first branch (DEBUG is defined)`.
    public var message: String
    /// Where to underline: the `#if` line and its condition, or the malformed part.
    public var range: SourceRange
    /// The whole group, from `#if` to the end of `#endif` (the end of input if it has none).
    public var groupRange: SourceRange

    public init(_ message: String, at range: SourceRange, groupRange: SourceRange? = nil) {
        self.message = message
        self.range = range
        self.groupRange = groupRange ?? range
    }
}

/// Conditional compilation (`#if` / `#elseif` / `#else` / `#endif`) as a stage
/// between the lexer and the parser: keeps the tokens of the branches Swift
/// would compile for a set of defined flags, drops the directives, and says
/// which branch each group took and why.
///
/// Conditions are evaluated as Swift does: flags (identifiers), `true`, `false`,
/// `!`, `&&` (tighter than `||`), `||`, parentheses, and these functions:
/// - `os(X)`, `arch(X)`, `targetEnvironment(X)`: true exactly when `X` is a
///   defined flag; arbor runs for no particular platform, so `--define iOS`
///   makes `os(iOS)` true, `--define arm64` makes `arch(arm64)` true.
/// - `canImport(M)`: true for the modules arbor reads models of
///   (`importableModules`: GRDB, Foundation, SQLite3), otherwise exactly when
///   `M` is a defined flag. A `_version:` argument is accepted and ignored.
/// - `swift(>=N.M)`, `swift(<N.M)`, `compiler(…)` the same: compared with
///   `swiftVersion` (6.0), the language arbor's Swift dialect follows.
/// - `hasFeature(X)`: true for the features of the Swift 6 language mode
///   (`swift6Features`), `hasAttribute(X)` for the attributes of Swift 6.0
///   (`swift6Attributes`); otherwise exactly when `X` is a defined flag.
///
/// A malformed condition (or an unknown function, such as `_endian(little)`)
/// gives a located note and its group takes its first branch, which is the
/// likeliest to be the code written for the app's platform. Groups inside a
/// branch that is not taken are skipped without a note, as Swift skips them.
/// Directives are recognized at the start of a line only.
public enum ConditionalCompilation {
    public static let defaultFlags: Set<String> = ["DEBUG"]
    public static let swiftVersion = [6, 0]
    public static let importableModules: Set<String> = ["GRDB", "Foundation", "SQLite3"]
    /// Upcoming features the Swift 6 language mode turns on, and language
    /// features of Swift ≤ 6.0 that code tests with `hasFeature`.
    public static let swift6Features: Set<String> = [
        "BareSlashRegexLiterals", "ConciseMagicFile", "DeprecateApplicationMain", "DisableOutwardActorInference",
        "DynamicActorIsolation", "ForwardTrailingClosures", "GlobalActorIsolatedTypesUsability", "GlobalConcurrency",
        "ImplicitOpenExistentials", "ImportObjcForwardDeclarations", "InferSendableFromCaptures",
        "IsolatedDefaultValues", "NonfrozenEnumExhaustivity", "RegionBasedIsolation", "StrictConcurrency",
        "BitwiseCopyable", "IsolatedAny", "NoncopyableGenerics", "RetroactiveAttribute", "SendingArgsAndResults",
        "TypedThrows",
    ]
    /// Attributes of Swift 6.0, for `#if hasAttribute(retroactive)` and the like.
    public static let swift6Attributes: Set<String> = [
        "attached", "autoclosure", "available", "backDeployed", "convention", "discardableResult",
        "dynamicCallable", "dynamicMemberLookup", "escaping", "freestanding", "frozen", "globalActor", "inlinable",
        "inline", "main", "MainActor", "nonobjc", "objc", "objcMembers", "preconcurrency", "propertyWrapper",
        "resultBuilder", "retroactive", "Sendable", "testable", "unchecked", "unknown", "usableFromInline",
        "warn_unqualified_access",
    ]

    /// The tokens Swift would compile with `flags` defined (the directives
    /// removed, the `.endOfInput` token kept), and the notes, by position.
    ///
    /// - Parameter source: the text `tokens` were lexed from, to quote
    ///   conditions as written and read versions exactly (`5.10` is not `5.1`).
    public static func resolve(_ tokens: [Token], source: String, flags: Set<String> = defaultFlags) -> (
        tokens: [Token], notes: [ConditionalNote]
    ) {
        guard tokens.contains(where: { $0.isPunctuation(.hash) }) else { return (tokens, []) }
        let bytes = Array(source.utf8)
        // The stage relies on the lexer's final `.endOfInput` token.
        guard tokens.last?.isEndOfInput != true else {
            var resolver = Resolver(tokens: tokens, bytes: bytes, flags: flags)
            return resolver.run()
        }
        let end = Token(
            kind: .endOfInput, range: .at(bytes.count), precededByNewline: true, precededBySpace: true)
        var resolver = Resolver(tokens: tokens + [end], bytes: bytes, flags: flags)
        let (resolved, notes) = resolver.run()
        return (Array(resolved.dropLast()), notes)
    }
}

// MARK: - Directives and groups

private struct Directive {
    enum Kind: String {
        case `if`, elseif, `else`, endif
    }

    var kind: Kind
    /// Token index of the `#`.
    var start: Int
    /// Token index just after the directive (and its condition).
    var end: Int
    /// `#if` and `#elseif` only.
    var condition: Result<Condition, ConditionError>?
    /// The condition as written, whitespace normalized.
    var conditionText: String
    /// From `#` to the end of the condition.
    var range: SourceRange

    /// `#if DEBUG`, `#else`.
    var spelling: String { conditionText.isEmpty ? "#\(kind.rawValue)" : "#\(kind.rawValue) \(conditionText)" }
}

private struct Group {
    struct Clause {
        var directive: Directive
        var bodyEnd: Int
        /// A clause after `#else` is never taken.
        var followsElse: Bool
    }

    var clauses: [Clause]
    var hasElse = false
    var endif: Directive?
    /// The group and clause holding this group, if nested.
    var parent: (group: Int, clause: Int)?
}

private struct Resolver {
    let tokens: [Token]
    let bytes: [UInt8]
    let flags: Set<String>
    var notes: [ConditionalNote] = []

    init(tokens: [Token], bytes: [UInt8], flags: Set<String>) {
        self.tokens = tokens
        self.bytes = bytes
        self.flags = flags
    }

    mutating func run() -> (tokens: [Token], notes: [ConditionalNote]) {
        let directives = findDirectives()
        guard !directives.isEmpty else { return (tokens, []) }
        let groups = makeGroups(directives)
        var keeps = [Bool](repeating: true, count: tokens.count)
        for directive in directives {
            for index in directive.start..<directive.end { keeps[index] = false }
        }
        for (group, outcome) in zip(groups, takenClauses(groups)) {
            // A group in a branch not taken is already dropped with that branch.
            guard outcome.isActive else { continue }
            for (index, clause) in group.clauses.enumerated() where index != outcome.taken {
                for tokenIndex in clause.directive.end..<clause.bodyEnd { keeps[tokenIndex] = false }
            }
        }
        for group in groups where group.endif == nil {
            let opening = group.clauses[0].directive
            notes.append(ConditionalNote("\(opening.spelling) has no #endif", at: opening.range))
        }
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        for (token, keep) in zip(tokens, keeps) where keep || token.isEndOfInput { result.append(token) }
        // By position; notes at the same place keep the order they were made in.
        let ordered = notes.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }
        return (result, ordered.map(\.element))
    }

    // MARK: Finding directives

    private mutating func findDirectives() -> [Directive] {
        var directives: [Directive] = []
        var index = 0
        while index < tokens.count {
            if let kind = directiveKind(at: index) {
                let directive = readDirective(kind, at: index)
                directives.append(directive)
                index = directive.end
            } else {
                index += 1
            }
        }
        return directives
    }

    private func directiveKind(at index: Int) -> Directive.Kind? {
        guard tokens[index].isPunctuation(.hash), index == 0 || tokens[index].precededByNewline,
            index + 1 < tokens.count, !tokens[index + 1].precededBySpace,
            case .identifier(let name, false) = tokens[index + 1].kind
        else { return nil }
        return Directive.Kind(rawValue: name)
    }

    /// The first token index at or after `index` that starts a line (or the end of input).
    private func lineEnd(from index: Int) -> Int {
        var index = index
        while index < tokens.count - 1, !tokens[index].precededByNewline { index += 1 }
        return min(index, tokens.count - 1)
    }

    private mutating func readDirective(_ kind: Directive.Kind, at start: Int) -> Directive {
        let keyword = start + 1
        let directiveRange = tokens[start].range.union(tokens[keyword].range)
        guard kind == .if || kind == .elseif else {
            let end = lineEnd(from: keyword + 1)
            if end > keyword + 1 {
                let extra = tokens[keyword + 1].range.union(tokens[end - 1].range)
                notes.append(ConditionalNote("extra tokens after #\(kind.rawValue) are ignored", at: extra))
            }
            return Directive(
                kind: kind, start: start, end: end, condition: nil, conditionText: "", range: directiveRange)
        }
        var parser = ConditionParser(tokens: tokens, bytes: bytes, position: keyword + 1)
        let condition: Result<Condition, ConditionError>
        let end: Int
        if parser.position >= tokens.count - 1 || tokens[parser.position].precededByNewline {
            condition = .failure(
                ConditionError(
                    "expected a condition after #\(kind.rawValue)", at: .at(tokens[keyword].range.upperBound)))
            end = lineEnd(from: keyword + 1)
        } else {
            do throws(ConditionError) {
                let parsed = try parser.parseCondition()
                if parser.position < tokens.count - 1, !tokens[parser.position].precededByNewline {
                    let token = tokens[parser.position]
                    throw ConditionError(
                        "expected `&&`, `||` or the end of the line, found \(token.quotedDescription)",
                        at: token.range)
                }
                condition = .success(parsed)
                end = parser.position
            } catch {
                // Where a broken condition ends is a guess: its line is the likeliest.
                condition = .failure(error)
                end = lineEnd(from: keyword + 1)
            }
        }
        let conditionTokens = (keyword + 1)..<end
        let range = conditionTokens.isEmpty ? directiveRange : directiveRange.union(tokens[end - 1].range)
        return Directive(
            kind: kind, start: start, end: end, condition: condition, conditionText: text(of: conditionTokens),
            range: range)
    }

    /// The tokens as written, separated by one space where the source had any whitespace.
    private func text(of indices: Range<Int>) -> String {
        var text = ""
        for index in indices {
            let token = tokens[index]
            if index > indices.lowerBound, token.precededBySpace { text += " " }
            text += sourceText(token.range, in: bytes)
        }
        return text
    }

    // MARK: Groups

    private mutating func makeGroups(_ directives: [Directive]) -> [Group] {
        var groups: [Group] = []
        var open: [Int] = []
        for directive in directives {
            switch directive.kind {
            case .if:
                let parent = open.last.map { (group: $0, clause: groups[$0].clauses.count - 1) }
                groups.append(
                    Group(
                        clauses: [Group.Clause(directive: directive, bodyEnd: directive.end, followsElse: false)],
                        endif: nil, parent: parent))
                open.append(groups.count - 1)
            case .elseif, .else:
                guard let current = open.last else {
                    notes.append(
                        ConditionalNote("#\(directive.kind.rawValue) without #if is ignored", at: directive.range))
                    continue
                }
                groups[current].clauses[groups[current].clauses.count - 1].bodyEnd = directive.start
                let followsElse = groups[current].hasElse
                if directive.kind == .else { groups[current].hasElse = true }
                if followsElse {
                    notes.append(
                        ConditionalNote(
                            "#\(directive.kind.rawValue) after #else: its branch is never taken", at: directive.range))
                }
                groups[current].clauses.append(
                    Group.Clause(directive: directive, bodyEnd: directive.end, followsElse: followsElse))
            case .endif:
                guard let current = open.popLast() else {
                    notes.append(ConditionalNote("#endif without #if is ignored", at: directive.range))
                    continue
                }
                groups[current].clauses[groups[current].clauses.count - 1].bodyEnd = directive.start
                groups[current].endif = directive
            }
        }
        for current in open {
            groups[current].clauses[groups[current].clauses.count - 1].bodyEnd = tokens.count - 1
        }
        return groups
    }

    /// For each group, whether it lies in branches that are taken, and if so
    /// the index of the clause it takes (nil for none).
    private mutating func takenClauses(_ groups: [Group]) -> [(isActive: Bool, taken: Int?)] {
        var outcomes: [(isActive: Bool, taken: Int?)] = []
        for group in groups {
            let isActive =
                group.parent.map { outcomes[$0.group].isActive && outcomes[$0.group].taken == $0.clause } ?? true
            outcomes.append((isActive, isActive ? takenClause(group) : nil))
        }
        return outcomes
    }

    /// Evaluates the conditions of an active group and notes the outcome.
    private mutating func takenClause(_ group: Group) -> Int? {
        let opening = group.clauses[0].directive
        let groupEnd = group.endif?.end ?? group.clauses[group.clauses.count - 1].bodyEnd
        let lastToken = tokens[max(opening.start, groupEnd - 1)]
        let groupRange = opening.range.union(lastToken.range)
        let prefix = "\(opening.spelling): "
        for clause in group.clauses {
            if case .failure(let error) = clause.directive.condition {
                let which = clause.directive.kind == .if ? "" : " (in #elseif)"
                notes.append(
                    ConditionalNote(
                        prefix + "took the first branch (malformed condition\(which): \(error.message))",
                        at: error.range, groupRange: groupRange))
                return 0
            }
        }
        var reasons = Reasons()
        var taken: Int?
        for (index, clause) in group.clauses.enumerated() where !clause.followsElse {
            guard case .success(let condition) = clause.directive.condition else {
                taken = index  // `#else`
                break
            }
            if evaluate(condition, reasons: &reasons) {
                taken = index
                break
            }
        }
        let outcome: String
        switch taken.map({ group.clauses[$0].directive }) {
        case nil: outcome = "took no branch"
        case let directive? where directive.kind == .if: outcome = "took the first branch"
        case let directive?: outcome = "took \(directive.spelling)"
        }
        let because = reasons.list.isEmpty ? "" : " (\(reasons.list.joined(separator: ", ")))"
        notes.append(ConditionalNote(prefix + outcome + because, at: opening.range, groupRange: groupRange))
        return taken
    }

    // MARK: Evaluation

    private func evaluate(_ condition: Condition, reasons: inout Reasons) -> Bool {
        switch condition {
        case .literal(let value):
            return value
        case .flag(let name):
            let isDefined = flags.contains(name)
            reasons.add("\(name) is \(isDefined ? "defined" : "not defined")")
            return isDefined
        case .not(let operand):
            return !evaluate(operand, reasons: &reasons)
        case .all(let operands):
            // Every operand is explained (no short circuit): all are part of the condition.
            return operands.map { evaluate($0, reasons: &reasons) }.allSatisfy { $0 }
        case .any(let operands):
            return operands.map { evaluate($0, reasons: &reasons) }.contains(true)
        case .platform(let function, let argument, let text):
            let value: Bool
            switch function {
            case .canImport: value = ConditionalCompilation.importableModules.contains(argument)
            case .hasFeature: value = ConditionalCompilation.swift6Features.contains(argument)
            case .hasAttribute: value = ConditionalCompilation.swift6Attributes.contains(argument)
            case .os, .arch, .targetEnvironment: value = false
            }
            let result = value || flags.contains(argument)
            reasons.add("\(text) is \(result)")
            return result
        case .version(let function, let isAtLeast, let version, let text):
            let current = ConditionalCompilation.swiftVersion
            let isCurrentAtLeast = !current.lexicographicallyPrecedes(version, padding: 0)
            let result = isAtLeast ? isCurrentAtLeast : !isCurrentAtLeast
            let name = function == "swift" ? "Swift" : "compiler"
            reasons.add("\(text) is \(result) for \(name) \(current.map(String.init).joined(separator: "."))")
            return result
        }
    }
}

/// The reasons of a note, each once, in order.
private struct Reasons {
    private(set) var list: [String] = []
    private var seen: Set<String> = []
    mutating func add(_ reason: String) {
        if seen.insert(reason).inserted { list.append(reason) }
    }
}

extension Array where Element == Int {
    /// Compares versions component by component, missing components being `padding` (6 == 6.0).
    fileprivate func lexicographicallyPrecedes(_ other: [Int], padding: Int) -> Bool {
        for index in 0..<Swift.max(count, other.count) {
            let lhs = index < count ? self[index] : padding
            let rhs = index < other.count ? other[index] : padding
            if lhs != rhs { return lhs < rhs }
        }
        return false
    }
}

private func sourceText(_ range: SourceRange, in bytes: [UInt8]) -> String {
    let lower = min(max(0, range.lowerBound), bytes.count)
    let upper = min(max(lower, range.upperBound), bytes.count)
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
}

// MARK: - Conditions

private indirect enum Condition {
    enum PlatformFunction: String, CaseIterable {
        case os, arch, targetEnvironment, canImport, hasFeature, hasAttribute
    }

    case literal(Bool)
    case flag(String)
    case not(Condition)
    /// `a && b && c`: flat, so that a long chain does not nest (and recurse) deeply.
    case all([Condition])
    /// `a || b || c`.
    case any([Condition])
    /// `os(iOS)`: the function, its argument, and how it reads.
    case platform(PlatformFunction, argument: String, text: String)
    /// `swift(>=5.9)`: `isAtLeast` for `>=`, false for `<`.
    case version(function: String, isAtLeast: Bool, version: [Int], text: String)
}

private struct ConditionError: Error {
    var message: String
    var range: SourceRange
    init(_ message: String, at range: SourceRange) {
        self.message = message
        self.range = range
    }
}

/// Recursive descent over the tokens of one condition. Outside parentheses the
/// condition ends with its line, except after `&&`, `||` and `!`.
private struct ConditionParser {
    let tokens: [Token]
    let bytes: [UInt8]
    var position: Int
    /// Open parentheses and `!`s, limited like the parser's nesting.
    private var depth = 0

    init(tokens: [Token], bytes: [UInt8], position: Int) {
        self.tokens = tokens
        self.bytes = bytes
        self.position = position
    }

    private var current: Token { tokens[min(position, tokens.count - 1)] }

    /// Whether the current token continues the condition on this line (or inside parentheses).
    private var continuesCondition: Bool {
        position < tokens.count - 1 && (depth > 0 || !current.precededByNewline)
    }

    mutating func parseCondition() throws(ConditionError) -> Condition {
        var operands = [try parseConjunction()]
        while continuesCondition, current.isOperator(.or) {
            position += 1
            operands.append(try parseConjunction())
        }
        return operands.count == 1 ? operands[0] : .any(operands)
    }

    private mutating func parseConjunction() throws(ConditionError) -> Condition {
        var operands = [try parsePrefix()]
        while continuesCondition, current.isOperator(.and) {
            position += 1
            operands.append(try parsePrefix())
        }
        return operands.count == 1 ? operands[0] : .all(operands)
    }

    private mutating func parsePrefix() throws(ConditionError) -> Condition {
        guard current.isOperator(.bang) else { return try parsePrimary() }
        try enter()
        position += 1
        let operand = try parsePrefix()
        depth -= 1
        return .not(operand)
    }

    private mutating func enter() throws(ConditionError) {
        depth += 1
        if depth > Parser.nestingLimit {
            throw ConditionError("condition nested too deep (limit \(Parser.nestingLimit))", at: current.range)
        }
    }

    private mutating func parsePrimary() throws(ConditionError) -> Condition {
        let token = current
        if token.isPunctuation(.leftParen) {
            try enter()
            position += 1
            let condition = try parseCondition()
            try expect(.rightParen, "to close `(`")
            depth -= 1
            return condition
        }
        guard position < tokens.count - 1, case .identifier(let name, let isQuoted) = token.kind else {
            throw ConditionError("expected a condition, found \(token.quotedDescription)", at: token.range)
        }
        position += 1
        if !isQuoted, name == "true" || name == "false" { return .literal(name == "true") }
        guard current.isPunctuation(.leftParen), !current.precededByNewline else { return .flag(name) }
        position += 1
        let condition: Condition
        if let function = Condition.PlatformFunction(rawValue: name) {
            let argument = try parseArgument(of: function)
            condition = .platform(function, argument: argument, text: "\(name)(\(argument))")
        } else if name == "swift" || name == "compiler" {
            condition = try parseVersionCondition(name)
        } else {
            let known = Condition.PlatformFunction.allCases.map(\.rawValue) + ["swift", "compiler"]
            throw ConditionError(
                "unknown condition `\(name)(…)`; arbor knows \(known.joined(separator: ", "))",
                at: token.range)
        }
        try expect(.rightParen, "after the argument of `\(name)`")
        return condition
    }

    /// `iOS` in `os(iOS)`; `A.B` and a `_version:` argument in `canImport`.
    private mutating func parseArgument(of function: Condition.PlatformFunction) throws(ConditionError) -> String {
        guard let first = current.identifierName, position < tokens.count - 1 else {
            throw ConditionError(
                "`\(function.rawValue)` takes a name, found \(current.quotedDescription)", at: current.range)
        }
        position += 1
        var argument = first
        guard function == .canImport else { return argument }
        while current.isPunctuation(.dot), position + 1 < tokens.count - 1,
            let component = tokens[position + 1].identifierName
        {
            argument += "." + component
            position += 2
        }
        if current.isPunctuation(.comma) {
            // `canImport(M, _version: 1.2)`: the version of a module arbor does not have.
            position += 1
            guard let label = current.identifierName, label == "_version" || label == "_underlyingVersion",
                tokens[position + 1].isPunctuation(.colon)
            else {
                throw ConditionError(
                    "expected `_version:` after `canImport(\(argument),`", at: current.range)
            }
            position += 2
            _ = try parseVersion()
        }
        return argument
    }

    private mutating func parseVersionCondition(_ name: String) throws(ConditionError) -> Condition {
        let isAtLeast: Bool
        if current.isOperator(.greaterOrEqual) {
            isAtLeast = true
        } else if current.isOperator(.less) {
            isAtLeast = false
        } else {
            throw ConditionError(
                "`\(name)` takes `>=` or `<` and a version, as in \(name)(>=6.0), found \(current.quotedDescription)",
                at: current.range)
        }
        let operatorText = isAtLeast ? ">=" : "<"
        position += 1
        let (version, text) = try parseVersion()
        return .version(
            function: name, isAtLeast: isAtLeast, version: version, text: "\(name)(\(operatorText)\(text))")
    }

    /// `6`, `5.9`, `5.10.1`: numbers and dots with no space between them.
    private mutating func parseVersion() throws(ConditionError) -> (version: [Int], text: String) {
        let start = current
        guard position < tokens.count - 1, start.isVersionPart else {
            throw ConditionError("expected a version such as 6.0, found \(start.quotedDescription)", at: start.range)
        }
        var end = start
        position += 1
        while position < tokens.count - 1, current.isVersionPart, !current.precededBySpace {
            end = current
            position += 1
        }
        let range = start.range.union(end.range)
        let text = sourceText(range, in: bytes)
        var version: [Int] = []
        for component in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard let number = Int(component), number >= 0 else {
                throw ConditionError("`\(text)` is not a version such as 6.0", at: range)
            }
            version.append(number)
        }
        return (version, text)
    }

    private mutating func expect(_ punctuation: Token.Punctuation, _ purpose: String) throws(ConditionError) {
        guard position < tokens.count - 1, current.isPunctuation(punctuation) else {
            throw ConditionError(
                "expected `\(punctuation.rawValue)` \(purpose), found \(current.quotedDescription)", at: current.range)
        }
        position += 1
    }
}

extension Token {
    fileprivate var isVersionPart: Bool {
        switch kind {
        case .integer, .double, .punctuation(.dot): true
        default: false
        }
    }
}
